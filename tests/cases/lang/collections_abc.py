# collections.abc: isinstance asks what a value does (builtins as CPython
# registers them, user objects by the methods their class defines);
# calling an abstract type is CPython's TypeError.
import collections
import collections.abc
from collections.abc import Iterable, Sequence, Mapping, Callable, Hashable, Iterator, Sized

class Bag:
    def __init__(self):
        self.items = [1, 2]
    def __iter__(self):
        return iter(self.items)
    def __len__(self):
        return 2

class Counter:
    def __iter__(self):
        return self
    def __next__(self):
        raise StopIteration

class NoHash:
    __hash__ = None

values = [[1], (1,), 'ab', b'x', {1: 2}, {1}, frozenset(), range(2),
          iter([1]), (x for x in []), map(str, [1]), 3, 2.5, None, len, Bag(), Counter(), NoHash(),
          collections.deque([1]), collections.Counter('ab'), {}.keys(), {}.values(), bytearray(b'a'),
          lambda x: x]
names = ['Iterable', 'Iterator', 'Generator', 'Reversible', 'Sized', 'Container', 'Collection',
         'Sequence', 'MutableSequence', 'Mapping', 'MutableMapping', 'Set', 'MutableSet',
         'Callable', 'Hashable']
for v in values:
    row = ''.join('1' if isinstance(v, getattr(collections.abc, n)) else '0' for n in names)
    print(f'{type(v).__name__:>16} {row}')
print(collections.abc.Sequence.__name__, isinstance([], (Mapping, Sequence)), issubclass(list, object))
try:
    Iterable()
except TypeError as e:
    print('TypeError:', e)
try:
    Sequence()
except TypeError as e:
    print('TypeError:', e)
