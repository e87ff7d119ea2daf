#!/usr/bin/env python3
"""Writes npu/tests/data/random_cases.txt: the exact values NumPy's legacy
RandomState and default_rng Generator produce for each case of
npu/tests/random_numpy.rs, for several seeds.

One line per case: `seed<TAB>case<TAB>dtype<TAB>shape<TAB>values`, where a
case that makes several calls concatenates their flattened results, floats
are the hex of their IEEE bits and integers are decimal.

Run from the repository root: python3 npu/tests/gen_random.py
"""
import os

import numpy as np

SEEDS = [0, 1, 42, 12345, 2**32 - 1]
P5 = [0.1, 0.2, 0.3, 0.15, 0.25]
P6 = [0.05, 0.3, 0.0, 0.25, 0.1, 0.3]


def shuffled(rs, a, **kw):
    rs.shuffle(a, **kw)
    return a


LEGACY = {
    "rand5": lambda r: [r.rand(5)],
    "rand_scalar": lambda r: [np.asarray(r.rand())],
    "random_sample_2x3": lambda r: [r.random_sample((2, 3))],
    "randn7": lambda r: [r.randn(7)],
    "gauss_interleave": lambda r: [r.randn(3), r.rand(2), r.randn(1), r.standard_normal(2)],
    "randint10": lambda r: [r.randint(10, size=8)],
    "randint_neg": lambda r: [r.randint(-5, 5, size=6)],
    "randint_2_40": lambda r: [r.randint(0, 2**40, size=4)],
    "randint_big": lambda r: [r.randint(-(2**62), 2**62, size=4)],
    "randint_scalar": lambda r: [np.asarray(r.randint(1000))],
    "randint_i32": lambda r: [r.randint(0, 100, size=5, dtype=np.int32)],
    "randint_u8": lambda r: [r.randint(0, 256, size=7, dtype=np.uint8)],
    "randint_u8_small": lambda r: [r.randint(3, 10, size=7, dtype=np.uint8)],
    "randint_i16": lambda r: [r.randint(-3, 3, size=5, dtype=np.int16)],
    "randint_bool": lambda r: [r.randint(0, 2, size=40, dtype=bool)],
    "randint_u64_full": lambda r: [r.randint(0, 2**64, size=3, dtype=np.uint64)],
    "randint_u32_full": lambda r: [r.randint(0, 2**32, size=3, dtype=np.uint32)],
    "uniform": lambda r: [r.uniform(-2.0, 3.0, 5)],
    "normal": lambda r: [r.normal(1.5, 2.0, 5)],
    "choice_int": lambda r: [r.choice(10, 6)],
    "choice_noreplace": lambda r: [r.choice(10, 5, replace=False)],
    "choice_p": lambda r: [r.choice(5, 8, p=P5)],
    "choice_p_noreplace": lambda r: [r.choice(6, 3, replace=False, p=P6)],
    "choice_array": lambda r: [r.choice(np.array([1.5, 2.5, -3.0, 4.25]), (2, 3))],
    "permutation10": lambda r: [r.permutation(10)],
    "permutation_2d": lambda r: [r.permutation(np.arange(12).reshape(4, 3))],
    "shuffle10": lambda r: [shuffled(r, np.arange(10))],
    "exponential": lambda r: [r.exponential(2.0, 5)],
    "poisson_small": lambda r: [r.poisson(3.0, 8)],
    "poisson_large": lambda r: [r.poisson(25.0, 8)],
    "poisson_huge": lambda r: [r.poisson(1e6, 4)],
    "binomial_inv": lambda r: [r.binomial(10, 0.3, 8)],
    "binomial_btpe": lambda r: [r.binomial(100, 0.6, 8)],
    "binomial_btpe_big": lambda r: [r.binomial(100000, 0.4, 6)],
    "binomial_n0": lambda r: [r.binomial(0, 0.5, 3), r.rand(1)],
    "beta_small": lambda r: [r.beta(0.5, 0.7, 5)],
    "beta_large": lambda r: [r.beta(2.0, 3.0, 5)],
    "gamma_small": lambda r: [r.gamma(0.5, 2.0, 5)],
    "gamma_large": lambda r: [r.gamma(3.0, 1.5, 5)],
    "gamma_one": lambda r: [r.gamma(1.0, 1.0, 3)],
    "mixed": lambda r: [r.randn(1), r.gamma(2.5, 1.0, 2), r.randn(2), r.randint(7, size=3), r.normal(0, 1, 1)],
    "normal_many": lambda r: [r.standard_normal(300)],
}

GENERATOR = {
    "random5": lambda g: [g.random(5)],
    "random_2x3": lambda g: [g.random((2, 3))],
    "random_scalar": lambda g: [np.asarray(g.random())],
    "integers10": lambda g: [g.integers(10, size=8)],
    "integers_neg": lambda g: [g.integers(-5, 5, size=6)],
    "integers_2_40": lambda g: [g.integers(0, 2**40, size=4)],
    "integers_big": lambda g: [g.integers(-(2**62), 2**62, size=4)],
    "integers_endpoint": lambda g: [g.integers(0, 10, size=6, endpoint=True)],
    "integers_i32": lambda g: [g.integers(0, 100, size=5, dtype=np.int32)],
    "integers_u8": lambda g: [g.integers(3, 10, size=9, dtype=np.uint8)],
    "integers_i16": lambda g: [g.integers(-300, 300, size=5, dtype=np.int16)],
    "integers_bool": lambda g: [g.integers(0, 2, size=40, dtype=bool)],
    "integers_u64_full": lambda g: [g.integers(0, 2**64, size=3, dtype=np.uint64)],
    "integers_mixed32": lambda g: [g.integers(0, 7, size=3), g.random(1), g.integers(0, 7, size=2)],
    "standard_normal": lambda g: [g.standard_normal(8)],
    "normal_many": lambda g: [g.standard_normal(400)],
    "normal": lambda g: [g.normal(1.5, 2.0, 5)],
    "uniform": lambda g: [g.uniform(-2.0, 3.0, 5)],
    "exponential": lambda g: [g.exponential(2.0, 6)],
    "exponential_many": lambda g: [g.standard_exponential(400)],
    "choice_int": lambda g: [g.choice(10, 6)],
    "choice_noreplace": lambda g: [g.choice(10, 5, replace=False)],
    "choice_noreplace_noshuffle": lambda g: [g.choice(10, 5, replace=False, shuffle=False)],
    "choice_tail": lambda g: [g.choice(20000, 500, replace=False)],
    "choice_p": lambda g: [g.choice(5, 8, p=P5)],
    "choice_p_noreplace": lambda g: [g.choice(6, 3, replace=False, p=P6)],
    "choice_array": lambda g: [g.choice(np.array([1.5, 2.5, -3.0, 4.25]), (2, 3))],
    "permutation10": lambda g: [g.permutation(10)],
    "permutation_2d_axis1": lambda g: [g.permutation(np.arange(12).reshape(3, 4), axis=1)],
    "shuffle10": lambda g: [shuffled(g, np.arange(10))],
    "shuffle_big": lambda g: [shuffled(g, np.arange(70000))[:20]],
}


def fmt(a):
    a = np.asarray(a)
    if a.dtype == np.float64:
        return " ".join(f"{int(x):016x}" for x in a.ravel().view(np.uint64))
    if a.dtype == np.bool_:
        return " ".join(str(int(x)) for x in a.ravel())
    return " ".join(str(int(x)) for x in a.ravel())


def main():
    out = []
    for seed in SEEDS:
        for name, f in LEGACY.items():
            res = f(np.random.RandomState(seed))
            # The module-level functions share the same code path.
            np.random.seed(seed)
            first = res[0]
            dt = str(first.dtype)
            shape = "x".join(str(d) for d in first.shape) or "()"
            vals = " ".join(fmt(r) for r in res)
            out.append(f"{seed}\tlegacy:{name}\t{dt}\t{shape}\t{vals}")
        for name, f in GENERATOR.items():
            res = f(np.random.default_rng(seed))
            first = res[0]
            dt = str(first.dtype)
            shape = "x".join(str(d) for d in first.shape) or "()"
            vals = " ".join(fmt(r) for r in res)
            out.append(f"{seed}\tgen:{name}\t{dt}\t{shape}\t{vals}")
    for seed in SEEDS + [2**100 + 7]:
        st = np.random.SeedSequence(seed).generate_state(8)
        out.append(f"{seed}\tseedseq\tuint32\t8\t{fmt(st)}")
    path = os.path.join(os.path.dirname(__file__), "data", "random_cases.txt")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(f"# generated by npu/tests/gen_random.py with numpy {np.__version__}\n")
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
