import math
print(math.floor(1.5))
print(math.nosuch)
