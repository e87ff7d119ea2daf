import numpy as np
a = np.array([1.0, 3.5, 2.0, 7.25, 4.0, 10.0, 6.5])
methods = ['inverted_cdf', 'averaged_inverted_cdf', 'closest_observation', 'interpolated_inverted_cdf', 'hazen', 'weibull', 'linear', 'median_unbiased', 'normal_unbiased', 'lower', 'higher', 'midpoint', 'nearest']
for m in methods:
    print(m, np.quantile(a, [0.0, 0.1, 0.25, 0.4, 0.5, 0.9, 1.0], method=m))
