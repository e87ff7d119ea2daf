print(b"x".decode("latin-1"))
print(b"x".decode("klingon"))
