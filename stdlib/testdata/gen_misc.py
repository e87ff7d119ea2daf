"""Regenerates misc.txt: float repr/round/divmod on random values, slicing
and str/list builtins, as CPython 3.11 evaluates them (see gen_arith.py).

Run: python3 stdlib/testdata/gen_misc.py > stdlib/testdata/misc.txt
"""
import math
import random

random.seed(1234)
exprs = []
for _ in range(300):
    m = random.random() * 10 ** random.randint(-30, 30) * random.choice([1, -1])
    exprs.append(repr(m))
    exprs.append(f"round({m!r}, {random.randint(-5, 12)})")
    y = random.random() * 10 ** random.randint(-3, 3) * random.choice([1, -1])
    exprs.append(f"divmod({m!r}, {y!r})")
    exprs.append(f"{m!r} // {y!r}")
    exprs.append(f"int({m!r} * 1e10)")
    exprs.append(f"{m!r} < {int(m)}")
import struct
for _ in range(1000):
    bits = random.getrandbits(64)
    f = struct.unpack("<d", struct.pack("<Q", bits))[0]
    if math.isfinite(f):
        exprs.append(repr(f))
for _ in range(150):
    x = random.randint(-10 ** 25, 10 ** 25)
    y = random.choice([random.randint(-10 ** 25, 10 ** 25), random.randint(-50, 50)]) or 1
    exprs += [f"{x} // {y}", f"{x} % {y}", f"{x} / {y}", f"round({x}, {random.randint(-30, 3)})", f"{x} == {float(x)!r}"]
for _ in range(200):
    a, b, c = (random.choice([None, random.randint(-12, 12)]) for _ in range(3))
    c = c or None
    sl = ":".join("" if v is None else str(v) for v in (a, b, c))
    exprs += [f"'abcdefghij'[{sl}]", f"[0, 1, 2, 3, 4, 5, 6, 7][{sl}]", f"range(3, 30, 3)[{sl}]", f"tuple(range(9))[{sl}]"]
for s in ["''", "'a'", "'  a  b  '", "'a,b,,c,'", "'\\tx\\ny '", "'Hello World'", "'ab12'", "'ABC'", "'a\\r\\nb\\n'"]:
    for meth in ["split()", "split(',')", "rsplit(None, 1)", "split(' ', 2)", "strip()", "lstrip('a ')", "upper()",
                 "title()", "capitalize()", "isalpha()", "isdigit()", "isupper()", "islower()", "isspace()",
                 "splitlines()", "find('b')", "rfind('b', 1)", "count('a')", "center(9, '*')", "zfill(5)",
                 "replace('a', 'xy')", "startswith(('a', 'H'))", "partition(',')"]:
        exprs.append(f"{s}.{meth}")
for e in ["int(' 0x1F ', 16)", "int('0o17', 0)", "int('1_2_3')", "float('1_0.5')", "float('-iNF')", "complex(' (1+2j) ')",
          "hex(-255)", "oct(0)", "bin(2**70)", "round(0.5)", "round(1.5)", "round(-1.5)", "round(2.5, 0)", "round(1e300, -299)",
          "repr(1e-7)", "str(123456789.0)", "repr(1/3)", "repr(2/3 * 1e20)", "str(-1e16)", "repr(1e15 + 0.3)",
          "'%.3e' % 12345.6789", "'%g' % 1e-5", "'%g' % 123456789.0", "'%10.4f|' % -3.14159", "'%-6s|' % 'ab'", "'%+d' % 5",
          "'%.0f' % 0.5", "'%.0f' % 1.5", "'%.2f' % 2.675", "'%.1f' % 0.25", "'%5.1f%%' % 99.5",
          "'{:.3g}'.format(0.0001234)", "'{:>8.2e}'.format(12345)", "'{:+.1f}'.format(2)", "'{:x}'.format(255)", "'{:08b}'.format(5)",
          "'{!r:>6}'.format('a')", "'{:.2%}'.format(0.1234)", "'{}'.format(1e16)", "'{:.2}'.format(1.0)", "'{:5}'.format('ab')",
          "math.fsum([1e-16] * 10 + [1.0])", "math.hypot(3e200, 4e200)", "math.isclose(1e-10, 0, abs_tol=1e-9)",
          "sorted([3, 1.5, 2, -1])", "sorted('hello')", "max(1, 2.0)", "min([3, 1], key=lambda_placeholder)" ]:
    if "lambda" not in e:
        exprs.append(e)
for e in exprs:
    try:
        r = repr(eval(e))
    except Exception as ex:
        r = f"{type(ex).__name__}: {ex}"
    print(f"{e}  # {r}")
