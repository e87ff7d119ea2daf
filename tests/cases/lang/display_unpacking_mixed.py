# * and ** unpacking in displays and calls, mixed with plain items.
base = [1, 2]
extra = (3,)
print([0, *base, *extra, 4], (*base, *'xy'), {*base, *extra}, [*{'k': 1}], [*range(0)])
defaults = {'color': 'red', 'size': 1}
custom = {'size': 3}
print({**defaults, **custom}, {**custom, **defaults}, {'a': 0, **{}, 'b': 1})
print(*base, sep=', ')
print(max(*base, *extra), list(zip(*[[1, 2], [3, 4]])))
