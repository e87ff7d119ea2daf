# np.loadtxt's converters (a dict by column, or one callable for all) and
# the examples of its docstring, read from io.StringIO; lists of lines;
# NumPy's messages name the field's column in the line.
import functools
import numpy as np
from io import StringIO

c = StringIO("0 1\n2 3")
print(np.loadtxt(c))
d = StringIO("M 21 72\nF 35 58")
print(np.loadtxt(d, dtype={'names': ('gender', 'age', 'weight'), 'formats': ('S1', 'i4', 'f4')}))
c = StringIO("1,0,2\n3,0,4")
x, y = np.loadtxt(c, delimiter=',', usecols=(0, 2), unpack=True)
print(x, y)
s = StringIO("1.618, 2.296\n3.141, 4.669\n")
conv = {0: lambda s: 2 * float(s), 1: lambda s: -float(s)}
print(np.loadtxt(s, delimiter=",", converters=conv))
s = StringIO("0xDE 0xAD\n0xC0 0xDE")
print(np.loadtxt(s, converters=functools.partial(int, base=16)))
s = StringIO("10.01 31.25-\n19.22 64.31\n17.57- 63.94")
def conv(fld):
    return -float(fld[:-1]) if fld.endswith("-") else float(fld)
print(np.loadtxt(s, converters=conv))
print(np.loadtxt(StringIO("1.0; 2.0\n3.0; 4.0"), delimiter=";", converters=float))
print(np.loadtxt(StringIO('10.5, 19.2, 13.3\n-1.0, 7.4, 8.0'), delimiter=','))
print(np.loadtxt(["1 2", "3 4"]), np.loadtxt(("5,6\n", "7,8\n"), delimiter=','))

csv = "name,score,pct,when\nann,3.5,10%,2020-01-02\nbob,,25%,2020-02-03\ncy,7,N/A,2020-03-04\n"
pct = lambda s: float(s.strip('%')) if s != 'N/A' else -1.0
print(repr(np.loadtxt(StringIO(csv), delimiter=',', skiprows=1, usecols=(1, 2),
                      converters={2: pct, 1: lambda s: float(s or 0)})))
print(repr(np.loadtxt(StringIO(csv), delimiter=',', skiprows=1, usecols=(1,), converters=len)))
print(repr(np.loadtxt(StringIO(csv), delimiter=',', skiprows=1, usecols=(0, 2), converters={2: pct}, dtype=str)))
print(repr(np.loadtxt(StringIO(csv), delimiter=',', skiprows=1, usecols=2, converters={2: pct}, ndmin=2)))
print(repr(np.loadtxt(StringIO(csv), delimiter=',', skiprows=1, usecols=(3,), dtype='datetime64[D]')))
print(repr(np.loadtxt(StringIO(csv), delimiter=',', skiprows=1, usecols=(1, 2), dtype=int,
                      converters=lambda s: len(s))))
# A converter for a column not read is not called; a str it returns is read as the field.
print(repr(np.loadtxt(StringIO(csv), delimiter=',', skiprows=1, usecols=(1,), converters={0: pct, 1: lambda s: s or '0'})))
for bad in [
    lambda: np.loadtxt(StringIO(csv), delimiter=',', skiprows=1, usecols=(2,)),
    lambda: np.loadtxt(StringIO(csv), delimiter=',', skiprows=1, usecols=(-2,)),
    lambda: np.loadtxt(StringIO(csv), delimiter=',', skiprows=1, usecols=(1,), converters={1: lambda s: 'x' + s}),
    lambda: np.loadtxt(StringIO(csv), delimiter=',', skiprows=1, usecols=(1,), converters=3),
    lambda: np.loadtxt(StringIO(csv), delimiter=',', skiprows=1, usecols=(2,), converters={2: lambda s: float(s)}),
]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ':', e)
