# np.vectorize with object and text otypes (text keeps only its type
# character), inferred str and object results, and text operands.
import numpy as np
def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)
t(lambda: np.vectorize(lambda x: x * 2, otypes=[object])(np.arange(3)))
t(lambda: np.vectorize(lambda x: str(x) * 2, otypes=[str])(np.arange(3)))
t(lambda: np.vectorize(lambda x: str(x) * 2, otypes='U')(np.arange(3)))
t(lambda: np.vectorize(lambda x: [x] * x, otypes='O')(np.arange(3)))
t(lambda: np.vectorize(lambda x: str(x) + '!')(np.arange(3)))
t(lambda: np.vectorize(lambda x: 2 ** (10 * x))(np.arange(3)))
t(lambda: np.vectorize(lambda x: x, otypes=[object]).otypes)
t(lambda: np.vectorize(lambda x: (x, str(x)), otypes=[float, 'U3'])(np.arange(3)))
t(lambda: np.vectorize(lambda x: x, otypes=[None])(np.arange(3)))
t(lambda: np.vectorize(len)(np.array(['a', 'bcd'])))
