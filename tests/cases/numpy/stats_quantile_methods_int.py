import numpy as np
a = np.array([9, 2, 5, 1, 7, 3])
methods = ['inverted_cdf', 'averaged_inverted_cdf', 'closest_observation', 'interpolated_inverted_cdf', 'hazen', 'weibull', 'linear', 'median_unbiased', 'normal_unbiased', 'lower', 'higher', 'midpoint', 'nearest']
for m in methods:
    r = np.quantile(a, 0.3, method=m)
    print(m, repr(r))
