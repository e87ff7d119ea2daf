import os
os.makedirs("/tmp", exist_ok=True)
print("fine")
os.makedirs("/tmp")
