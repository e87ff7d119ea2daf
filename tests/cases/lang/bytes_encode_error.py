print("abc".encode("ascii"))
print("smörgåsbord".encode("ascii"))
