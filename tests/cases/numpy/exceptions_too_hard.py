# xpush: skip-device=npu
# numpy.exceptions.TooHardError, np.shares_memory's error past max_work
import numpy as np
print(np.exceptions.TooHardError, issubclass(np.exceptions.TooHardError, RuntimeError), np.exceptions.TooHardError.__name__)
try:
    raise np.exceptions.TooHardError("Exceeded max_work")
except RuntimeError as e:
    print(type(e).__name__, e)
