# rcParams check their values as matplotlib does: numbers, booleans,
# colours and the figure size are converted or refused with its messages,
# and a key that is not an rc parameter is a KeyError.
import matplotlib
import matplotlib.pyplot as plt

plt.rcParams['lines.linewidth'] = '3'
plt.rcParams['axes.grid'] = 'yes'
plt.rcParams['font.size'] = 12
plt.rcParams['figure.figsize'] = (5, 4)
print(plt.rcParams['lines.linewidth'], plt.rcParams['axes.grid'], plt.rcParams['font.size'], plt.rcParams['figure.figsize'])
plt.rcParams['axes.facecolor'] = '#E5E5E5'
print(plt.rcParams['axes.facecolor'])
for key, value in [('lines.linewidth', 'x'), ('lines.linewidth', None), ('axes.grid', 'maybe'),
                   ('axes.grid', 2), ('figure.figsize', (1, 2, 3)), ('figure.figsize', ('a', 'b')),
                   ('font.size', 'large'), ('axes.facecolor', 'nocolor'), ('text.color', 1)]:
    try:
        plt.rcParams[key] = value
    except ValueError as e:
        print('ValueError:', e)
try:
    plt.rcParams['foo'] = 1
except KeyError as e:
    print('KeyError:', e)
try:
    matplotlib.rcParams.update({'figure.dpi': 'high'})
except ValueError as e:
    print('ValueError:', e)
try:
    plt.rc('lines', linewidth='wide')
except ValueError as e:
    print('ValueError:', e)
try:
    plt.rc('nope', x=2)
except KeyError as e:
    print('KeyError:', e)
plt.rc('lines', lw=2)
print(plt.rcParams['lines.linewidth'])
plt.rcdefaults()
print(plt.rcParams['lines.linewidth'], plt.rcParams['axes.facecolor'])
fig, ax = plt.subplots()
print(ax.get_facecolor())
plt.style.use('ggplot')
print(plt.rcParams['axes.facecolor'], plt.rcParams['axes.grid'])
fig, ax = plt.subplots()
print(ax.get_facecolor())
ax.set_facecolor("lightgray")
print(ax.get_facecolor())
plt.style.use('seaborn-v0_8-whitegrid')
print(plt.rcParams['axes.facecolor'], plt.rcParams['grid.color'], plt.rcParams['axes.grid'])
plt.style.use('dark_background')
print(plt.rcParams['figure.facecolor'], plt.rcParams['text.color'])
fig, ax = plt.subplots()
print(ax.get_facecolor())
ax.plot([1, 2], [3, 4])
fig.savefig('_xpush_tmp_rcparams_validation.png')
plt.style.use('default')
print(plt.rcParams['axes.facecolor'])
