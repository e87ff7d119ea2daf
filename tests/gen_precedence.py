#!/usr/bin/env python3
"""Generate tests/cases/lang/precedence_generated.py, an exhaustive precedence test.

    python3 tests/gen_precedence.py && python3 tests/gen_expected.py

For every ordered pair (op1, op2) of the binary operators below, it emits
``a op1 b op2 c`` for a few small int operand triples, preferring triples for
which the two possible groupings ``(a op1 b) op2 c`` and ``a op1 (b op2 c)``
give different values, so a wrong precedence or associativity changes the
output.  Then the unary operators ``- + ~ not`` on either side of each binary
operator (``not`` on the right only where Python allows it, after ``and`` /
``or``), unary chains, conditional expressions mixed with ``or`` / ``and``,
and ``lambda`` and ``:=`` against the conditional and the boolean operators.

Every expression is evaluated here first: triples that divide by zero, shift
by a negative count or give huge results are skipped, so the generated file
runs clean.  Nothing here decides the expected output: that comes from
gen_expected.py running the generated file under python3.  The output is
deterministic (no randomness), so re-running changes nothing.
"""

from __future__ import annotations

import itertools
from pathlib import Path

OUT = Path(__file__).resolve().parent / "cases" / "lang" / "precedence_generated.py"

BINARY = ["**", "*", "/", "//", "%", "+", "-", "<<", ">>", "&", "^", "|",
          "<", "<=", "==", "!=", ">", ">=", "and", "or"]
UNARY = ["-", "+", "~", "not"]

# Candidate operand triples, tried in order. Small, non-zero mostly, some
# negative, some equal (so comparisons chain both ways) and a zero (so and/or
# short-circuit on a falsy operand).
TRIPLES = [
    (2, 3, 4), (7, 3, 2), (5, 2, 3), (3, 2, 1), (6, 4, 5), (2, 2, 3),
    (4, 1, 2), (3, 5, 2), (-3, 2, 5), (5, -2, 3), (6, 3, -2), (1, 0, 2),
    (0, 3, 1), (2, 3, 3), (9, 4, 6), (-7, 3, 2), (0, 3, 0),
]
PER_PAIR = 3          # expressions per ordered operator pair
PER_LINE = 6          # expressions per print() call
MAX_REPR = 40         # skip results whose repr is longer than this


def safe_eval(expr: str):
    """Evaluate expr; return (ok, value)."""
    try:
        v = eval(expr, {"__builtins__": {"sum": sum}}, {})  # noqa: S307 - our own generated text
    except (ZeroDivisionError, ValueError, OverflowError, TypeError):
        return False, None
    if isinstance(v, complex):
        return False, None
    if len(repr(v)) > MAX_REPR:
        return False, None
    return True, v


def same(x, y) -> bool:
    return type(x) is type(y) and repr(x) == repr(y)


def pair_exprs(op1: str, op2: str) -> list[str]:
    chosen: list[str] = []
    fallback: list[str] = []
    for a, b, c in TRIPLES:
        a_, b_, c_ = (f"({v})" if v < 0 else str(v) for v in (a, b, c))
        expr = f"{a_} {op1} {b_} {op2} {c_}"
        ok, v = safe_eval(expr)
        if not ok:
            continue
        ok_l, left = safe_eval(f"({a_} {op1} {b_}) {op2} {c_}")
        ok_r, right = safe_eval(f"{a_} {op1} ({b_} {op2} {c_})")
        distinguishes = not (ok_l and ok_r and same(left, right))
        (chosen if distinguishes else fallback).append(expr)
        if len(chosen) >= PER_PAIR:
            break
    return (chosen + fallback)[:PER_PAIR]


def unary_exprs(op: str) -> list[str]:
    out: list[str] = []
    for u in UNARY:
        sep = " " if u == "not" else ""
        for a, b in [(2, 3), (3, 2), (0, 5), (5, 1)]:
            left = f"{u}{sep}{a} {op} {b}"
            if safe_eval(left)[0]:
                out.append(left)
                break
        if u == "not" and op not in ("and", "or"):
            continue  # `a + not b` is a SyntaxError in Python
        for a, b in [(2, 3), (3, 2), (5, 0), (1, 5)]:
            right = f"{a} {op} {u}{sep}{b}"
            if safe_eval(right)[0]:
                out.append(right)
                break
    return out


def chains() -> list[str]:
    out = []
    for u1, u2 in itertools.product(UNARY, repeat=2):
        if u2 == "not" and u1 != "not":
            continue  # `-not 3` is a SyntaxError in Python
        s1 = " " if u1 == "not" else ""
        s2 = " " if u2 == "not" else ""
        out.append(f"{u1}{s1}{u2}{s2}3")
    out += ["-2 ** 2", "-2 ** -2", "2 ** -2 ** 2", "~2 ** 2", "not 2 ** 0",
            "-(2) ** 2", "2 ** - 1", "- - - 1", "~ ~ 5", "not not not 0",
            "2 * -3 ** 2", "-3 * -3", "1 - -1", "1 + +1", "1 - ~1",
            "2 ** 3 ** 2 ** 0", "(2 ** 3) ** 2", "2 - 3 - 4 - 5", "64 / 4 / 2 / 2",
            "100 // 7 // 2", "100 % 7 % 3", "1 << 2 << 3", "256 >> 2 >> 1",
            "1 < 2 < 3 < 4", "1 < 3 > 2 == 2 != 5", "1 == 1 == 1.0", "3 > 2 > 1 > 0 >= 0"]
    return out


def ternaries() -> list[str]:
    forms = [
        "{a} if {c} else {b}",
        "{a} if {c} else {b} or {d}",
        "{a} or {b} if {c} else {d}",
        "{a} and {b} if {c} else {d}",
        "{a} if {c} or {d} else {b}",
        "{a} if {c} and {d} else {b}",
        "{a} if not {c} else {b}",
        "{a} if {c} else {b} if {d} else {e}",
        "({a} if {c} else {b}) if {d} else {e}",
        "{a} + {b} if {c} else {d} - {e}",
        "{a} if {c} else {b} and {d}",
        "not {a} if {c} else {b}",
        "-{a} if {c} < {d} else {b} ** 2",
        "{a} if {c} == {d} else {b} | {e}",
    ]
    values = [dict(a=1, b=2, c=0, d=3, e=4), dict(a=5, b=0, c=1, d=0, e=7),
              dict(a=0, b=6, c=2, d=2, e=0)]
    return [f.format(**v) for f in forms for v in values]


def lambdas_and_walrus() -> list[str]:
    """`lambda` and `:=` against the conditional and the boolean operators:
    a lambda's body is a whole conditional, `:=` binds a whole conditional
    and is lower than every other operator."""
    forms = [
        "(lambda: {a} if {c} else {b})()",
        "(lambda x: x or {b} if {c} else {d})({a})",
        "(lambda x, y={b}: x * y + {c})({a})",
        "(lambda: lambda: {a} - {b})()()",
        "(lambda x: not x)({c})",
        "(lambda *xs: sum(xs) * {a})({b}, {c})",
        "(x := {a} + {b}) * {c}",
        "(x := {a} if {c} else {b}) - {d}",
        "(x := {a}) and {b} or {c}",
        "{a} if (x := {c}) else x + {b}",
        "[(x := {a} * {b}), x ** 2]",
        "(x := {a} or {c}) + (x := x * {b})",
        "(f := lambda: {a} or {b}) and f()",
        "(lambda: (x := {a} + {c}) * x)()",
    ]
    values = [dict(a=1, b=2, c=0, d=3), dict(a=5, b=0, c=1, d=0),
              dict(a=0, b=6, c=2, d=2)]
    return [f.format(**v) for f in forms for v in values]


def main() -> None:
    groups: list[tuple[str, list[str]]] = []
    for op1, op2 in itertools.product(BINARY, repeat=2):
        groups.append((f"{op1} then {op2}", pair_exprs(op1, op2)))
    for op in BINARY:
        groups.append((f"unary with {op}", unary_exprs(op)))
    groups.append(("unary chains and associativity", chains()))
    groups.append(("conditional expressions with or/and", ternaries()))
    groups.append(("lambda and := with conditionals", lambdas_and_walrus()))

    lines = [
        "# Generated by tests/gen_precedence.py: do not edit; re-run the generator.",
        "# Precedence and associativity of every ordered pair of binary operators,",
        "# unary operators on either side, and conditional expressions.",
    ]
    total = 0
    for title, exprs in groups:
        if not exprs:
            # e.g. `/` with a bitwise operator: one operand is always a float.
            lines.append(f"# {title}: no int operands give a value (always TypeError)")
            continue
        for chunk_start in range(0, len(exprs), PER_LINE):
            chunk = exprs[chunk_start:chunk_start + PER_LINE]
            # Python's print separates with spaces; '|' makes column slips visible.
            lines.append("print(" + ", ".join(chunk) + ", sep=' | ')")
            total += len(chunk)
        lines.append(f"print('-- {title}')")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")
    print(f"wrote {OUT} ({total} expressions)")


if __name__ == "__main__":
    main()
