from functools import reduce
import operator
print(reduce(operator.add, [1]))
reduce(operator.add, [])
