# with on an object without __enter__/__exit__ is a TypeError.
class NotAManager:
    def __enter__(self):
        return self
print("start")
with NotAManager():
    print("never")
