# np.genfromtxt to records: names=True (names from the first line),
# dtype=None (each column's type inferred: bool, int, float, complex,
# str), an explicit structured dtype, usecols by number or name,
# skip_header/skip_footer, missing values, unpack; NumPy's errors.
import numpy as np

src = '_xpush_tmp_struct_io_genfromtxt.csv'


def text(s):
    with open(src, 'w') as f:
        f.write(s)


def show(**kw):
    try:
        print(repr(np.genfromtxt(src, **kw)))
    except Exception as e:
        print(type(e).__name__, e)

text("name,age,score,ok\nalice,30,1.5,True\nbob,25,2,False\n")
show(delimiter=',', names=True, dtype=None, encoding=None)
show(delimiter=',', names=True)
show(delimiter=',', dtype=None, skip_header=1, encoding=None)
show(delimiter=',', names=True, dtype=None, usecols=(0,2), encoding=None)
show(delimiter=',', names=True, dtype=None, usecols=('age','name'), encoding=None)
show(delimiter=',', skip_header=1, dtype=[('n','U5'),('a','i4'),('s','f4'),('o','?')], encoding=None)
show(delimiter=',', names=True, dtype=[('n','U5'),('a','i4'),('s','f4'),('o','?')], encoding=None)
show(delimiter=',', names=True, dtype=None)
show(delimiter=',', names=True, dtype=None, unpack=True, encoding=None)
show(delimiter=',', names='a,b,c,d', dtype=None, skip_header=1, encoding=None)
show(delimiter=',', names=['x y', 'print', '', 'x y'], dtype=None, skip_header=1, encoding=None)
show(delimiter=',', dtype=None, skip_header=1, usecols=(1,2), encoding=None)
show(delimiter=',', dtype=None, skip_header=1, usecols=(1,), encoding=None)
show(delimiter=',', dtype=None, skip_header=1, usecols=(0,), encoding=None)
show(delimiter=',', dtype=int, names=True, usecols=(1,2))
text("# a b c\n1 2 x\n3 4.5 y\n\n5 , z\n")
show(names=True, dtype=None, encoding=None)
show(dtype=None, encoding=None)
text("a b c\n1 2 x\n3 4.5\n5 6 z 7\n")
show(names=True, dtype=None, encoding=None)
text("a,b,c\n1,,x\n3,4.5,\n,1+2j,z\n")
show(names=True, dtype=None, encoding=None, delimiter=',')
show(names=True, dtype=None, encoding=None, delimiter=',', filling_values=0)
show(names=True, dtype=[('a','i4'),('b','f8'),('c','U2')], encoding=None, delimiter=',')
show(names=True, encoding=None, delimiter=',')
text("1 2\n3 4\n")
show(dtype=None)
show(dtype=None, names='p,q')
show(dtype=[('p','i2'),('q','f4')], unpack=True)

text("name,age,score,ok\nalice,30,1.5,True\nbob,25,2,False\ncarol,41,3.25,True\n")
people = np.genfromtxt(src, delimiter=',', names=True, dtype=None, encoding=None)
print(people['name'][people['ok']], people['age'].mean(), people.dtype.names)
print(people[np.argsort(people['score'])[::-1]]['name'])
text("x y\n1 2\n3 4\n5 6\n")
print(repr(np.genfromtxt(src, names=True, max_rows=2)))
print(repr(np.genfromtxt(src, names=True, dtype=None, skip_footer=1)))
