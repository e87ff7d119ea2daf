# xpush: stderr=compare
# The default action shows a warning once per place; "always", "once" and
# "module" as CPython's; a DeprecationWarning shows in __main__ only.
import warnings


def check(n):
    if n < 0:
        warnings.warn(f"negative input {n}", RuntimeWarning, stacklevel=2)
    return abs(n)


for v in [-1, -1, 2, -3]:
    check(v)
for v in [-1, -1]:
    check(v)
warnings.warn("old", DeprecationWarning)
warnings.warn("pending", PendingDeprecationWarning)
warnings.simplefilter("always", UserWarning)
for _ in range(2):
    warnings.warn("every time")
warnings.simplefilter("once")
for _ in range(3):
    warnings.warn("just once")
    warnings.warn("just once", FutureWarning)
warnings.resetwarnings()
warnings.warn("after reset", DeprecationWarning)
warnings.showwarning("shown by hand", UserWarning, "elsewhere.py", 12, line="x = f()")
print("done")
