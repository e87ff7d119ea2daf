try:
    raise ValueError("ok")
except ValueError as e:
    print(e)
raise 42
