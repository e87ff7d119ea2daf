print(hash(b"frozen") == hash(b"frozen"))
print({bytearray(b"x"): 1})
