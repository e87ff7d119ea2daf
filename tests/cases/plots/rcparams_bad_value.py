# A value matplotlib cannot convert for its rc parameter is a ValueError
# naming the key.
import matplotlib.pyplot as plt
plt.rcParams['lines.linewidth'] = 'x'
