# Values written over bars, a few points above each.
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
values = [3, 5, 2]
ax.bar(['a', 'b', 'c'], values, color='C2')
for i, v in enumerate(values):
    label = ax.annotate(str(v), (i, v), textcoords='offset points', xytext=(0, 3), ha='center')
    print(label, repr(label))
print(ax.annotate('best', xy=(1, 5), xytext=(20, -20), textcoords='offset points',
                  arrowprops=dict(arrowstyle='->')))
print(ax.get_xlim(), ax.get_ylim())
