# xpush: stderr=compare
# warnings.warn through the filters: shown once per place, stacklevel, error, ignore, record.
import warnings

def old_api(x):
    warnings.warn("old_api is deprecated", DeprecationWarning, stacklevel=2)
    return x * 2

def helper():
    warnings.warn("careful")

for i in range(3):
    helper()
print(old_api(2))
warnings.warn("a runtime one", RuntimeWarning)
warnings.warn(UserWarning("an instance"))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    helper()
    helper()
    warnings.warn("future", FutureWarning)
    print(len(w), [str(x.message) for x in w], w[0].category, w[2].category.__name__, w[0].lineno)
    print(issubclass(w[-1].category, Warning), w[0].filename.endswith("w1.py"))
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        helper()
    except UserWarning as e:
        print("raised:", type(e).__name__, e)
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="care")
    helper()
    warnings.filterwarnings("error", category=RuntimeWarning)
    try:
        warnings.warn("boom", RuntimeWarning)
    except RuntimeWarning as e:
        print("raised", repr(e))
warnings.filterwarnings("ignore", category=UserWarning)
helper()
print(warnings.formatwarning("m", UserWarning, "f.py", 3, "x = 1"))
class MyWarning(UserWarning):
    pass
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.warn("mine", MyWarning)
    print(w[0].category.__name__, isinstance(w[0].message, MyWarning), str(w[0].message))
for f in [lambda: warnings.filterwarnings("foo"), lambda: warnings.warn("x", "str"), lambda: warnings.warn("x", ValueError)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
print("done")
