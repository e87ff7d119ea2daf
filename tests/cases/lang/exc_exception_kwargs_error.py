print(ValueError("x"))
ValueError(message="x")
