price = 3.5
print(f"{price:.2f}")
print(f"{price:.2x}")
