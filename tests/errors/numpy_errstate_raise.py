import numpy as np

with np.errstate(divide="raise"):
    print(np.log(np.array([1.0, 0.0])))
