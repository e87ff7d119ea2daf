while False:
    def f():
        continue
