# Under the 'error' filter a user's Warning class is raised as itself, and a
# Warning instance given as the message as it is.
import warnings
class MyWarning(UserWarning):
    pass
warnings.simplefilter("error")
try:
    warnings.warn("custom", MyWarning)
except MyWarning as e:
    print("caught", type(e).__name__, e, e.args, isinstance(e, UserWarning))
try:
    warnings.warn(MyWarning("inst"))
except MyWarning as e:
    print("inst", type(e).__name__, e)
try:
    warnings.warn("builtin", RuntimeWarning)
except RuntimeWarning as e:
    print("builtin", type(e).__name__, e)
try:
    warnings.warn("plain")
except UserWarning as e:
    print("plain", type(e).__name__, e)
