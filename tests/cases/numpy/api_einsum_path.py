# np.einsum_path: NumPy's contraction order ('greedy', 'optimal', False, an
# explicit path, a memory limit) and its printed report, for the common
# contractions, the interleaved operand form, and NumPy's errors.
import numpy as np
a = np.ones((2, 3)); b = np.ones((3, 4)); c = np.ones((4, 5)); d = np.ones((5, 2))
for opt in ["greedy", "optimal", True, False, None]:
    path, text = np.einsum_path("ij,jk,kl->il", a, b, c, optimize=opt)
    print(path)
    print(text)
cases = [
    ("ij,jk->ik", (a, b)),
    ("ij,jk", (a, b)),
    ("ii", (np.ones((3, 3)),)),
    ("ii->i", (np.ones((3, 3)),)),
    ("ij->ji", (a,)),
    ("i,i", (np.ones(4), np.ones(4))),
    ("i,j->ij", (np.ones(3), np.ones(4))),
    ("ij,jk,kl,li->", (a, b, c, d)),
    ("ij,jk,kl,lm->im", (a, b, c, np.ones((5, 6)))),
    ("ea,fb,abcd,gc,hd->efgh", (np.ones((10, 5)), np.ones((10, 5)), np.ones((5, 5, 5, 5)), np.ones((10, 5)), np.ones((10, 5)))),
    ("bdik,acaj,ikab,ajac,ikbd->", (np.ones((2, 3, 4, 5)), np.ones((6, 7, 6, 8)), np.ones((4, 5, 6, 2)), np.ones((6, 8, 6, 7)), np.ones((4, 5, 2, 3)))),
    ("ij,ij,ij->", (a, a, a)),
    ("i,i,i->i", (np.ones(3), np.ones(3), np.ones(3))),
    ("abc,bcd,cde,def->af", (np.ones((2, 3, 4)), np.ones((3, 4, 5)), np.ones((4, 5, 6)), np.ones((5, 6, 7)))),
]
for subs, ops in cases:
    for opt in ["greedy", "optimal"]:
        path, text = np.einsum_path(subs, *ops, optimize=opt)
        print(subs, opt, path)
        print(text)
print(np.einsum_path("ij,jk,kl->il", a, b, c, optimize=["einsum_path", (0, 1), (0, 1)])[0])
print(np.einsum_path("ij,jk,kl->il", a, b, c, optimize=["einsum_path", (0, 2), (0, 1)])[1])
print(np.einsum_path("ij,jk,kl->il", a, b, c, optimize=["einsum_path", (0, 0), (0, 1)])[1])
print(np.einsum_path("ij,jk,kl->il", a, b, c, optimize=("greedy", 10))[0])
print(np.einsum_path("ij,jk,kl->il", a, b, c, optimize=("optimal", 12))[0])
print(np.einsum_path(a, [0, 1], b, [1, 2], c, [2, 3], [0, 3])[0])
print(np.einsum_path(a, [0, 1], b, [1, 2])[1])
print(np.einsum_path("ij,jk,kl->il", [[1, 2]], [[1], [2]], [[3]])[0])
for bad in [lambda: np.einsum_path("ij,jk->ik", a),
            lambda: np.einsum_path("ij,jk->ik", a, c),
            lambda: np.einsum_path("ijk,jk->ik", a, b),
            lambda: np.einsum_path("ij,jk->iik", a, b),
            lambda: np.einsum_path("ij,jk->iz", a, b),
            lambda: np.einsum_path("ij->j->i", a),
            lambda: np.einsum_path("i$", a),
            lambda: np.einsum_path("ij,jk,kl->il", a, b, c, optimize="fast"),
            lambda: np.einsum_path("ij,jk,kl->il", a, b, c, optimize=["einsum_path", (0, 1)]),
            lambda: np.einsum_path("ij,jk,kl->il", a, b, c, optimize=3),
            lambda: np.einsum_path("ij,jk,kl->il", a, b, c, optimize=["einsum_path", (0, 5)]),
            lambda: np.einsum_path("ij,jk,kl->il", a, b, c, optimize=["einsum_path", (2, 2), (0, 1)]),
            lambda: np.einsum_path()]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
