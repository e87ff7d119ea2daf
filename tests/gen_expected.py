#!/usr/bin/env python3
"""Generate the expected outputs of xpush's test cases by running python3.

python3 (3.11, with NumPy 2.x for the numpy cases and matplotlib for
``tests/cases/plots``, both at the versions of ``tests/requirements.txt``)
is the oracle: every expectation file is produced here and never written
by hand.

    python3 tests/gen_expected.py            # (re)write every expectation
    python3 tests/gen_expected.py --check    # exit 1 if any committed file differs
    python3 tests/gen_expected.py --only cases tests/cases/lang/str_split.py
    python3 tests/gen_expected.py --classes  # only tests/errors/NAME.class

Cases: every ``tests/cases/**/*.py`` but the modules they import (a name
starting with ``_``).  Each runs as ``python3 NAME.py`` with
the case's folder as the working directory and a timeout, and gets, next to it:

``NAME.out``
    its exact stdout (always written, possibly empty).
``NAME.err``
    only when the script exits non-zero: the last line of stderr, which is the
    Python exception line ``ClassName: message``, e.g.
    ``ZeroDivisionError: division by zero``, with the module path of the class
    dropped (``numpy.linalg.LinAlgError`` is written ``LinAlgError``, as xpush
    prints it).  For the syntax family
    (SyntaxError, IndentationError, TabError) a second line
    ``# xpush: match=class`` follows: the harness then compares only the class,
    since xpush's parser words its messages differently.  A stale ``NAME.err``
    is removed when the case no longer fails.
``NAME.errout``
    only for a case declaring ``# xpush: stderr=compare``: its whole stderr
    (the warnings it shows), written when it exits 0, with the case's folder
    dropped from the file names python3 prints absolute.

NumPy's public names: ``stdlib/src/api/numpy_names.txt`` lists ``dir()`` of
numpy, its submodules, ``ndarray`` and ``Generator`` (the names without a
leading underscore), for the API coverage test and ``xpush ops``; and
``stdlib/src/api/ufuncs.txt`` each ufunc's ``nin``, ``nout``, ``identity``,
``signature`` and ``types``, which the ufunc objects report. Both are written
on every full run and compared by ``--check``; so are the table entries of
``numpy.polynomial`` (``stdlib/src/numpy/polynomial/table.rs``, whose examples'
results ``scripts/gen_polynomial_table.py`` computes with NumPy), and
``stdlib/src/api/rc_params.txt``, matplotlib's rcParams keys with the check
each value gets (``plt.rcParams[key] = value`` raises as matplotlib does).

Error corpus: every ``tests/errors/*.py`` gets ``NAME.class`` holding the name
of the exception class python3 raises (one line).  The rendered diagnostics
(``NAME.stderr``) are xpush's own and are blessed by the Rust harness, not
here.  A corpus file that python3 runs without error (a construct xpush's
version 1 does not support yet, e.g. a lambda) must declare the class xpush
is to raise with an ``expect-class`` directive; that value is written instead.

The oracle is pinned.  NumPy picks its SIMD loops at import from what the CPU
offers, and the last bits of its float results depend on that choice (its
AVX-512 loops, SVML among them, round differently from its AVX2 ones).  Every
python3 run here therefore takes NumPy's ``X86_V3`` dispatch target (AVX2 +
FMA3), whatever the CPU offers beyond it: ``NPY_DISABLE_CPU_FEATURES`` names
every dispatch target of the installed NumPy above ``X86_V3`` (read from
``numpy._core._multiarray_umath.__cpu_dispatch__``), and a probe checks that
the run reports them off.  The NumPy version is pinned too, in
``tests/requirements.txt``.  Both are printed at the start of a run.

A case whose output as on a CPU without AVX2/FMA3 (NumPy at its baseline,
``X86_V2``, and glibc's libm without its FMA variants, through
``GLIBC_TUNABLES``) differs from its output at ``X86_V3`` depends on the CPU;
those cases are listed in
``tests/dispatch_dependent.txt``, which this script writes (and ``--check``
compares) on a machine that reaches ``X86_V3``.  On a machine that does not
(no AVX2/FMA3, or not x86-64), their committed expectations cannot be made
again: generation keeps them and ``--check`` compares every other case and
names the ones it left.

NumPy's BLAS (OpenBLAS) picks its kernels by CPU as well; that choice is left
to the machine (``OPENBLAS_CORETYPE`` is not set here), so linear-algebra
cases print values that do not depend on the kernel's summation order, or
compare with ``rtol``: a committed expectation within a case's declared
tolerance of a fresh run is kept, by generation and by ``--check`` alike.  ``OPENBLAS_CORETYPE=Prescott python3
tests/gen_expected.py --check`` runs the oldest kernels to check that.

Directives: the leading comment lines of a case may hold directives of the form

    # xpush: key=value [key=value ...]

one or more per line, any number of such lines, before the first code line:

``rtol=FLOAT`` / ``atol=FLOAT``
    compare numbers in stdout with tolerance |a-b| <= atol + rtol*max(|a|,|b|)
    instead of exactly (the text between numbers must still match exactly).
``skip-device=NAME[,NAME...]``
    do not run this case on those devices (e.g. ``npu``); may repeat.
``timeout=SECONDS``
    per-run timeout (default 60) for python3 here and for xpush in the harness.
``expect-class=ClassName``
    error corpus only: see above.

Unknown keys are an error, so a typo cannot silently disable a check.  The Rust
harness (tests/src/lib.rs) parses the same format.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CASES = TESTS / "cases"
PLOTS = CASES / "plots"
ERRORS = TESTS / "errors"
DEFAULT_TIMEOUT = 60
SYNTAX_FAMILY = {"SyntaxError", "IndentationError", "TabError"}
MATCH_CLASS_MARK = "# xpush: match=class"
DIRECTIVE_RE = re.compile(r"^#\s*xpush:\s*(.*)$")
KNOWN_KEYS = {"rtol", "atol", "skip-device", "timeout", "expect-class", "stderr"}
CLASS_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*$")


DISPATCH_LIST = TESTS / "dispatch_dependent.txt"
ROOT = TESTS.parent
# NumPy's public names, for the API coverage test and `xpush ops` (stdlib/src/api.rs).
API_NAMES = ROOT / "stdlib" / "src" / "api" / "numpy_names.txt"
API_SCOPES = [
    "numpy", "numpy.linalg", "numpy.fft", "numpy.random", "numpy.random.Generator",
    "numpy.ma", "numpy.polynomial", "numpy.ndarray",
]
# matplotlib's rcParams keys and how each value is checked, for
# `plt.rcParams[key] = value` (stdlib/src/pyplot_rc.rs).
RC_TABLE = ROOT / "stdlib" / "src" / "api" / "rc_params.txt"
POLY_TABLE = ROOT / "stdlib" / "src" / "numpy" / "polynomial" / "table.rs"
POLY_SCRIPT = ROOT / "scripts" / "gen_polynomial_table.py"
RC_PROBE = """
from matplotlib import rcsetup
for key, f in sorted(rcsetup._validators.items()):
    name = getattr(f, "__name__", "")
    kind = {"validate_bool": "bool", "validate_float": "float", "validate_int": "int",
            "validate_color": "color"}.get(name, "any")
    if key == "figure.figsize":
        kind = "floatpair"
    print(key, kind)
"""
# Each ufunc's nin, nout, identity, signature and loops (`np.add.types`).
UFUNC_TABLE = ROOT / "stdlib" / "src" / "api" / "ufuncs.txt"
UFUNC_PROBE = """
import numpy
for name in sorted(dir(numpy)):
    u = getattr(numpy, name)
    if isinstance(u, numpy.ufunc) and u.__name__ == name:
        print(name, u.nin, u.nout, repr(u.identity), u.signature, " ".join(u.types))
"""
API_PROBE = """
import importlib, json, sys
import numpy
out = {}
for scope in json.loads(sys.argv[1]):
    if scope == "numpy.ndarray":
        obj = numpy.ndarray
    elif scope == "numpy.random.Generator":
        obj = numpy.random.Generator
    else:
        obj = importlib.import_module(scope)
    out[scope] = sorted(n for n in dir(obj) if not n.startswith("_"))
print(json.dumps(out))
"""
REQUIREMENTS = TESTS / "requirements.txt"

# NumPy's x86-64 dispatch target the oracle runs, and every target name (of
# NumPy 2.0-2.3's feature-by-feature list and of 2.4's X86_V* groups) at or
# below it.  Any other dispatch target of the installed NumPy is disabled.
PIN_TARGET = "X86_V3"
AT_OR_BELOW_PIN = {
    "SSE", "SSE2", "SSE3", "SSSE3", "SSE41", "POPCNT", "SSE42", "AVX",
    "F16C", "FMA3", "AVX2", "X86_V2", "X86_V3",
}
PROBE = """
import json, platform, numpy
from numpy._core._multiarray_umath import __cpu_features__, __cpu_dispatch__, __cpu_baseline__
print(json.dumps(dict(numpy=numpy.__version__, python=platform.python_version(),
    machine=platform.machine(), baseline=list(__cpu_baseline__),
    dispatch=list(__cpu_dispatch__), features=__cpu_features__)))
"""


class GenError(Exception):
    """A case that cannot produce a valid expectation."""


@dataclass
class Directives:
    rtol: float | None = None
    atol: float | None = None
    skip_devices: list[str] = field(default_factory=list)
    timeout: int = DEFAULT_TIMEOUT
    expect_class: str | None = None
    compare_stderr: bool = False


# A number in output, as the harness (tests/src/lib.rs) reads one: not
# inside a word, with an optional sign, fraction and exponent.
NUMBER_RE = re.compile(r"(?<![\w.])[-+]?(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][-+]?\d+)?")


def numbers_close(a: str, b: str, rtol: float, atol: float) -> bool:
    """Whether two outputs are the same text with numbers within
    ``atol + rtol * max(|x|, |y|)`` of each other, as the harness compares
    a case with an ``rtol``/``atol`` directive."""
    na, nb = NUMBER_RE.findall(a), NUMBER_RE.findall(b)
    if NUMBER_RE.split(a) != NUMBER_RE.split(b) or len(na) != len(nb):
        return False
    for x, y in zip(na, nb):
        if x == y:
            continue
        fx, fy = float(x.replace("_", "")), float(y.replace("_", ""))
        if abs(fx - fy) > atol + rtol * max(abs(fx), abs(fy)):
            return False
    return True


def within_tolerance(out: Path, current: str | None, fresh: str | None) -> bool:
    """Whether a committed case expectation and a fresh python3 run differ
    only within the tolerance the case declares: the last bits of a
    BLAS sum differ with the machine's OpenBLAS kernels, which the oracle
    does not pin (the committed file is kept, so machines do not rewrite
    each other's)."""
    case = out.with_suffix(".py")
    if current is None or fresh is None or out.suffix != ".out" or not case.exists():
        return False
    d = parse_directives(case.read_text(), case)
    if d.rtol is None and d.atol is None:
        return False
    return numbers_close(current, fresh, d.rtol or 0.0, d.atol or 0.0)


def parse_directives(text: str, path: Path) -> Directives:
    """Parse the ``# xpush: key=value`` lines at the top of a case."""
    d = Directives()
    for line in text.splitlines():
        s = line.strip()
        if not s:
            continue
        if not s.startswith("#"):
            break
        m = DIRECTIVE_RE.match(s)
        if not m:
            continue
        for item in m.group(1).split():
            key, eq, value = item.partition("=")
            if not eq or not value:
                raise GenError(f"{path}: directive {item!r} is not key=value")
            if key not in KNOWN_KEYS:
                raise GenError(f"{path}: unknown directive key {key!r} (known: {sorted(KNOWN_KEYS)})")
            try:
                if key == "rtol":
                    d.rtol = float(value)
                elif key == "atol":
                    d.atol = float(value)
                elif key == "timeout":
                    d.timeout = int(value)
                elif key == "stderr":
                    if value != "compare":
                        raise ValueError(value)
                    d.compare_stderr = True
                elif key == "skip-device":
                    d.skip_devices.extend(v for v in value.split(",") if v)
                elif key == "expect-class":
                    if not CLASS_RE.match(value):
                        raise ValueError(value)
                    d.expect_class = value
            except ValueError:
                raise GenError(f"{path}: bad value in directive {item!r}") from None
    return d


@dataclass
class Oracle:
    """The python3 + NumPy that runs the cases, pinned to one dispatch target."""

    numpy: str
    python: str
    disabled: list[str]
    reaches_pin: bool
    # Every dispatch target: disabling them all runs NumPy's baseline.
    baseline_off: list[str] = field(default_factory=list)
    why_not: str = ""

    def env(self, baseline: bool = False) -> dict[str, str]:
        """Environment additions of a run: at the pin, or as on a CPU without
        AVX2/FMA3 (NumPy at its baseline, and glibc's libm without its FMA
        variants of exp, log, pow, sin, atan, ..., which round differently)."""
        if baseline:
            return {
                "NPY_DISABLE_CPU_FEATURES": " ".join(self.baseline_off),
                "GLIBC_TUNABLES": "glibc.cpu.hwcaps=-AVX2,-FMA",
            }
        return {"NPY_DISABLE_CPU_FEATURES": " ".join(self.disabled)}

    def describe(self) -> str:
        head = f"oracle: python3 {self.python}, NumPy {self.numpy}, "
        if not self.reaches_pin:
            return head + f"dispatch NOT pinned to {PIN_TARGET}: {self.why_not}"
        off = " ".join(self.disabled) or "none"
        return head + f"dispatch pinned to {PIN_TARGET} (AVX2 + FMA3; disabled: {off})"


def probe(extra_env: dict[str, str]) -> dict:
    env = dict(os.environ)
    env.update(extra_env)
    proc = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise GenError(f"cannot import numpy in {sys.executable}:\n{proc.stderr}")
    return json.loads(proc.stdout)


def pinned_numpy() -> str | None:
    """The NumPy version tests/requirements.txt pins (``numpy==X.Y.Z``)."""
    for line in REQUIREMENTS.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\s*numpy\s*==\s*([0-9][^\s;#]*)", line)
        if m:
            return m.group(1)
    return None


def check_matplotlib(jobs: list[tuple[Path, str]]) -> None:
    """The plot cases (tests/cases/plots) print what the pinned matplotlib
    returns: fail early with the fix when python3 has another one."""
    if not any(PLOTS in p.parents for p, _ in jobs):
        return
    want = None
    for line in REQUIREMENTS.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\s*matplotlib\s*==\s*([0-9][^\s;#]*)", line)
        if m:
            want = m.group(1)
    proc = subprocess.run(
        [sys.executable, "-c", "import matplotlib; print(matplotlib.__version__)"],
        capture_output=True, text=True,
    )
    got = proc.stdout.strip() if proc.returncode == 0 else "no matplotlib"
    if want is not None and got != want:
        raise GenError(
            f"python3 has {got}, but tests/cases/plots are matplotlib {want}'s "
            f"(tests/requirements.txt): python3 -m pip install -r tests/requirements.txt"
        )


def find_oracle() -> Oracle:
    """Probe NumPy, pin its dispatch to PIN_TARGET and check the pin took."""
    first = probe({"NPY_DISABLE_CPU_FEATURES": ""})
    want = pinned_numpy()
    if want is not None and first["numpy"] != want:
        raise GenError(
            f"python3 has NumPy {first['numpy']}, but the expectations are NumPy {want}'s "
            f"(tests/requirements.txt): python3 -m pip install -r tests/requirements.txt"
        )
    dispatch = first["dispatch"]
    above = [t for t in dispatch if t not in AT_OR_BELOW_PIN]
    oracle = Oracle(numpy=first["numpy"], python=first["python"], disabled=above,
                    reaches_pin=False, baseline_off=list(dispatch))
    if first["machine"] not in ("x86_64", "AMD64"):
        oracle.why_not = f"this is {first['machine']}, not x86-64"
        return oracle
    feats = first["features"]
    has_pin = feats.get(PIN_TARGET, feats.get("AVX2", False) and feats.get("FMA3", False))
    if not has_pin:
        oracle.why_not = "this CPU lacks AVX2 or FMA3"
        return oracle
    pinned = probe(oracle.env())
    still_on = [t for t in above if pinned["features"].get(t)]
    if still_on:
        raise GenError(f"NPY_DISABLE_CPU_FEATURES did not turn off {still_on}; NumPy {first['numpy']} ignores it?")
    oracle.reaches_pin = True
    return oracle


def run_python(path: Path, timeout: int, extra_env: dict[str, str]) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.update(extra_env)
    env.update(
        PYTHONHASHSEED="0",
        PYTHONIOENCODING="utf-8",
        PYTHONDONTWRITEBYTECODE="1",
        PYTHONUTF8="1",
        NO_COLOR="1",
        # tests/cases/plots draw nothing on screen: matplotlib's headless backend.
        MPLBACKEND="Agg",
    )
    env.pop("PYTHONPATH", None)
    env.pop("PYTHONSTARTUP", None)
    try:
        return subprocess.run(
            [sys.executable, "-B", path.name],
            cwd=path.parent,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        raise GenError(f"{path}: python3 timed out after {timeout}s") from None


def last_line(stderr: str) -> str:
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    return lines[-1].rstrip() if lines else ""


def exception_class(line: str) -> str:
    return line.split(":", 1)[0].strip()


def bare_class(line: str) -> str:
    """The exception line with the module path of its class dropped.

    python3 prints exceptions of classes outside builtins qualified
    (``numpy.linalg.LinAlgError: Singular matrix``,
    ``numpy.exceptions.AxisError: ...``); xpush prints the class name alone,
    as its diagnostics name every class.
    """
    cls, sep, rest = line.partition(":")
    return cls.strip().rsplit(".", 1)[-1] + sep + rest


def check_name(path: Path) -> None:
    # A case named like a stdlib module (math.py, time.py) would shadow it,
    # since the case's folder is sys.path[0].
    stem = path.stem
    if stem in sys.stdlib_module_names or stem in ("numpy", "cupy", "numpy_xpu"):
        raise GenError(f"{path}: case name shadows module {stem!r}; rename it")


NUMPY_IMPORT_RE = re.compile(r"^\s*(import|from)\s+(numpy|cupy|numpy_xpu)\b", re.M)


def outcome(path: Path, proc: subprocess.CompletedProcess, d: Directives) -> dict[Path, str | None]:
    """The expectation files of one python3 run of a case."""
    out = proc.stdout.decode("utf-8")
    err = proc.stderr.decode("utf-8", errors="replace")
    result: dict[Path, str | None] = {path.with_suffix(".out"): out}
    # python3 names the script by its absolute path; xpush as it was given.
    result[path.with_suffix(".errout")] = (
        err.replace(str(path.parent.resolve()) + "/", "")
        if d.compare_stderr and proc.returncode == 0
        else None
    )
    if proc.returncode == 0:
        result[path.with_suffix(".err")] = None
    elif proc.returncode == 1:
        line = last_line(err)
        cls = exception_class(line)
        if not CLASS_RE.match(cls):
            raise GenError(f"{path}: cannot find the exception line in stderr:\n{err}")
        line = bare_class(line)
        cls = exception_class(line)
        content = line + "\n"
        if cls in SYNTAX_FAMILY:
            content += MATCH_CLASS_MARK + "\n"
        result[path.with_suffix(".err")] = content
    else:
        raise GenError(f"{path}: python3 exited with {proc.returncode}:\n{err}")
    return result


def expect_case(path: Path, oracle: Oracle) -> tuple[dict[Path, str | None], bool]:
    """Return ({expectation file: content or None (= must not exist)},
    whether the case's output depends on the CPU: NumPy's dispatch target or
    glibc's variants).

    Only a machine that reaches the pin can tell the latter: it runs each
    case a second time as on a CPU without AVX2/FMA3 and compares.
    """
    check_name(path)
    text = path.read_text(encoding="utf-8")
    d = parse_directives(text, path)
    if d.expect_class is not None:
        raise GenError(f"{path}: expect-class is only for tests/errors/")
    rel = path.relative_to(CASES)
    uses_numpy = NUMPY_IMPORT_RE.search(text) is not None
    if rel.parts[0] == "lang" and uses_numpy:
        raise GenError(f"{path}: cases/lang must not use numpy")
    result = outcome(path, run_python(path, d.timeout, oracle.env()), d)
    dependent = False
    if oracle.reaches_pin:
        dependent = outcome(path, run_python(path, d.timeout, oracle.env(baseline=True)), d) != result
    return result, dependent


def read_dispatch_list() -> set[str]:
    if not DISPATCH_LIST.exists():
        return set()
    lines = DISPATCH_LIST.read_text(encoding="utf-8").splitlines()
    return {ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")}


def dispatch_list_text(cases: set[str]) -> str:
    head = (
        "# Cases whose python3 output differs between a CPU with AVX2 + FMA3 (NumPy's\n"
        "# X86_V3 loops, glibc's FMA variants) and one without (NumPy's X86_V2\n"
        "# baseline, glibc's plain variants): written by tests/gen_expected.py on a\n"
        "# machine with AVX2 + FMA3, never by hand.  A machine without them cannot\n"
        "# make their expectations again: its --check leaves them out, and the case\n"
        "# runner skips them there (xpush calls the same glibc).\n"
    )
    return head + "".join(c + "\n" for c in sorted(cases))


def expect_corpus(path: Path, oracle: Oracle) -> dict[Path, str | None]:
    check_name(path)
    text = path.read_text(encoding="utf-8")
    d = parse_directives(text, path)
    proc = run_python(path, d.timeout, oracle.env())
    err = proc.stderr.decode("utf-8", errors="replace")
    if proc.returncode == 0:
        if d.expect_class is None:
            raise GenError(
                f"{path}: python3 runs it without error; an error-corpus file must raise, "
                "or declare '# xpush: expect-class=ClassName' for a construct xpush does not support yet"
            )
        cls = d.expect_class
    elif proc.returncode == 1:
        cls = exception_class(last_line(err))
        if not CLASS_RE.match(cls):
            raise GenError(f"{path}: cannot find the exception line in stderr:\n{err}")
        if d.expect_class is not None and d.expect_class != cls:
            raise GenError(f"{path}: expect-class={d.expect_class} but python3 raises {cls}")
    else:
        raise GenError(f"{path}: python3 exited with {proc.returncode}:\n{err}")
    return {path.with_suffix(".class"): cls + "\n"}


def discover(only: str | None) -> list[tuple[Path, str]]:
    jobs: list[tuple[Path, str]] = []
    if only in (None, "cases") and CASES.is_dir():
        # `_name.py` is a module the cases beside it import, not a case.
        jobs += [(p, "case") for p in sorted(CASES.rglob("*.py")) if not p.name.startswith("_")]
    if only in (None, "errors") and ERRORS.is_dir():
        jobs += [(p, "corpus") for p in sorted(ERRORS.glob("*.py"))]
    return jobs


def orphans(only: str | None) -> list[Path]:
    """Expectation files whose .py is gone."""
    found: list[Path] = []
    if only in (None, "cases") and CASES.is_dir():
        for ext in ("*.out", "*.err", "*.errout"):
            found += [p for p in CASES.rglob(ext) if not p.with_suffix(".py").exists()]
    if only in (None, "errors") and ERRORS.is_dir():
        found += [p for p in ERRORS.glob("*.class") if not p.with_suffix(".py").exists()]
    return sorted(found)


def api_names_text(oracle: Oracle) -> str:
    """NumPy's public names per scope: ``dir()`` without the private ones."""
    env = dict(os.environ)
    env.update(oracle.env())
    proc = subprocess.run([sys.executable, "-c", API_PROBE, json.dumps(API_SCOPES)],
                          env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise GenError(f"listing NumPy's names failed:\n{proc.stderr}")
    names = json.loads(proc.stdout)
    out = [f"# NumPy {oracle.numpy}'s public names: dir() of each scope without the names",
           "# starting with '_'. Written by tests/gen_expected.py; do not edit by hand."]
    for scope in API_SCOPES:
        out.append(f"[{scope}]")
        out.extend(names[scope])
    return "\n".join(out) + "\n"


def ufunc_table_text(oracle: Oracle) -> str:
    """NumPy's ufuncs: name, nin, nout, identity, signature and loops."""
    env = dict(os.environ)
    env.update(oracle.env())
    proc = subprocess.run([sys.executable, "-c", UFUNC_PROBE], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise GenError(f"listing NumPy's ufuncs failed:\n{proc.stderr}")
    head = (f"# NumPy {oracle.numpy}'s ufuncs, one a line: name nin nout identity signature types...\n"
            "# Written by tests/gen_expected.py; do not edit by hand.\n")
    return head + proc.stdout


def poly_table_text(oracle: Oracle) -> str:
    """numpy.polynomial's table entries, their examples' results from NumPy."""
    env = dict(os.environ)
    env.update(oracle.env())
    proc = subprocess.run([sys.executable, str(POLY_SCRIPT)], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise GenError(f"writing numpy.polynomial's table failed:\n{proc.stderr}")
    return proc.stdout


def rc_table_text() -> str:
    """matplotlib's rcParams keys, each with the check its value gets."""
    proc = subprocess.run([sys.executable, "-c", RC_PROBE], capture_output=True, text=True)
    if proc.returncode != 0:
        raise GenError(f"listing matplotlib's rcParams failed:\n{proc.stderr}")
    head = ("# matplotlib's rcParams keys, one a line: key kind (bool, float, int, color,\n"
            "# floatpair: two floats; any: not checked). Written by tests/gen_expected.py;\n"
            "# do not edit by hand.\n")
    return head + proc.stdout


def read_or_none(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed files; write nothing; exit 1 on difference")
    ap.add_argument("--only", choices=["cases", "errors"], help="restrict to tests/cases or tests/errors")
    ap.add_argument("--classes", action="store_true", help="same as --only errors: write tests/errors/NAME.class")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 4)
    ap.add_argument("files", nargs="*", type=Path, help="restrict to these .py files")
    args = ap.parse_args()
    only = "errors" if args.classes else args.only

    jobs = discover(only)
    if args.files:
        wanted = {f.resolve() for f in args.files}
        jobs = [j for j in jobs if j[0].resolve() in wanted]
        missing = wanted - {j[0].resolve() for j in jobs}
        if missing:
            print("not a case or corpus file: " + ", ".join(map(str, sorted(missing))), file=sys.stderr)
            return 2

    try:
        oracle = find_oracle()
        check_matplotlib(jobs)
    except GenError as e:
        print(e, file=sys.stderr)
        return 2
    print(oracle.describe())

    # Without the pin, the dispatch-dependent cases cannot be run again.
    committed_dependent = read_dispatch_list()
    left_out: list[str] = []
    if not oracle.reaches_pin:
        keep = []
        for job in jobs:
            name = job[0].relative_to(TESTS).as_posix() if job[1] == "case" else None
            if name in committed_dependent:
                left_out.append(name)
            else:
                keep.append(job)
        jobs = keep

    def work(job: tuple[Path, str]) -> tuple[dict[Path, str | None], bool]:
        path, kind = job
        if kind == "case":
            return expect_case(path, oracle)
        return expect_corpus(path, oracle), False

    failures: list[str] = []
    expected: dict[Path, str | None] = {}
    dependent: dict[str, bool] = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for job, fut in [(j, pool.submit(work, j)) for j in jobs]:
            try:
                files, dep = fut.result()
                expected.update(files)
                if job[1] == "case":
                    dependent[job[0].relative_to(TESTS).as_posix()] = dep
            except GenError as e:
                failures.append(str(e))
    if failures:
        print("\n".join(failures), file=sys.stderr)
        return 2
    if oracle.reaches_pin and only in (None, "cases"):
        # The cases run here decide their own entries; the others keep theirs
        # (all cases are run unless FILES or --only restrict the run).
        now = {c for c in committed_dependent if c not in dependent and (TESTS / c).exists()}
        now |= {c for c, dep in dependent.items() if dep}
        expected[DISPATCH_LIST] = dispatch_list_text(now)
    if only in (None, "cases") and not args.files:
        try:
            expected[API_NAMES] = api_names_text(oracle)
            expected[UFUNC_TABLE] = ufunc_table_text(oracle)
            expected[RC_TABLE] = rc_table_text()
            expected[POLY_TABLE] = poly_table_text(oracle)
        except GenError as e:
            print(e, file=sys.stderr)
            return 2

    stale = [] if args.files else orphans(only)
    changed: list[str] = []
    for path, content in sorted(expected.items()):
        current = read_or_none(path)
        if current == content or within_tolerance(path, current, content):
            continue
        rel = path.relative_to(TESTS) if path.is_relative_to(TESTS) else path.relative_to(ROOT)
        if content is None:
            changed.append(f"{rel}: committed but the case no longer fails")
            if not args.check:
                path.unlink()
        else:
            changed.append(f"{rel}: {'missing' if current is None else 'differs from a fresh python3 run'}")
            if not args.check:
                path.write_text(content, encoding="utf-8", newline="\n")
    for path in stale:
        changed.append(f"{path.relative_to(TESTS)}: orphan (no .py next to it)")
        if not args.check:
            path.unlink()

    n_cases = sum(1 for _, k in jobs if k == "case")
    n_corpus = len(jobs) - n_cases
    if left_out:
        print(
            f"not compared: {len(left_out)} cases whose output depends on NumPy's {PIN_TARGET} "
            f"loops, which this machine cannot run ({oracle.why_not}):\n"
            + "".join(f"  {c}\n" for c in sorted(left_out)),
            end="",
        )
    if args.check:
        if changed:
            print("expectations out of date (run python3 tests/gen_expected.py):", file=sys.stderr)
            print("\n".join("  " + c for c in changed), file=sys.stderr)
            return 1
        print(f"ok: {n_cases} cases and {n_corpus} error-corpus files match python3")
        return 0
    for c in changed:
        print("updated " + c)
    print(f"{n_cases} cases, {n_corpus} error-corpus files; {len(changed)} files changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
