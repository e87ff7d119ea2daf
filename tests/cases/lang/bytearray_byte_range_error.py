buf = bytearray(b"ab")
buf[0] = 255
print(buf)
buf[1] = 256
