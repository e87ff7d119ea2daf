# Reductions with initial=, where= and (for mean, var, std) dtype=, as
# NumPy's ufunc.reduce and _methods.py compute them.
import numpy as np

a = np.array([[1, 2], [3, 4]], dtype=np.uint8)
f = np.array([[1.5, np.nan], [3.0, -2.0]])
cases = [
    ('np.sum(a, initial=-1)', lambda: np.sum(a, initial=-1)),
    ('np.sum(a, initial=1.5)', lambda: np.sum(a, initial=1.5)),
    ('np.sum(a, axis=0, initial=10)', lambda: np.sum(a, axis=0, initial=10)),
    ('np.max(a, initial=7)', lambda: np.max(a, initial=7)),
    ('np.max(np.zeros((0,)), initial=3)', lambda: np.max(np.zeros((0,)), initial=3)),
    ('np.max(np.zeros((2,0)), axis=1, initial=-1.5)', lambda: np.max(np.zeros((2,0)), axis=1, initial=-1.5)),
    ('np.min(a, axis=1, initial=2**70)', lambda: np.min(a, axis=1, initial=2**70)),
    ('np.prod(a, initial=0.5)', lambda: np.prod(a, initial=0.5)),
    ('np.sum(a, where=np.array([[True,False],[False,True]]))', lambda: np.sum(a, where=np.array([[True,False],[False,True]]))),
    ('np.max(a, where=np.array([True,False]))', lambda: np.max(a, where=np.array([True,False]))),
    ('np.max(a, where=np.array([True,False]), initial=0)', lambda: np.max(a, where=np.array([True,False]), initial=0)),
    ('np.mean(a, where=np.array([[True,False],[False,True]]))', lambda: np.mean(a, where=np.array([[True,False],[False,True]]))),
    ('np.mean(a, axis=0, where=np.array([[True,False],[False,False]]))', lambda: np.mean(a, axis=0, where=np.array([[True,False],[False,False]]))),
    ('np.std(f, where=np.array([True,False]))', lambda: np.std(f, where=np.array([True,False]))),
    ('np.var(a, axis=1, where=np.array([True,True]))', lambda: np.var(a, axis=1, where=np.array([True,True]))),
    ('np.any(a, where=np.array([False,False]))', lambda: np.any(a, where=np.array([False,False]))),
    ('np.all(f, where=np.array([False,True]))', lambda: np.all(f, where=np.array([False,True]))),
    ('np.mean(a, dtype=np.uint8)', lambda: np.mean(a, dtype=np.uint8)),
    ('np.mean(np.array([[-3]]), dtype=np.uint8)', lambda: np.mean(np.array([[-3]]), dtype=np.uint8)),
    ('np.std(a, dtype=np.uint8)', lambda: np.std(a, dtype=np.uint8)),
    ('np.var(a, dtype=np.float32)', lambda: np.var(a, dtype=np.float32)),
    ('np.mean(a, dtype=np.int16)', lambda: np.mean(a, dtype=np.int16)),
    ('np.sum(a, dtype=np.int8, initial=300)', lambda: np.sum(a, dtype=np.int8, initial=300)),
    ('np.cumsum(a, dtype=np.float16)', lambda: np.cumsum(a, dtype=np.float16)),
    ('np.sum(f, where=[True, False], initial=1)', lambda: np.sum(f, where=[True, False], initial=1)),
    ('a.sum(initial=5)', lambda: a.sum(initial=5)),
    ('a.max(initial=9, axis=0)', lambda: a.max(initial=9, axis=0)),
    ('np.sum(a, where=True)', lambda: np.sum(a, where=True)),
    ('np.sum(a, keepdims=True, where=np.array([True,False]))', lambda: np.sum(a, keepdims=True, where=np.array([True,False]))),
    ('np.prod(np.zeros((0,)), initial=5)', lambda: np.prod(np.zeros((0,)), initial=5)),
    ('np.min(np.array([3.0, np.nan]), initial=1)', lambda: np.min(np.array([3.0, np.nan]), initial=1)),
    ('np.max(np.array([1,2],np.int8), initial=300)', lambda: np.max(np.array([1,2],np.int8), initial=300)),
    ('np.max(np.array([1,2],np.int8), initial=1.5)', lambda: np.max(np.array([1,2],np.int8), initial=1.5)),
    ('np.std(a, axis=0, dtype=np.uint8)', lambda: np.std(a, axis=0, dtype=np.uint8)),
    ('np.var(a, 0, None, None, 1)', lambda: np.var(a, 0, None, None, 1)),
    ('np.std(np.array([1+2j, 3-1j]), where=np.array([True, True]))', lambda: np.std(np.array([1+2j, 3-1j]), where=np.array([True, True]))),
    ('np.mean(np.array([1,2,3], np.float16), where=np.array([True,False,True]))', lambda: np.mean(np.array([1,2,3], np.float16), where=np.array([True,False,True]))),
    ('np.var(np.array([[1.5, 2.5],[0.5, 4.0]], np.float32), axis=1, keepdims=True, where=np.array([[True,True],[True,False]]))', lambda: np.var(np.array([[1.5, 2.5],[0.5, 4.0]], np.float32), axis=1, keepdims=True, where=np.array([[True,True],[True,False]]))),
    ('a.mean(where=np.array([False, True]))', lambda: a.mean(where=np.array([False, True]))),
    ('np.mean(a, dtype=np.float16)', lambda: np.mean(a, dtype=np.float16)),
    ('np.sum(np.array([1.5, 2.5]), initial=np.float32(1))', lambda: np.sum(np.array([1.5, 2.5]), initial=np.float32(1))),
    ('np.all(np.zeros(3), where=np.zeros(3, bool))', lambda: np.all(np.zeros(3), where=np.zeros(3, bool))),
]
with np.errstate(all="ignore"):
    for label, fn in cases:
        try:
            print(label, "->", repr(fn()))
        except Exception as e:
            print(label, "->", type(e).__name__, e)
