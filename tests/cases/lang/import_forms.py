# import, import ... as, from ... import.
import math
import math as m
from math import sqrt, pi
print(math.sqrt(9), m.sqrt(9), sqrt(9))
print(pi == math.pi, m.pi == pi)
from math import floor
print(floor(3.7))
import time
print(time.perf_counter() > 0 or time.perf_counter() <= 0)
