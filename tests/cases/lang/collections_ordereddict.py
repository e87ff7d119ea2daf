# OrderedDict: move_to_end, popitem(last=False), order-sensitive ==.
from collections import OrderedDict

od = OrderedDict()
od["b"] = 1
od["a"] = 2
od["c"] = 3
print(od, list(od))
od.move_to_end("b")
print(list(od.items()))
od.move_to_end("c", last=False)
print(od)
print(od.popitem(), od.popitem(last=False), od)
print(OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1))
print(OrderedDict(a=1, b=2) == dict(b=2, a=1))
print(OrderedDict(), OrderedDict.fromkeys("xyz", 0))
print(type(od).__name__, isinstance(od, dict), isinstance({}, OrderedDict))
lru = OrderedDict()
for key in [1, 2, 3, 1, 4, 2, 5]:
    if key in lru:
        lru.move_to_end(key)
    lru[key] = key * key
    if len(lru) > 3:
        lru.popitem(last=False)
print(lru)
for args in [(), ("missing",)]:
    try:
        if args:
            od.move_to_end(*args)
        else:
            OrderedDict().popitem()
    except KeyError as e:
        print("KeyError", e)
