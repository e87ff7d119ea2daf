# pop with default, popitem takes the last inserted pair.
d = dict(a=1, b=2, c=3)
print(d.pop('a'), d.pop('zz', 'none'), d)
print(d.popitem(), d)
d['x'] = 9
print(d.popitem(), d.popitem(), d)
