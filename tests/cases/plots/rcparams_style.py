# rcParams and styles as tutorials set them: figure size, line width,
# grid and font size for new figures; plt.style.use and plt.rc.
import matplotlib
import matplotlib.pyplot as plt
print(plt.rcParams['figure.figsize'], matplotlib.rcParams['font.size'], plt.rcParams['lines.linewidth'], plt.rcParams['axes.grid'])
plt.rcParams['figure.figsize'] = (8, 3)
plt.rcParams.update({'lines.linewidth': 2.5, 'axes.grid': True, 'font.size': 12})
fig, ax = plt.subplots()
print(fig)
ax.plot([1, 2, 3], [1, 4, 9])
print(ax.get_xticks())
fig.savefig('_xpush_tmp_rcparams_style.png')
plt.style.use('ggplot')
print(plt.rcParams['axes.grid'])
fig2 = plt.figure()
print(fig2)
plt.style.use('seaborn-v0_8')
print(plt.figure(), plt.rcParams['lines.linewidth'])
plt.style.use('default')
print(plt.figure(), plt.rcParams['figure.figsize'])
plt.rc('lines', linewidth=3)
print(plt.rcParams['lines.linewidth'])
print('ggplot' in plt.style.available)
try:
    plt.style.use('nope')
except OSError as e:
    print('OSError:', e)
