# divmod matches // and %.
print(divmod(7, 2), divmod(-7, 2), divmod(7, -2), divmod(-7, -2))
print(divmod(0, 3), divmod(9, 3))
print(divmod(7.5, 2), divmod(-7.5, 2))
print(divmod(2**70, 10**9))
q, r = divmod(100, 7)
print(q, r, q * 7 + r)
print(divmod(True, 1))
