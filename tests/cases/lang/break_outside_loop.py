for i in range(2):
    break
print("never")
break
