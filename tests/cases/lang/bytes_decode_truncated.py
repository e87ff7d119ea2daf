print(b"\xe2\x82\xac".decode())
print(b"euro \xe2\x82".decode("utf-8"))
