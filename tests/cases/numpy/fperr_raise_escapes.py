# xpush: skip-device=npu
# Under errstate(all='raise') an invalid operation ends the script with
# FloatingPointError.
import numpy as np

with np.errstate(all="raise"):
    print(np.sqrt(np.array([4.0])))
    print(np.sqrt(np.array([-4.0])))
