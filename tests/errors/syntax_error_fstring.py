name = "x"
print(f"{name!z}")
