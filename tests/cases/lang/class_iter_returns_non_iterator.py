# __iter__ must return an iterator.
class Bad:
    def __iter__(self):
        return 5
print("start")
for x in Bad():
    print(x)
