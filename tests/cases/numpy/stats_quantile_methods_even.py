import numpy as np
a = np.arange(1, 11)
for m in ['inverted_cdf', 'averaged_inverted_cdf', 'closest_observation', 'lower', 'higher', 'nearest', 'midpoint']:
    print(m, np.quantile(a, [0.2, 0.25, 0.5, 0.55, 0.75], method=m))
