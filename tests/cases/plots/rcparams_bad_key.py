# A key that is not an rc parameter is a KeyError with matplotlib's message.
import matplotlib.pyplot as plt
plt.rcParams['foo'] = 1
