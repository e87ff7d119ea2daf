# Reference lines and bands: they span the axes, and only their own
# coordinate widens the view.
# matplotlib finds an axhline's y through its blended transform and back,
# which moves the limits by an ulp or two (-0.20000000000000012):
# xpush: atol=1e-12
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.axhline(2)
print(ax.get_xlim(), ax.get_ylim())
ax.plot([0, 1, 2, 3], [1, 3, 2, 4])
ax.axhline(0, color='k', linewidth=0.8)
ax.axvline(1.5, ymin=0.1, ymax=0.9, color='r', linestyle='--')
print(ax.get_xlim(), ax.get_ylim())
ax.axhspan(4.5, 5.0, alpha=0.2)
print(ax.get_ylim())
ax.axvspan(-1, -0.5, color='green', alpha=0.3)
print(ax.get_xlim())
plt.axvline(x=5)
print(plt.xlim())
