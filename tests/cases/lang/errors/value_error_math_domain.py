import math
print(math.sqrt(4))
print(math.sqrt(-1))
