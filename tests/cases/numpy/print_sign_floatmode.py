# xpush: skip-device=npu
# np.set_printoptions/array2string sign= and floatmode= (with precision), nanstr=/infstr=, get_printoptions, the options' errors, and format_float_positional/scientific with unique=False and fractional=False.
import numpy as np
f64 = np.array([1.5, -2.25, 0.1, 100.0])
f32 = np.array([1.5, 2.0, 1/3], dtype=np.float32)
f16 = np.array([0.5, 2.0, 1000.0], dtype=np.float16)
c = np.array([1+2j, -3.5-0.25j, 0.1j])
ints = np.array([1, -20, 300])
uints = np.array([1, 20, 200], dtype=np.uint8)
nf = np.array([np.nan, np.inf, -np.inf, 1.0])
big = np.array([1e-5, 1.0, 123456.0])
for sign in ['-', '+', ' ']:
    with np.printoptions(sign=sign):
        print(sign, repr(f64), repr(f32), repr(f16))
        print(repr(c), repr(ints), repr(uints), repr(nf), repr(big))
        print(repr(np.array(1.5)), str(np.array(-1.5)), repr(np.array([2.0, 3.0])), repr(np.array(3)))
        print(np.array([[1.0, 2.0], [3.0, 4.5]]))
for mode in ['fixed', 'unique', 'maxprec', 'maxprec_equal']:
    for p in [0, 2, 4, 8]:
        with np.printoptions(floatmode=mode, precision=p):
            print(mode, p, repr(f64), f32, f16, c, big, nf)
print(np.array2string(f64, sign='+', floatmode='fixed', precision=3))
print(np.array2string(c, sign=' ', floatmode='unique'))
print(np.get_printoptions())
np.set_printoptions(sign='+', floatmode='fixed', nanstr='NaN', infstr='Inf')
print(np.get_printoptions())
print(repr(nf), nf.astype(np.float32), np.array([np.nan]), np.array([np.inf, np.nan], dtype=np.float16))
np.set_printoptions(sign='-', floatmode='maxprec', nanstr='not-a-number', infstr='∞', precision=8)
print(repr(nf), np.array([np.nan, 1.0]), np.array([1+1j, np.nan+np.inf*1j]))
np.set_printoptions(nanstr='nan', infstr='inf')
for args in [dict(sign='x'), dict(floatmode='exact'), dict(sign=1), dict(floatmode=3)]:
    try:
        np.set_printoptions(**args)
    except Exception as e:
        print(type(e).__name__, e)
    try:
        np.array2string(f64, **args)
    except Exception as e:
        print(type(e).__name__, e)
print(np.get_printoptions())
f = np.format_float_positional
print([f(1.5, precision=5, fractional=False, min_digits=4, trim=t) for t in 'k.0-'])
print([f(123.456, precision=2, fractional=False, trim=t) for t in 'k.0-'])
print([f(0.0012345, precision=3, fractional=False, trim=t) for t in 'k.0-'])
print([f(0.0012345, precision=3, fractional=False, unique=False,trim=t) for t in 'k.0-'])
print([f(np.float16(0.3), precision=10, unique=False,trim=t) for t in 'k.0-'])
print([f(0.5, precision=3, unique=False,trim=t, min_digits=2) for t in 'k.0-'])
print([f(0.0, precision=3, unique=False,trim=t) for t in 'k.0-'], [f(0.0, precision=3, fractional=False,trim=t) for t in 'k.0-'])
print([np.format_float_scientific(0.5, precision=3, unique=False,trim=t) for t in 'k.0-'])
print([np.format_float_scientific(np.float32(1.23e24), precision=15, unique=False,trim=t) for t in 'k.0-'])
print([f(1e20, precision=3, fractional=False, trim=t) for t in 'k.0-'], f(1e20, precision=3, fractional=False, unique=False), f(5, precision=3, unique=False, fractional=False))
print(f(np.float32(0.1), precision=12, unique=False), f(2.5, precision=0, unique=False), f(3.5, precision=0, unique=False), f(-0.125, precision=2, unique=False, sign=True, pad_left=4, pad_right=5))
for kw in [dict(precision=0, fractional=False), dict(unique=False), dict(precision=2, min_digits=3)]:
    try: f(1.0, **kw)
    except Exception as e: print(type(e).__name__, e)
