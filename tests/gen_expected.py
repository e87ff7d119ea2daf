#!/usr/bin/env python3
"""Generate the expected outputs of xpush's test cases by running python3.

python3 (3.11, with NumPy 2.x for the numpy cases) is the oracle: every
expectation file is produced here and never written by hand.

    python3 tests/gen_expected.py            # (re)write every expectation
    python3 tests/gen_expected.py --check    # exit 1 if any committed file differs
    python3 tests/gen_expected.py --only cases tests/cases/lang/str_split.py
    python3 tests/gen_expected.py --classes  # only tests/errors/NAME.class

Cases: every ``tests/cases/**/*.py``.  Each runs as ``python3 NAME.py`` with
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

Error corpus: every ``tests/errors/*.py`` gets ``NAME.class`` holding the name
of the exception class python3 raises (one line).  The rendered diagnostics
(``NAME.stderr``) are xpush's own and are blessed by the Rust harness, not
here.  A corpus file that python3 runs without error (a construct xpush's
version 1 does not support yet, e.g. a lambda) must declare the class xpush
is to raise with an ``expect-class`` directive; that value is written instead.

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
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CASES = TESTS / "cases"
ERRORS = TESTS / "errors"
DEFAULT_TIMEOUT = 60
SYNTAX_FAMILY = {"SyntaxError", "IndentationError", "TabError"}
MATCH_CLASS_MARK = "# xpush: match=class"
DIRECTIVE_RE = re.compile(r"^#\s*xpush:\s*(.*)$")
KNOWN_KEYS = {"rtol", "atol", "skip-device", "timeout", "expect-class"}
CLASS_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*$")


class GenError(Exception):
    """A case that cannot produce a valid expectation."""


@dataclass
class Directives:
    rtol: float | None = None
    atol: float | None = None
    skip_devices: list[str] = field(default_factory=list)
    timeout: int = DEFAULT_TIMEOUT
    expect_class: str | None = None


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
                elif key == "skip-device":
                    d.skip_devices.extend(v for v in value.split(",") if v)
                elif key == "expect-class":
                    if not CLASS_RE.match(value):
                        raise ValueError(value)
                    d.expect_class = value
            except ValueError:
                raise GenError(f"{path}: bad value in directive {item!r}") from None
    return d


def run_python(path: Path, timeout: int) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.update(
        PYTHONHASHSEED="0",
        PYTHONIOENCODING="utf-8",
        PYTHONDONTWRITEBYTECODE="1",
        PYTHONUTF8="1",
        NO_COLOR="1",
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


def expect_case(path: Path) -> dict[Path, str | None]:
    """Return {expectation file: content or None (= must not exist)}."""
    check_name(path)
    text = path.read_text(encoding="utf-8")
    d = parse_directives(text, path)
    if d.expect_class is not None:
        raise GenError(f"{path}: expect-class is only for tests/errors/")
    rel = path.relative_to(CASES)
    if rel.parts[0] == "lang" and re.search(r"^\s*(import|from)\s+(numpy|cupy|numpy_xpu)\b", text, re.M):
        raise GenError(f"{path}: cases/lang must not use numpy")
    proc = run_python(path, d.timeout)
    out = proc.stdout.decode("utf-8")
    err = proc.stderr.decode("utf-8", errors="replace")
    result: dict[Path, str | None] = {path.with_suffix(".out"): out}
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


def expect_corpus(path: Path) -> dict[Path, str | None]:
    check_name(path)
    text = path.read_text(encoding="utf-8")
    d = parse_directives(text, path)
    proc = run_python(path, d.timeout)
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
        jobs += [(p, "case") for p in sorted(CASES.rglob("*.py"))]
    if only in (None, "errors") and ERRORS.is_dir():
        jobs += [(p, "corpus") for p in sorted(ERRORS.glob("*.py"))]
    return jobs


def orphans(only: str | None) -> list[Path]:
    """Expectation files whose .py is gone."""
    found: list[Path] = []
    if only in (None, "cases") and CASES.is_dir():
        for ext in ("*.out", "*.err"):
            found += [p for p in CASES.rglob(ext) if not p.with_suffix(".py").exists()]
    if only in (None, "errors") and ERRORS.is_dir():
        found += [p for p in ERRORS.glob("*.class") if not p.with_suffix(".py").exists()]
    return sorted(found)


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

    def work(job: tuple[Path, str]) -> dict[Path, str | None]:
        path, kind = job
        return expect_case(path) if kind == "case" else expect_corpus(path)

    failures: list[str] = []
    expected: dict[Path, str | None] = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for job, fut in [(j, pool.submit(work, j)) for j in jobs]:
            try:
                expected.update(fut.result())
            except GenError as e:
                failures.append(str(e))
    if failures:
        print("\n".join(failures), file=sys.stderr)
        return 2

    stale = [] if args.files else orphans(only)
    changed: list[str] = []
    for path, content in sorted(expected.items()):
        current = read_or_none(path)
        if current == content:
            continue
        rel = path.relative_to(TESTS)
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
