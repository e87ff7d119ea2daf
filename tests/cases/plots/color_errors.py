# Bad colours and bad legend locations raise matplotlib's errors.
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.plot([1, 2], [3, 4], label='a')
for call in [lambda: ax.plot([1, 2], color='notacolor'),
             lambda: ax.bar([1], [2], color='blurple'),
             lambda: ax.legend(loc='middle'),
             lambda: plt.figure(facecolor='nocolor')]:
    try:
        call()
    except ValueError as e:
        print('ValueError:', e)
fig.savefig('_xpush_tmp_color_errors.png')
