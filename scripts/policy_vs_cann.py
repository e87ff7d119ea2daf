#!/usr/bin/env python3
"""Compare xpush's NPU dtype table with CANN's own op sources.

xpush decides how each aclnn op runs on the Ascend 910B (Atlas A2, arch
DAV_2201) from the table in `npu/cann/src/support.rs`: aclnn op name ->
input dtypes the op accepts. That table came from research notes and op
README files. This script reads the same facts from CANN's op sources
(the `op_api/aclnn_*.cpp` files of hicann/ops-math, hicann/ops-nn, ...)
and prints a markdown report of where the two agree and where they differ.

Run it from the repository root with the paths of the source checkouts:

    git clone https://github.com/hicann/ops-math ../ops-math
    git clone https://github.com/hicann/ops-nn ../ops-nn
    python3 scripts/policy_vs_cann.py ../ops-math ../ops-nn > docs/policy-vs-cann.md

Options: `--support` (the Rust table, default npu/cann/src/support.rs),
`--notes` (explanations, default scripts/policy_vs_cann_notes.txt) and
`--check` (exit with status 1 if any difference is unexplained or any
op's list was not found). Standard library only.

How the 910B list is found, per op `aclnnFoo`:
1. the source file is the `.cpp` that defines `aclnnFooGetWorkspaceSize`
   (a file under `experimental/` only if no other file defines it);
2. every `std::initializer_list<op::DataType> NAME = {...};` in it is read;
3. the list is the one the notes file names for the op (`list` line), else
   the only input list whose name says 910B (`ASCEND910B_...`,
   `..._910B_LIST`), else the only input list whose name names no platform
   (one list for every chip). Lists whose names say they are for outputs,
   in-place `selfRef`, casts, indices, empty tensors etc. are not input
   lists (see ROLE_WORDS). Anything else is reported as "not parsed".
The report names the list, its file and line, and the first line that
uses it, so a reader can check the choice.

The notes file has one entry a line (`#` starts a comment):

    aclnnNeg list dtype_support_list_afterV200: why this list is the 910B one
    aclnnPowTensorTensor explain int8,int16: why xpush differs on purpose

An `explain` line covers exactly the dtypes it names; a difference in a
dtype no `explain` line names stays unexplained.
"""

import argparse
import datetime
import os
import re
import subprocess
import sys

# CANN's DataType enum names -> NumPy/xpush dtype names.
CANN_DTYPES = {
    "DT_BOOL": "bool",
    "DT_INT8": "int8",
    "DT_INT16": "int16",
    "DT_INT32": "int32",
    "DT_INT64": "int64",
    "DT_UINT8": "uint8",
    "DT_UINT16": "uint16",
    "DT_UINT32": "uint32",
    "DT_UINT64": "uint64",
    "DT_FLOAT16": "float16",
    "DT_BF16": "bfloat16",
    "DT_FLOAT": "float32",
    "DT_DOUBLE": "float64",
    "DT_COMPLEX64": "complex64",
    "DT_COMPLEX128": "complex128",
}

# The order dtypes are printed in; CANN-only dtypes (complex32, float8...)
# come after, alphabetically.
ORDER = list(CANN_DTYPES.values())

# Words in a list's name that say it is not the list of accepted inputs.
ROLE_WORDS = re.compile(
    r"OUT|SELFREF|INPLACE|CAST|EMPTY|NON_CONT|VALUE|INDEX|INDICES|AXPY|ATOMIC"
    r"|SORT|WITHOUT|COMPLEX|CONDITION|_INT$"
)
# Words in a list's name that tie it to a chip other than the 910B.
OTHER_CHIP = re.compile(r"REGBASE|ARCH35|3510|950|310|910(?!B)|OTHER")


def dtype_key(name):
    return (ORDER.index(name), "") if name in ORDER else (len(ORDER), name)


def fmt(dtypes):
    return ", ".join(sorted(dtypes, key=dtype_key)) or "-"


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


def blank_comments(text):
    """C++ text with comments replaced by spaces (line numbers kept)."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))

    return re.sub(r"//[^\n]*|/\*.*?\*/", blank, text, flags=re.S)


# ---------------------------------------------------------------- support.rs


def read_support(path):
    """xpush's table: [(aclnn op, list const, dtypes, line)] in table order."""
    text = open(path, encoding="utf-8").read()
    aliases = {}
    use = re.search(r"use DType::\{(.*?)\};", text, re.S)
    for variant, alias in re.findall(r"(\w+) as (\w+)", use.group(1)):
        aliases[alias] = variant.lower()  # Float32 -> float32, BFloat16 -> bfloat16
    lists = {}
    for m in re.finditer(r"pub const (\w+): &\[DType\] = &\[(.*?)\];", text, re.S):
        lists[m.group(1)] = {aliases[a] for a in re.findall(r"\w+", m.group(2))}
    rows = []
    for m in re.finditer(r'^\s*"(aclnn\w+)" (\w+) (?:true|false);', text, re.M):
        rows.append((m.group(1), m.group(2), lists[m.group(2)], line_of(text, m.start())))
    if not rows:
        sys.exit(f"{path}: no table! rows found")
    return rows, set(aliases.values())


# --------------------------------------------------------------------- notes


def read_notes(path):
    """{op: list name} and {op: [(dtypes, reason)]} from the notes file."""
    lists, explains = {}, {}
    if not os.path.exists(path):
        return lists, explains
    for n, raw in enumerate(open(path, encoding="utf-8"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(r"(aclnn\w+)\s+(list|explain)\s+([^:]+):\s*(.*)$", line)
        if not m:
            sys.exit(f"{path}:{n}: expected 'aclnnOp list NAME: why' or "
                     f"'aclnnOp explain dtype,dtype: why'")
        op, kind, what, why = m.groups()
        if kind == "list":
            lists[op] = (what.strip(), why)
        else:
            dtypes = {d.strip() for d in what.split(",") if d.strip()}
            explains.setdefault(op, []).append((dtypes, why))
    return lists, explains


# ---------------------------------------------------------------- CANN source


def index_sources(roots):
    """{aclnn op: [(path, line)]} of every GetWorkspaceSize definition."""
    defs = {}
    pat = re.compile(r"^[ \t]*(?:ACLNN_API[ \t]+)?aclnnStatus[ \t]+(aclnn\w+)GetWorkspaceSize[ \t]*\(", re.M)
    for root in roots:
        for dirpath, dirnames, files in os.walk(root):
            dirnames[:] = [d for d in dirnames if d != ".git"]
            for f in files:
                if f.startswith("aclnn") and f.endswith(".cpp"):
                    path = os.path.join(dirpath, f)
                    text = open(path, encoding="utf-8", errors="replace").read()
                    for m in pat.finditer(text):
                        defs.setdefault(m.group(1), []).append((path, line_of(text, m.start())))
    for op in defs:  # experimental/ copies last
        defs[op].sort(key=lambda d: ("/experimental/" in d[0], d[0]))
    return defs


def parse_lists(path):
    """[(name, line, dtypes)] of the DataType initializer lists in a file."""
    text = blank_comments(open(path, encoding="utf-8", errors="replace").read())
    out = []
    pat = re.compile(r"initializer_list<\s*(?:op::)?DataType\s*>\s+(\w+)\s*=\s*\{(.*?)\}\s*;", re.S)
    for m in pat.finditer(text):
        names = re.findall(r"DT_\w+", m.group(2))
        dtypes = {CANN_DTYPES.get(d, d[3:].lower()) for d in names}
        out.append((m.group(1), line_of(text, m.start()), dtypes))
    return out, text


def first_use(text, name, decl_line):
    """(line, code) of the first line after the declaration using `name`."""
    for n, code in enumerate(text.split("\n"), 1):
        if n > decl_line and re.search(rf"\b{re.escape(name)}\b", code):
            return n, code.strip()
    return None, ""


def choose_list(lists, override):
    """(list, how) or (None, why not)."""
    if override:
        name = override[0]
        found = [l for l in lists if l[0] == name]
        if not found:
            return None, f"the notes name `{name}`, not in the file"
        return found[0], f"named in the notes: {override[1]}"
    inputs = [l for l in lists if not ROLE_WORDS.search(l[0].upper())]
    b = [l for l in inputs if "910B" in l[0].upper()]
    if len(b) == 1:
        return b[0], "the input list named for the 910B"
    if len(b) > 1:
        return None, "several input lists named for the 910B: " + ", ".join(l[0] for l in b)
    common = [l for l in inputs if not OTHER_CHIP.search(l[0].upper())]
    if len(common) == 1:
        return common[0], "the file's only input list for every chip"
    if not lists:
        return None, "no DataType initializer lists in the file"
    return None, "no single candidate among: " + ", ".join(l[0] for l in lists)


# -------------------------------------------------------------------- report


def repo_id(root):
    """(name, commit, commit date) of a checkout, as far as git knows them."""
    def git(*args):
        try:
            return subprocess.run(["git", "-C", root, *args], capture_output=True,
                                  text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return "unknown"

    return os.path.basename(os.path.abspath(root)), git("rev-parse", "HEAD"), git("log", "-1", "--format=%ci")


def rel(path, roots):
    for root in roots:
        r = os.path.abspath(root)
        if os.path.abspath(path).startswith(r + os.sep):
            return os.path.basename(r) + "/" + os.path.relpath(path, r)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sources", nargs="+", help="checkouts of hicann/ops-math, hicann/ops-nn, ...")
    ap.add_argument("--support", default="npu/cann/src/support.rs")
    ap.add_argument("--notes", default="scripts/policy_vs_cann_notes.txt")
    ap.add_argument("--check", action="store_true", help="exit 1 if anything is unexplained")
    args = ap.parse_args()

    rows, xpush_dtypes = read_support(args.support)
    note_lists, explains = read_notes(args.notes)
    defs = index_sources(args.sources)

    results = []  # dicts, one per table row
    for op, const, xs, rs_line in rows:
        r = {"op": op, "const": const, "xpush": xs, "rs_line": rs_line, "status": None}
        results.append(r)
        if op not in defs:
            r["status"], r["why"] = "source not found", f"no file defines {op}GetWorkspaceSize"
            continue
        path, def_line = defs[op][0]
        r["file"], r["def_line"], r["others"] = rel(path, args.sources), def_line, defs[op][1:]
        lists, text = parse_lists(path)
        chosen, how = choose_list(lists, note_lists.get(op))
        r["how"] = how
        if chosen is None:
            r["status"], r["why"] = "list not parsed", how
            continue
        name, line, cann = chosen
        r["list"], r["line"], r["cann"] = name, line, cann
        r["use"] = first_use(text, name, line)
        r["xpush_only"] = xs - cann  # CANN refuses: the call fails with 161002
        r["cann_only"] = (cann & xpush_dtypes) - xs  # a missed chance: runs on host
        r["not_xpush"] = cann - xpush_dtypes  # dtypes xpush has no use for
        covered = set().union(*(d for d, _ in explains.get(op, [])))
        r["unexplained"] = (r["xpush_only"] | r["cann_only"]) - covered
        if not (r["xpush_only"] | r["cann_only"]):
            r["status"] = "agrees"
        elif r["unexplained"]:
            r["status"] = "DIFFERS"
        else:
            r["status"] = "explained"

    out = []
    w = out.append
    w("# xpush's dtype policy against CANN's op sources")
    w("")
    w("Generated by `scripts/policy_vs_cann.py`; do not edit by hand. Regenerate with")
    w("")
    w("    python3 scripts/policy_vs_cann.py " + " ".join(
        f"<{os.path.basename(os.path.abspath(s))} checkout>" for s in args.sources)
      + " > docs/policy-vs-cann.md")
    w("")
    w(f"on {datetime.date.today().isoformat()}, from these sources (GitHub `hicann/<name>`):")
    w("")
    w("| source | commit | commit date |")
    w("|---|---|---|")
    for s in args.sources:
        name, commit, date = repo_id(s)
        w(f"| {name} | `{commit}` | {date} |")
    w("")
    w(f"xpush's table is `{args.support}` (one row per aclnn op: the input dtypes it "
      "accepts on the 910B, Atlas A2, arch DAV_2201). For each op the script takes the "
      "910B input list from the op's `op_api` source (see the script's docstring for how) "
      "and compares:")
    w("")
    w("- **xpush only**: xpush sends the dtype, CANN's check refuses it: the call would "
      "fail with 161002 (ACLNN_ERR_PARAM_INVALID). Dangerous.")
    w("- **CANN only**: CANN accepts the dtype, xpush runs the op on the host: a missed chance.")
    w("- Dtypes xpush has no use for (complex32, float8, ...) are left out of both.")
    w("")
    w(f"Explanations of deliberate differences come from `{args.notes}`.")
    w("")
    statuses = ["agrees", "explained", "DIFFERS", "source not found", "list not parsed"]
    w("## Summary")
    w("")
    w(f"{len(results)} aclnn ops in the table; " + "; ".join(
        f"{s}: {sum(r['status'] == s for r in results)}" for s in statuses) + ".")
    w("")
    w("| aclnn op | xpush list | CANN 910B list | xpush only (161002) | CANN only (host) | status |")
    w("|---|---|---|---|---|---|")
    for r in results:
        if "cann" in r:
            src = f"`{r['list']}` {r['file']}:{r['line']}"
            w(f"| {r['op']} | `{r['const']}` | {src} | {fmt(r['xpush_only'])} | "
              f"{fmt(r['cann_only'])} | {r['status']} |")
        else:
            w(f"| {r['op']} | `{r['const']}` | - | - | - | {r['status']}: {r['why']} |")
    w("")
    w("## Explanations")
    w("")
    any_note = False
    for r in results:
        for dtypes, why in explains.get(r["op"], []):
            any_note = True
            w(f"- **{r['op']}** ({fmt(dtypes)}): {why}")
    if not any_note:
        w("None.")
    w("")
    w("## Per op")
    w("")
    for r in results:
        w(f"### {r['op']}")
        w("")
        w(f"- xpush: `{r['const']}` ({args.support}:{r['rs_line']}): {fmt(r['xpush'])}")
        if "file" in r:
            w(f"- source: {r['file']}:{r['def_line']} defines `{r['op']}GetWorkspaceSize`")
            for path, line in r["others"]:
                w(f"  (also defined in {rel(path, args.sources)}:{line}, not used)")
        if "cann" in r:
            w(f"- CANN 910B: `{r['list']}` (line {r['line']}; {r['how']}): {fmt(r['cann'] & xpush_dtypes)}")
            if r["not_xpush"]:
                w(f"  and {fmt(r['not_xpush'])}, which xpush has no use for")
            if r["use"][0]:
                w(f"- first used at line {r['use'][0]}: `{r['use'][1]}`")
            if r["xpush_only"]:
                w(f"- xpush only (CANN refuses, 161002): {fmt(r['xpush_only'])}")
            if r["cann_only"]:
                w(f"- CANN only (xpush uses the host): {fmt(r['cann_only'])}")
            if r["unexplained"]:
                w(f"- **unexplained**: {fmt(r['unexplained'])}")
        w(f"- status: {r['status']}" + (f" ({r['why']})" if "why" in r else ""))
        w("")
    print("\n".join(out).rstrip("\n"))
    bad = [r for r in results if r["status"] not in ("agrees", "explained")]
    if args.check and bad:
        sys.exit(1)


if __name__ == "__main__":
    main()
