# A generator object's type and repr.
def g():
    yield 1
it = g()
print(type(it).__name__, repr(it).startswith("<generator object g at 0x"), iter(it) is it)
class K:
    def items(self):
        yield from (1, 2)
print(repr(K().items()).startswith("<generator object K.items at"), list(K().items()))
