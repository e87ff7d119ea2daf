"""Writes stdlib/src/numpy/polynomial/table.rs: the table entries of
numpy.polynomial, with each example's expected repr computed by NumPy.

    python3 scripts/gen_polynomial_table.py > stdlib/src/numpy/polynomial/table.rs

tests/gen_expected.py runs it on every full run (under its pinned NumPy) and
its --check compares the committed file.
"""

import numpy as np

BASES = [
    # (imp module, prefix, numpy module, class, description)
    ("poly", "poly", "polynomial", "Polynomial", "power"),
    ("cheb", "cheb", "chebyshev", "Chebyshev", "Chebyshev"),
    ("leg", "leg", "legendre", "Legendre", "Legendre"),
    ("herm", "herm", "hermite", "Hermite", "Hermite (physicists')"),
    ("herme", "herme", "hermite_e", "HermiteE", "Hermite (probabilists')"),
    ("lag", "lag", "laguerre", "Laguerre", "Laguerre"),
]

# (suffix, signature, imp, doc, example arguments)
FUNCS = [
    ("val", "(x, c, tensor=True)", "val", "Evaluates the {d} series with coefficients c (lowest degree first) at x.", "[0.5, 2], [1, 2, 3]"),
    ("val2d", "(x, y, c)", "val2d", "Evaluates a 2-D {d} series at the points (x, y).", "[1, 2], [0, 1], [[1, 2], [3, 4]]"),
    ("val3d", "(x, y, z, c)", "val3d", "Evaluates a 3-D {d} series at the points (x, y, z).", "1, 2, 3, [[[1, 2]], [[3, 4]]]"),
    ("grid2d", "(x, y, c)", "grid2d", "Evaluates a 2-D {d} series on the Cartesian product of x and y.", "[0, 1], [1, 2], [[1, 2], [3, 4]]"),
    ("grid3d", "(x, y, z, c)", "grid3d", "Evaluates a 3-D {d} series on the Cartesian product of x, y and z.", "[0, 1], [1], [2], [[[1]], [[2]]]"),
    ("vander", "(x, deg)", "vander", "The pseudo-Vandermonde matrix of degree deg: the {d} basis at the points x.", "[0, 1, 2], 2"),
    ("vander2d", "(x, y, deg)", "vander2d", "The 2-D pseudo-Vandermonde matrix of degrees deg at the points (x, y).", "[0, 1], [1, 2], [1, 1]"),
    ("vander3d", "(x, y, z, deg)", "vander3d", "The 3-D pseudo-Vandermonde matrix of degrees deg at the points (x, y, z).", "[1], [2], [3], [1, 1, 1]"),
    ("fit", "(x, y, deg, rcond=None, full=False, w=None)", "fit", "The least-squares {d} series of degree deg (an int or a list of degrees) through (x, y); full=True adds [residuals, rank, singular values, rcond].", "[0, 1, 2, 3], [1, 3, 7, 13], 2"),
    ("roots", "(c)", "roots", "The roots of a {d} series: the sorted eigenvalues of its companion matrix.", "[-2, 1, 1]"),
    ("companion", "(c)", "companion", "The (scaled) companion matrix of a {d} series.", "[1, 2, 3]"),
    ("der", "(c, m=1, scl=1, axis=0)", "der", "The m-th derivative of a {d} series, each differentiation multiplied by scl.", "[1, 2, 3, 4]"),
    ("int", "(c, m=1, k=[], lbnd=0, scl=1, axis=0)", "int", "The m-th integral of a {d} series: integration constants k, the value k at lbnd, each integration multiplied by scl.", "[1, 2, 3]"),
    ("add", "(c1, c2)", "add", "The sum of two {d} series.", "[1, 2, 3], [3, 2]"),
    ("sub", "(c1, c2)", "sub", "The difference of two {d} series.", "[1, 2, 3], [3, 2]"),
    ("mul", "(c1, c2)", "mul", "The product of two {d} series.", "[1, 2, 3], [3, 2]"),
    ("mulx", "(c)", "mulx", "The {d} series multiplied by x.", "[1, 2, 3]"),
    ("div", "(c1, c2)", "div", "The quotient and remainder of two {d} series.", "[1, 2, 3], [1, 1]"),
    ("pow", "(c, pow, maxpower={mp})", "pow", "The {d} series to a non-negative integer power (at most maxpower).", "[1, 2], 3"),
    ("fromroots", "(roots)", "fromroots", "The {d} series with the given roots (leading coefficient that of the monic product).", "[1, 2]"),
    ("line", "(off, scl)", "line", "The {d} series of the line off + scl*x.", "3, 2"),
    ("trim", "(c, tol=0)", "trim", "The coefficients with the trailing ones of magnitude at most tol removed.", "[1, 2, 0, 1e-9], 1e-6"),
]

P = "np.polynomial.Polynomial"
C = "np.polynomial.Chebyshev"

# (name, signature, imp, kind, doc, [example expressions])
METHODS = [
    ("__init__", "(self, coef, domain=None, window=None, symbol='x')", "init", "Method", "Initialises a series from its coefficients (lowest degree first), its domain, window and symbol.", [f"{P}([1, 2, 3], symbol='t').symbol"]),
    ("__repr__", "(self)", "repr", "Method", "The series' repr: class, coefficients, domain, window and symbol.", [f"repr({P}([1, 2]))"]),
    ("__str__", "(self)", "to_str", "Method", "The series printed with unicode superscripts (or ascii after set_default_printstyle('ascii')).", [f"str({P}([1, 2, 3]))", f"str({C}([1, 2], domain=[0, 1]))"]),
    ("_repr_latex_", "(self)", "repr_latex", "Method", "The series as LaTeX (what a notebook shows): $x \\mapsto ...$ with zero terms greyed.", [f"{P}([1, 0, -2.5])._repr_latex_()", f"{C}([1, 2], domain=[0, 1])._repr_latex_()"]),
    ("__format__", "(self, fmt_str)", "format", "Method", "format(p, 'ascii') or format(p, 'unicode'); '' is str(p).", [f"format({P}([1, 2, 3]), 'ascii')"]),
    ("__call__", "(self, arg)", "call", "Method", "The series at arg (a number, an array, or another series) mapped from the domain to the window.", [f"{P}([1, 2, 3])(2)", f"{P}([1, 2, 3])([0, 1])"]),
    ("__iter__", "(self)", "iter", "Method", "An iterator over the coefficients.", [f"list({P}([1, 2]))"]),
    ("__len__", "(self)", "len", "Method", "The number of coefficients.", [f"len({P}([1, 2, 3]))"]),
    ("__neg__", "(self)", "neg", "Method", "The series negated.", [f"-{P}([1, 2])"]),
    ("__pos__", "(self)", "pos", "Method", "The series itself.", [f"{P}([1, 2]).__pos__()"]),
    ("__add__", "(self, other)", "add", "Method", "The sum with a series of the same kind, domain and window, or with numbers.", [f"{P}([1, 2]) + 1"]),
    ("__radd__", "(self, other)", "radd", "Method", "The sum with numbers on the left.", [f"1 + {P}([1, 2])"]),
    ("__sub__", "(self, other)", "sub", "Method", "The difference with a series of the same kind or with numbers.", [f"{P}([1, 2]) - [1, 1]"]),
    ("__rsub__", "(self, other)", "rsub", "Method", "Numbers minus the series.", [f"1 - {P}([1, 2])"]),
    ("__mul__", "(self, other)", "mul", "Method", "The product with a series of the same kind or with numbers.", [f"{P}([1, 2]) * {P}([1, 2])"]),
    ("__rmul__", "(self, other)", "rmul", "Method", "Numbers times the series.", [f"2 * {P}([1, 2])"]),
    ("__truediv__", "(self, other)", "truediv", "Method", "Division by a number (other divisors raise TypeError; use //).", [f"{P}([2, 4]) / 2"]),
    ("__rtruediv__", "(self, other)", "rtruediv", "Method", "NotImplemented: nothing is divided by a series.", [f"{P}([1]).__rtruediv__(2)"]),
    ("__floordiv__", "(self, other)", "floordiv", "Method", "The quotient of series division.", [f"{P}([1, 2, 1]) // {P}([1, 1])"]),
    ("__rfloordiv__", "(self, other)", "rfloordiv", "Method", "The quotient of numbers divided by the series.", [f"[1, 2, 1] // {P}([1, 1])"]),
    ("__mod__", "(self, other)", "modulo", "Method", "The remainder of series division.", [f"{P}([1, 2, 2]) % {P}([1, 1])"]),
    ("__rmod__", "(self, other)", "rmodulo", "Method", "The remainder of numbers divided by the series.", [f"[1, 2, 2] % {P}([1, 1])"]),
    ("__divmod__", "(self, other)", "divmod", "Method", "Quotient and remainder of series division.", [f"divmod({P}([1, 2, 2]), {P}([1, 1]))"]),
    ("__rdivmod__", "(self, other)", "rdivmod", "Method", "Quotient and remainder of numbers divided by the series.", [f"divmod([1, 2, 2], {P}([1, 1]))"]),
    ("__pow__", "(self, other)", "pow", "Method", "The series to a non-negative integer power (at most maxpower, 100).", [f"{P}([1, 1]) ** 2"]),
    ("__eq__", "(self, other)", "eq", "Method", "Whether two series have the same kind, domain, window, coefficients and symbol.", [f"{P}([1, 2]) == {P}([1, 2])"]),
    ("__ne__", "(self, other)", "ne", "Method", "Whether two series differ.", [f"{P}([1, 2]) != {P}([1, 3])"]),
    ("copy", "(self)", "copy", "Method", "A copy of the series.", [f"{P}([1, 2]).copy()"]),
    ("degree", "(self)", "degree", "Method", "The degree: the number of coefficients less one.", [f"{P}([1, 2, 0]).degree()"]),
    ("cutdeg", "(self, deg)", "cutdeg", "Method", "The series truncated to degree deg.", [f"{P}([1, 2, 3]).cutdeg(1)"]),
    ("trim", "(self, tol=0)", "trim", "Method", "The series without trailing coefficients of magnitude at most tol.", [f"{P}([1, 2, 0, 0]).trim()"]),
    ("truncate", "(self, size)", "truncate", "Method", "The series truncated to its first size coefficients.", [f"{P}([1, 2, 3]).truncate(2)"]),
    ("convert", "(self, domain=None, kind=None, window=None)", "convert", "Method", "The same function as a series of class kind, domain and window.", [f"{P}([1, 2, 3]).convert(kind={C})"]),
    ("mapparms", "(self)", "mapparms", "Method", "(off, scl) of the linear map from the domain to the window.", [f"{P}([1], domain=[0, 2]).mapparms()"]),
    ("integ", "(self, m=1, k=[], lbnd=None)", "integ", "Method", "The m-th integral, with integration constants k at lbnd.", [f"{P}([1, 2, 3]).integ()", f"{P}([1, 2]).integ(2, k=[1, 2], lbnd=1)"]),
    ("deriv", "(self, m=1)", "deriv", "Method", "The m-th derivative.", [f"{P}([1, 2, 3]).deriv()"]),
    ("roots", "(self)", "roots", "Method", "The roots, in the domain.", [f"{P}([-2, 1, 1]).roots()"]),
    ("linspace", "(self, n=100, domain=None)", "linspace", "Method", "(x, self(x)) at n points spread evenly over the domain.", [f"{P}([1, 2]).linspace(3)"]),
    ("has_samecoef", "(self, other)", "has_samecoef", "Method", "Whether the coefficients are the same.", [f"{P}([1, 2]).has_samecoef({P}([1, 2]))"]),
    ("has_samedomain", "(self, other)", "has_samedomain", "Method", "Whether the domains are the same.", [f"{P}([1]).has_samedomain({P}([1], domain=[0, 1]))"]),
    ("has_samewindow", "(self, other)", "has_samewindow", "Method", "Whether the windows are the same.", [f"{P}([1]).has_samewindow({P}([2]))"]),
    ("has_sametype", "(self, other)", "has_sametype", "Method", "Whether other is a series of this class.", [f"{P}([1]).has_sametype({C}([1]))"]),
    ("symbol", "(self, /)", "symbol", "Property", "The symbol printed for the variable.", [f"{P}([1, 2]).symbol"]),
    ("fit", "(self, x, y, deg, domain=None, rcond=None, full=False, w=None, window=None, symbol='x')", "fit", "Method", "A classmethod: the least-squares series of degree deg through (x, y), its domain that of x unless given.", [f"{P}.fit([0, 1, 2, 3], [1, 3, 7, 13], 2).convert().coef.round(8)"]),
    ("fromroots", "(self, roots, domain=[], window=None, symbol='x')", "fromroots", "Method", "A classmethod: the series with the given roots.", [f"{P}.fromroots([1, 2])"]),
    ("identity", "(self, domain=None, window=None, symbol='x')", "identity", "Method", "A classmethod: the series of x.", [f"{C}.identity([0, 2])"]),
    ("basis", "(self, deg, domain=None, window=None, symbol='x')", "basis_fn", "Method", "A classmethod: the basis function of degree deg.", [f"{C}.basis(2)"]),
    ("cast", "(self, series, domain=None, window=None)", "cast", "Method", "A classmethod: series converted to this class.", [f"{C}.cast({P}([0, 1]))"]),
]

UTILS = [
    ("as_series", "(alist, trim=True)", "as_series", "The arrays as 1-d coefficient series of one common type (trailing zeros trimmed).", ["np.polynomial.polyutils.as_series([[1, 2, 0], [3]])"]),
    ("trimseq", "(seq)", "trimseq", "The sequence without trailing zeros (one element kept).", ["np.polynomial.polyutils.trimseq([1, 2, 0, 0])"]),
    ("trimcoef", "(c, tol=0)", "trimcoef", "The coefficients without trailing ones of magnitude at most tol.", ["np.polynomial.polyutils.trimcoef([1, 2, 0.001], 0.01)"]),
    ("getdomain", "(x)", "getdomain", "The smallest interval holding the points x.", ["np.polynomial.polyutils.getdomain([3, -1, 2])"]),
    ("mapparms", "(old, new)", "mapparms", "(off, scl) of the linear map from the interval old to new.", ["np.polynomial.polyutils.mapparms([0, 2], [-1, 1])"]),
    ("format_float", "(x, parens=False)", "format_float", "A float as the series' str() prints it: positional or scientific by its magnitude, at the print options' precision.", ["np.polynomial.polyutils.format_float(np.float64(1.5e-05), parens=True)", "np.polynomial.polyutils.format_float(np.float64(2.0))"]),
    ("mapdomain", "(x, old, new)", "mapdomain", "The points x mapped linearly from the interval old to new.", ["np.polynomial.polyutils.mapdomain([0, 1, 2], [0, 2], [-1, 1])"]),
]


def run(expr):
    return repr(eval(expr, {"np": np}))


def lit(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def example(expr):
    return lit(f"{expr}  # {run(expr)}")


# How each function runs on the NPU (stdlib/src/coverage.rs, `how`).
NPU = {
    "val": "SERIES_VAL", "val2d": "SERIES_VAL", "val3d": "SERIES_VAL", "grid2d": "SERIES_VAL",
    "grid3d": "SERIES_VAL", "vander": "SERIES_VAL", "vander2d": "SERIES_VAL", "vander3d": "SERIES_VAL",
    "fit": "HOST_NUMERIC", "roots": "HOST_NUMERIC", "line": "BUILT_ON_HOST",
}
# The methods that are Python-level (no array work beyond reading attributes).
HOST_METHODS = {"__repr__", "__str__", "_repr_latex_", "__format__", "__iter__", "__len__", "__pos__", "__eq__", "__ne__",
                "has_samecoef", "has_samedomain", "has_samewindow", "has_sametype", "symbol", "degree",
                "mapparms", "copy", "__rtruediv__"}
METHOD_NPU = {"__call__": "SERIES_VAL", "linspace": "SERIES_VAL", "convert": "SERIES_VAL",
              "cast": "SERIES_VAL", "fit": "HOST_NUMERIC", "roots": "HOST_NUMERIC"}


def entry(kind, module, name, sig, imp, doc, examples, runs="Dispatch", npu="SERIES"):
    exs = ", ".join(example(e) for e in examples)
    how = "" if runs == "Host" else f"npu = crate::coverage::how::{npu}, "
    return (
        f"    entry!({how}runs = {runs}, {kind}, NumpyLinalg, {lit(module)}, {lit(name)}, {lit(sig)}, {imp},\n"
        f"        {lit(doc)},\n        [{exs}]),"
    )


def main():
    out = [
        "//! The table entries of `numpy.polynomial`. Generated by",
        "//! `scripts/gen_polynomial_table.py` (examples computed by NumPy; run by",
        "//! `tests/gen_expected.py`, whose `--check` compares this file); do not",
        "//! edit by hand.",
        "",
        "use super::imp;",
        "use crate::entry;",
        "use crate::table::FuncDef;",
        "",
        "/// The functions of `numpy.polynomial`, its basis modules and `polyutils`.",
        "#[rustfmt::skip]",
        "pub const FUNCS: &[FuncDef] = &[",
    ]
    for imp, prefix, mod, cls, desc in BASES:
        module = f"numpy.polynomial.{mod}"
        out.append(entry("Function", "numpy.polynomial", cls, "(coef, domain=None, window=None, symbol='x')",
                         f"imp::{imp}::class",
                         f"A {desc} series (a class): coefficients lowest degree first, a domain mapped onto a window, the symbol it prints.",
                         [f"np.polynomial.{cls}([1, 2, 3])"], npu="BUILT_ON_HOST"))
        for suffix, sig, fimp, doc, args in FUNCS:
            sig = sig.replace("{mp}", "None" if prefix == "poly" else "16")
            out.append(entry("Function", module, prefix + suffix, sig, f"imp::{imp}::{fimp}",
                             doc.replace("{d}", desc),
                             [f"np.polynomial.{mod}.{prefix}{suffix}({args})"],
                             npu=NPU.get(suffix, "SERIES")))
        m = f"np.polynomial.{mod}"
        if prefix == "poly":
            out.append(entry("Function", module, "polyvalfromroots", "(x, r, tensor=True)", "imp::polyvalfromroots",
                             "The product of (x - r) over the roots r: the monic polynomial with those roots at x.",
                             [f"{m}.polyvalfromroots([0, 3], [1, 2])"], npu="VALFROMROOTS"))
            continue
        out.append(entry("Function", module, f"poly2{prefix}", "(pol)", f"imp::{imp}_extra::from_power",
                         f"A power series (coefficients lowest degree first) as a {desc} series.",
                         [f"{m}.poly2{prefix}([1, 2, 3, 4])"]))
        out.append(entry("Function", module, f"{prefix}2poly", "(c)", f"imp::{imp}_extra::to_power",
                         f"A {desc} series as a power series.",
                         [f"{m}.{prefix}2poly([1, 2, 3, 4])"]))
        out.append(entry("Function", module, f"{prefix}weight", "(x)", f"imp::{imp}_extra::weight",
                         f"The weight function of the {desc} polynomials at x.",
                         [f"{m}.{prefix}weight(np.array([0.25, 0.5]))"], npu="SERIES_WEIGHT"))
        out.append(entry("Function", module, f"{prefix}gauss", "(deg)", f"imp::{imp}_extra::gauss",
                         f"The sample points and weights of {desc}-Gauss quadrature of degree deg.",
                         [f"{m}.{prefix}gauss(3)"], npu="HOST_NUMERIC"))
        if prefix == "cheb":
            out.append(entry("Function", module, "chebpts1", "(npts)", "imp::chebpts1",
                             "The npts Chebyshev points of the first kind.", [f"{m}.chebpts1(3)"], npu="CHEBPTS"))
            out.append(entry("Function", module, "chebpts2", "(npts)", "imp::chebpts2",
                             "The npts Chebyshev points of the second kind.", [f"{m}.chebpts2(3)"], npu="CHEBPTS"))
            out.append(entry("Function", module, "chebinterpolate", "(func, deg, args=())", "imp::chebinterpolate",
                             "The Chebyshev series of degree deg interpolating func(x, *args) at the Chebyshev points of the first kind.",
                             [f"{m}.chebinterpolate(np.cos, 3)"], npu="CHEBINTERPOLATE"))
    out.append(entry("Function", "numpy.polynomial", "set_default_printstyle", "(style)",
                     "imp::set_default_printstyle",
                     "Sets how str() prints series: 'unicode' (superscripts, the default) or 'ascii'.",
                     ["np.polynomial.set_default_printstyle('unicode')"], runs="Host"))
    for name, sig, fimp, doc, exs in UTILS:
        npu = "SERIES_VAL" if name in ("mapparms", "mapdomain") else "SERIES"
        runs = "Host" if name == "format_float" else "Dispatch"
        out.append(entry("Function", "numpy.polynomial.polyutils", name, sig, f"imp::{fimp}", doc, exs,
                         runs=runs, npu=npu))
    out.append("];")
    out.append("")
    out.append("/// The methods and properties of `ABCPolyBase`, the six classes' base.")
    out.append("#[rustfmt::skip]")
    out.append("pub const METHODS: &[FuncDef] = &[")
    for name, sig, fimp, kind, doc, exs in METHODS:
        runs = "Host" if name in HOST_METHODS else "Dispatch"
        out.append(entry(kind, "ABCPolyBase", name, sig, f"imp::methods::{fimp}", doc, exs,
                         runs=runs, npu=METHOD_NPU.get(name, "SERIES")))
    out.append("];")
    print("\n".join(out))


if __name__ == "__main__":
    main()
