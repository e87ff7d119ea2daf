print(b"caf\xc3\xa9".decode())
print(b"caf\xe9 ok".decode())
