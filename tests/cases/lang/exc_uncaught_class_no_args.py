print("before")
raise NotImplementedError
