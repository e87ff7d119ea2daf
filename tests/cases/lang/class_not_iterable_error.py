# A class without __iter__ or __getitem__ is not iterable.
class Nothing:
    pass
print("before")
list(Nothing())
