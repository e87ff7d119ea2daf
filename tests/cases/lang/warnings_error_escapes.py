# A warning turned into an error by filterwarnings ends the script as an exception.
import warnings

warnings.filterwarnings("error", message=r"value \d+ is odd")
warnings.warn("value x is odd")
print("ignored text did not match")
warnings.warn("value 7 is odd")
print("never")
