# Defaults are evaluated once, when the def runs, as in Python.
def append_to(item, bucket=[]):
    bucket.append(item)
    return bucket
print(append_to(1), append_to(2))
def kw_defaults(*, when=[]):
    when.append(len(when))
    return when
print(kw_defaults(), kw_defaults(), kw_defaults(when=['x']))
counter = 0
def next_id(start=counter + 10):
    return start
counter = 100
print(next_id(), next_id(1))
def show(a, b=2, *args, c=3, **kw):
    return f"a={a} b={b} args={args} c={c} kw={kw}"
print(show(1), show(1, 2, 3, 4, c=5, d=6), show(*[7, 8], **{'c': 9, 'z': 0}))
