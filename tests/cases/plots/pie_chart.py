# A pie chart as tutorials draw it: labels, percentages, a wedge pulled
# out, starting at 12 o'clock.
import matplotlib.pyplot as plt

sizes = [15, 30, 45, 10]
labels = ['Frogs', 'Hogs', 'Dogs', 'Logs']
fig, ax = plt.subplots()
wedges, texts, autotexts = ax.pie(sizes, explode=(0, 0.1, 0, 0), labels=labels,
                                  autopct='%1.1f%%', startangle=90)
print(len(wedges), len(texts), len(autotexts))
for t in texts:
    print(t)
for t in autotexts:
    print(t)
print(ax.get_xlim(), ax.get_ylim())
print(ax.get_xticks(), ax.get_yticks())
ax.set_title('Pets')
fig.savefig('_xpush_tmp_pie_chart.png')

fig2, ax2 = plt.subplots()
w, t = ax2.pie([1, 1, 2], colors=['red', 'green', 'blue'], counterclock=False)
print(t)
w, t, auto = plt.pie([3, 1], labeldistance=None, autopct=lambda p: f'{p:.0f}')
print(len(w), t, auto)
