# xpush: expect-class=FileNotFoundError
def load(path):
    with open(path) as f:
        return f.read()
print(load("/no/such/dir/data.csv"))
