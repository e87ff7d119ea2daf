# {x=} prints the expression and the repr; !r !s !a conversions.
x, s = 3.5, 'text'
print(f"{x=}", f"{s=}", f"{x = }", f"{x=:.2f}", f"{s=!s}", f"{x*2=}")
print(f"{s!r}", f"{s!s}", f"{'é'!a}", f"{[s]!s}", f"{s!r:>10}")
items = [1, 2]
print(f"{len(items)=}", f"{items[0]=}", f"{items=}")
