# xpush: rtol=1e-12 atol=0
import numpy as np
x = (np.arange(200) * 37 % 101) / 7.0 - 3.3
x[::17] = np.nan
print(repr(np.nanvar(x)), repr(np.nanstd(x, ddof=1)))
print(repr(np.nanmedian(x)), repr(np.nanpercentile(x, [3, 50, 97])))
y = np.where(np.isnan(x), 0.5, x)
print(repr(np.median(y)), repr(np.quantile(y, [0.01, 0.33, 0.999], method='median_unbiased')))
h, e = np.histogram(y, bins=13)
print(h, repr(e))
h, e = np.histogram(y, bins='auto')
print(h, len(e))
f = np.array([1.0, 2.0, 4.0, 7.0, 11.0], dtype=np.float32)
print(repr(np.gradient(f, np.array([0.0, 1.0, 1.5, 3.5, 4.0]))))
print(repr(np.gradient(f, 0.3, edge_order=2)))
print(repr(np.convolve(y[:50], y[50:60])))
print(repr(np.cov(y[:10], y[10:20])))
print(repr(np.corrcoef(y[:10], y[10:20])))
print(repr(np.trapezoid(y)))
print(repr(np.nanvar(x.astype(np.float32))))
