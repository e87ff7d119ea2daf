# np.einsum takes optimize= (a strategy or an einsum_path path).
import numpy as np
a = np.arange(8.).reshape(2, 2, 2)
print(np.einsum("ijk,ilm->", a, a, optimize="greedy"), np.einsum("ij,jk", a[0], a[1], optimize=True))
path = np.einsum_path("ijk,ilm->", a, a, optimize="greedy")[0]
print(np.einsum("ijk,ilm->", a, a, optimize=path))
