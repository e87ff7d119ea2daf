# Horizontal bars by name, and a stem plot of a short signal.
import numpy as np
import matplotlib.pyplot as plt

fig, (left, right) = plt.subplots(1, 2, figsize=(8, 3))
print(left.barh(['apples', 'pears', 'plums'], [12, 7, 9], color='C2'))
print(left.get_xlim(), left.get_ylim())
print(left.barh([0, 1], [2, 3], left=[1, 1], height=0.5))
print(left.get_xlim())
n = np.arange(8)
print(right.stem(n, np.cos(n)))
print(right.get_xlim(), right.get_ylim())
print(plt.stem([3, 1, 2]))
