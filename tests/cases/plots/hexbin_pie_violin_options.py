# hexbin coloured by the mean of C in each cell, violins with quantile
# lines, and a pie off the origin (center=), as matplotlib returns them.
import numpy as np
import matplotlib.pyplot as plt

t = np.arange(200.0)
x = np.sin(t * 0.37) * 3
y = np.cos(t * 0.23) * 2
fig, (a1, a2, a3) = plt.subplots(1, 3, figsize=(12, 4))
a1.hexbin(x, y, C=t, reduce_C_function=np.mean, gridsize=8)
a1.hexbin(x, y, C=t, reduce_C_function=np.max, gridsize=8, mincnt=2)
print(a1.get_xlim(), a1.get_ylim())
v = a2.violinplot([np.arange(10.0), np.arange(5.0) * 2], quantiles=[[0.25, 0.75], [0.5]])
print(sorted(v), len(v['bodies']))
print(sorted(plt.violinplot(np.arange(10.0), quantiles=[0.1, 0.9])))
try:
    a2.violinplot([np.arange(10.0), np.arange(5.0)], quantiles=[[0.25]])
except ValueError as e:
    print('ValueError:', e)
w, texts, autos = a3.pie([1, 2, 3], labels=['a', 'b', 'c'], autopct='%1.0f%%', center=(2, 3))
print(texts)
print(autos)
print(a3.get_xlim(), a3.get_ylim())
fig.savefig('_xpush_tmp_hexbin_pie_violin_options.png')
for center in [(1, 2, 3), (1,)]:
    try:
        plt.pie([1, 2], center=center)
    except ValueError as e:
        print('ValueError:', e)
# reduce_C_function gets each cell's C values as a list, as matplotlib passes it.
seen = []
def cell_mean(v):
    seen.append(type(v).__name__)
    return sum(v) / len(v)
a1.hexbin(x, y, C=t, reduce_C_function=cell_mean, gridsize=8)
print(sorted(set(seen)), len(seen) > 10)
