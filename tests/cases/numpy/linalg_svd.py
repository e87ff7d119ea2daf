# xpush: rtol=1e-9 atol=1e-12
import numpy as np
def show(x):
    if np.iscomplexobj(x):
        print(np.round(x.real, 8) + 0.0 + 1j * (np.round(x.imag, 8) + 0.0))
    else:
        print(np.round(x, 8) + 0.0)
a = np.array([[3., 2., 2.], [2., 3., -2.]])
u, s, vh = np.linalg.svd(a)
print(u.shape, s.shape, vh.shape)
show(s)
print(np.allclose(u[:, :2] * s @ vh[:2], a))
u, s, vh = np.linalg.svd(a, full_matrices=False)
print(u.shape, s.shape, vh.shape)
print(np.allclose((u * s) @ vh, a))
show(np.linalg.svd(np.arange(12.).reshape(4, 3), compute_uv=False))
print(np.linalg.svd(np.eye(2, dtype=np.float32), compute_uv=False).dtype)
show(np.linalg.svd(np.array([[1j, 0], [0, 2]]), compute_uv=False))
show(np.linalg.svd(np.ones((2, 2, 3)), compute_uv=False))
