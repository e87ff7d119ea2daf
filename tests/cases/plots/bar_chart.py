# A bar chart by category, with the values on top.
import matplotlib.pyplot as plt

names = ['red', 'green', 'blue']
values = [4, 7, 2]
fig, ax = plt.subplots()
bars = ax.bar(names, values, color='C1')
print(bars)
print(ax.get_xlim(), ax.get_ylim())
for i, v in enumerate(values):
    print(ax.text(i, v + 0.1, str(v), ha='center'))
print(ax.get_xticks())
ax.set_ylim(0, 8)
print(ax.get_yticks())
