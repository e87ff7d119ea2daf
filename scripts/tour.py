#!/usr/bin/env xpush
# A guided tour of xpush, run by `xpush --tour` (or `xpush scripts/tour.py`).
# Every line here also works typed into the shell: start `xpush` and try.

def section(title):
    print()
    print("== " + title + " " + "=" * (60 - len(title)))

print("Welcome to xpush: Python syntax with NumPy semantics, on cpu (and, soon, Ascend NPUs).")
print("This tour runs a few lines of each topic and shows what they print.")

section("1. Values")
print("Python's values behave as in Python: ints never overflow, floats print")
print("their shortest round-trip form, strings and lists have their methods.")
x = 2 ** 100
print("2 ** 100 =", x)
print("0.1 + 0.2 =", 0.1 + 0.2)
print("-2 ** 2 =", -2 ** 2, "  (** binds tighter than unary minus)")
words = "try time verify".split()
print("'try time verify'.split() ->", words, "  words[0].upper() ->", words[0].upper())
print("1 < 2 < 3 is", 1 < 2 < 3)

section("2. Functions")
print("def, default arguments, keyword arguments and closures work as in Python.")

def scale(values, factor=2):
    out = []
    for v in values:
        out.append(v * factor)
    return out

print("scale([1, 2, 3]) ->", scale([1, 2, 3]))
print("scale([1, 2, 3], factor=0.5) ->", scale([1, 2, 3], factor=0.5))

section("3. The session: meta-commands")
print("A line starting with ':' is a meta-command, in the shell and in scripts.")
print("':device' shows where arrays will live and the default float dtype:")
:device
print("':mode float64=cpu' sets how float64 work runs on the NPU (float32, cpu or off):")
:mode float64=cpu
:mode float64=float32

section("4. Timing")
print("':time STMT' runs a statement once and prints its wall time:")
:time total = sum(range(100000))
print("':timeit STMT' repeats it, choosing the loop count as IPython does:")
:timeit -n 1000 -r 7 scale([1, 2, 3])
print("':time on' prints a dim wall-time line after every statement until ':time off'.")

section("5. Errors")
print("Errors are Python's exception classes with NumPy's messages, drawn under")
print("the code that failed. In the shell a failed line binds nothing:")
print("  >>> y = 1 / 0      # ZeroDivisionError, and y stays undefined")
print("Try in the shell: len(5), [1, 2][5], undefined_name, math.sqrt(-1).")

section("6. Arrays and devices")
print("`import numpy as np` (also as cupy or numpy_xpu) gives NumPy's arrays,")
print("dtypes and functions. `:vars` shows each array's shape, dtype, device")
print("and bytes. Arrays live on the session device: `:device npu` on an")
print("Ascend host (CANN), or `:device npu-sim` here: the simulated Ascend NPU")
print("built with xpush, nothing to install (`xpush --device npu-sim`). There")
print("`:profile on` shows which aclnn op ran each NumPy call, `:verify on")
print("cann-single` checks every result against the cpu by Ascend's precision")
print("standard, and `scripts/demo.py` shows it all in one run.")
:vars

section("7. Plots")
print("`import matplotlib.pyplot as plt` draws figures as matplotlib does (PNG or")
print("SVG with savefig, inline with plt.show() where the terminal shows images).")
print("`xpush scripts/gallery.py OUTDIR` draws every pyplot function once into")
print("OUTDIR; `python3 scripts/gallery.py OUTDIR` draws the same with matplotlib.")

section("Next")
print("Start the shell with `xpush`. Tab completes names, `np.` members and")
print("methods; Ctrl-R searches history; `:help` lists every command and")
print("`:help NAME` shows a function's signature, doc and examples.")
