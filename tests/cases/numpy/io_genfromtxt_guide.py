# NumPy's user guide "Importing data with genfromtxt", in order: delimiters
# (fixed widths too), autostrip, comments, skip_header/skip_footer, usecols,
# names, dtype as a sequence of types, defaultfmt, converters, missing and
# filling values by column, usemask.
import numpy as np
from io import StringIO

data = u"1, 2, 3\n4, 5, 6"
print(np.genfromtxt(StringIO(data), delimiter=","))
data = u"  1  2  3\n  4  5 67\n890123  4"
print(np.genfromtxt(StringIO(data), delimiter=3))
data = u"123456789\n   4  7 9\n   4567 9"
print(np.genfromtxt(StringIO(data), delimiter=(4, 3, 2)))
data = u"1, abc , 2\n 3, xxx, 4"
print(np.genfromtxt(StringIO(data), delimiter=",", dtype="|U5"))
print(np.genfromtxt(StringIO(data), delimiter=",", dtype="|U5", autostrip=True))
data = u"""#
# Skip me !
# Skip me too !
1, 2
3, 4
5, 6 #This is the third line of the data
7, 8
# And here comes the last line
9, 0
"""
print(np.genfromtxt(StringIO(data), comments="#", delimiter=","))
data = u"\n".join(str(i) for i in range(10))
print(np.genfromtxt(StringIO(data),))
print(np.genfromtxt(StringIO(data), skip_header=3, skip_footer=5))
data = u"1 2 3\n4 5 6"
print(np.genfromtxt(StringIO(data), usecols=(0, -1)))
print(np.genfromtxt(StringIO(data), names="a, b, c", usecols=("a", "c")))
print(np.genfromtxt(StringIO(data), names="a, b, c", usecols=("a, c")))
print(np.genfromtxt(StringIO("1 2 3\n 4 5 6"), dtype=[(_, int) for _ in "abc"]))
print(np.genfromtxt(StringIO("So it goes\n#a b c\n1 2 3\n 4 5 6"), skip_header=1, names=True))
ndtype = [('a', int), ('b', float), ('c', int)]
print(repr(np.genfromtxt(StringIO("1 2 3\n 4 5 6"), names=["A", "B", "C"], dtype=ndtype)))
print(repr(np.genfromtxt(StringIO("1 2 3\n 4 5 6"), dtype=(int, float, int))))
print(repr(np.genfromtxt(StringIO("1 2 3\n 4 5 6"), dtype=(int, float, int), names="a")))
print(repr(np.genfromtxt(StringIO("1 2 3\n 4 5 6"), dtype=(int, float, int), defaultfmt="var_%02i")))
convertfunc = lambda x: float(x.strip("%")) / 100.
data = u"1, 2.3%, 45.\n6, 78.9%, 0"
names = ("i", "p", "n")
print(repr(np.genfromtxt(StringIO(data), delimiter=",", names=names)))
print(repr(np.genfromtxt(StringIO(data), delimiter=",", names=names, converters={1: convertfunc})))
print(repr(np.genfromtxt(StringIO(data), delimiter=",", names=names, converters={"p": convertfunc})))
convert = lambda x: float(x.strip() or -999)
print(repr(np.genfromtxt(StringIO(u"1, , 3\n 4, 5, 6"), delimiter=",", converters={1: convert})))
data = u"N/A, 2, 3\n4, ,???"
kwargs = dict(delimiter=",", dtype=int, names="a,b,c",
              missing_values={0: "N/A", 'b': " ", 2: "???"},
              filling_values={0: 0, 'b': 0, 2: -999})
print(repr(np.genfromtxt(StringIO(data), **kwargs)))
print(repr(np.genfromtxt(StringIO(data), delimiter=",", missing_values=["N/A", "", "???"], filling_values=[7, 8, 9])))
print(repr(np.genfromtxt(StringIO('1,2\n3,'), delimiter=',', usemask=True)))
print(repr(np.genfromtxt(StringIO('1,2\n3,'), delimiter=',', usemask=True, unpack=True)))
print(repr(np.genfromtxt(StringIO('1,N/A\n3,4'), delimiter=',', usemask=True, missing_values='N/A', filling_values=0)))
csv = "name,score,pct\nann,3.5,10%\nbob,,25%\ncy,7,N/A\n"
pct = lambda s: float(s.strip('%')) if s != 'N/A' else -1.0
print(repr(np.genfromtxt(StringIO(csv), delimiter=',', names=True, dtype=None, encoding='utf-8', converters={'pct': pct})))
print(repr(np.genfromtxt(StringIO(csv), delimiter=',', skip_header=1, usecols=(1, 2), converters={1: lambda s: float(s or -5), 2: pct})))
print(repr(np.genfromtxt(["1 2", "3 4"])), repr(np.genfromtxt(StringIO(csv), delimiter=',', skip_header=1, usecols=1)))
