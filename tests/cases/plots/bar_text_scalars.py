# Categories, labels and titles taken from a string array: its elements
# are np.str_, which matplotlib reads as the strs they are.
import numpy as np
import matplotlib.pyplot as plt

names = np.array(['apple', 'kiwi', 'fig'])
fig, ax = plt.subplots()
bars = ax.bar(list(names), [3, 1, 2], color=names[0][:0] + 'C2')
print(bars)
print(ax.get_xlim(), ax.get_xticks())
print(len(ax.set_xticks(range(3), [n.upper() for n in names])))
print(ax.legend([names[0]]))
print(ax.set_title(names[1]))
print(ax.text(0, 1, names[2]))
for i, n in enumerate(names):
    print(ax.annotate(n, (i, 0)))
print(sorted(names, key=str.lower), {n: i for i, n in enumerate(names)})
print(getattr(np, np.str_('pi')), hasattr(np, names[0]))
print('%-6s|' % names[1], names[0].title(), str.upper(names[2]))
print(list(reversed(names[0])), 'apple'.startswith((names[0], 'x')))
