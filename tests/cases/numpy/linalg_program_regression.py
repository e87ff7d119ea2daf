# xpush: rtol=1e-8 atol=1e-10
import numpy as np
# Fit a linear model three ways and compare.
rng = np.random.default_rng(0)
X = rng.standard_normal((50, 3))
true = np.array([1.5, -2.0, 0.5])
y = X @ true + 0.01 * rng.standard_normal(50)
coef, res, rank, sv = np.linalg.lstsq(X, y)
print(np.round(coef, 6))
print(rank, res.shape)
normal = np.linalg.solve(X.T @ X, X.T @ y)
print(np.allclose(coef, normal))
pinv = np.linalg.pinv(X) @ y
print(np.allclose(coef, pinv))
q, r = np.linalg.qr(X)
qr_coef = np.linalg.solve(r, q.T @ y)
print(np.allclose(coef, qr_coef))
resid = y - X @ coef
print(np.round(np.linalg.norm(resid) ** 2 - res[0], 8) + 0.0)
print(round(float(np.linalg.cond(X.T @ X)), 4))
