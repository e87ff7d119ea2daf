# xpush: skip-device=npu
# the copy module: shallow and deep copies of containers, instances, arrays; memo, cycles, __copy__/__deepcopy__
import copy
import numpy as np

a = [[1, 2], {'k': [3]}, (4, [5]), 'x']
s = copy.copy(a)
d = copy.deepcopy(a)
print(s == a, s is a, s[0] is a[0], d == a, d[0] is a[0], d[1]['k'] is a[1]['k'], d[2] is a[2], d[2][1] is a[2][1])
t = (1, 'a', (2, 3))
print(copy.deepcopy(t) is t, copy.copy(t) is t, copy.copy(5), copy.deepcopy('s'))
shared = [0]
both = [shared, shared]
db = copy.deepcopy(both)
print(db[0] is db[1], db[0] is shared)
cyc = [1]
cyc.append(cyc)
dc = copy.deepcopy(cyc)
print(dc[1] is dc, dc is not cyc)
dd = {'a': 1, 'b': [1, 2]}
print(copy.copy(dd), copy.copy(dd)['b'] is dd['b'], copy.deepcopy(dd)['b'] is dd['b'])
st = {1, 2, (3, 4)}
print(sorted(copy.copy(st), key=str), copy.deepcopy(frozenset({1})) == frozenset({1}))
ba = bytearray(b'ab')
bc = copy.copy(ba)
bc[0] = 65
print(ba, bc)

class P:
    def __init__(self, x, items):
        self.x = x
        self.items = items
p = P(1, [1, 2])
q = copy.copy(p)
r = copy.deepcopy(p)
print(type(q).__name__, q.x, q.items is p.items, r.items is p.items, r.items == p.items, q is p)

class C:
    def __init__(self):
        self.n = 0
    def __copy__(self):
        c = C()
        c.n = 'shallow'
        return c
    def __deepcopy__(self, memo):
        c = C()
        c.n = ('deep', type(memo).__name__)
        return c
print(copy.copy(C()).n, copy.deepcopy(C()).n, copy.deepcopy([C()])[0].n)

x = np.arange(4.0)
y = copy.copy(x)
z = copy.deepcopy(x)
y[0] = 9
z[1] = 8
print(x, y, z, np.shares_memory(x, y))
o = np.array([[1], [2]], dtype=object)
od = copy.deepcopy(o)
od[0, 0] = 5
print(o, od)
nested = {'arr': x, 'again': x}
nd = copy.deepcopy(nested)
print(nd['arr'] is nd['again'], nd['arr'] is x)
print(copy.deepcopy(np.float32(1.5)), copy.copy(np.int64(3)), copy.copy(np.dtype('f4')))
memo = {}
l = [1]
copy.deepcopy([l], memo)
print(len(memo) > 0, id(l) in memo)
import collections
dq = collections.deque([1, [2]])
print(copy.copy(dq), copy.deepcopy(dq)[1] is dq[1])
od2 = collections.OrderedDict(a=1)
print(copy.copy(od2), copy.deepcopy(collections.Counter('aab')))
dq2 = collections.deque([0])
dq2.append(dq2)
c2 = copy.deepcopy(dq2)
print(c2[1] is c2, len(c2))
deepl = []
cur = deepl
for i in range(3000):
    nxt = []
    cur.append(nxt)
    cur = nxt
try:
    copy.deepcopy(deepl)
except RecursionError as e:
    print('RecursionError')
try:
    copy.deepcopy([1], memo=[])
except Exception as e:
    print(type(e).__name__)
