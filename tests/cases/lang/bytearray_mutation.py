# A bytearray changes in place: items, slices, append/extend/pop/insert/remove, += and *=.
buf = bytearray(b"hello")
buf[0] = 72
buf[1:3] = b"EY"
buf.append(33)
buf.extend(b"??")
buf.extend([65, 66])
print(buf, len(buf), buf.pop(), buf.pop(0), buf)
buf.insert(1, 45)
buf.remove(63)
del buf[-1]
print(buf, bytes(buf), buf.decode())
alias = buf
alias += b"++"
alias *= 2
print(buf is alias, buf)
buf[::2] = b"\x00" * len(buf[::2])
print(buf, buf.upper(), type(buf.upper()), buf.copy() == buf, buf.copy() is buf)
buf.reverse()
buf.clear()
print(buf, bytearray(b"ab") == b"ab", bytearray(b"ab") + b"cd", b"cd" + bytearray(b"ab"))
