import os
print(type(os.listdir("/")))
os.listdir("/no/such/place")
