import numpy as np
x = np.arange(6)
condlist = [x < 3, x > 3]
choicelist = [x, x ** 2]
print(np.select(condlist, choicelist, 42))
condlist = [x <= 4, x > 3]
choicelist = [x, x ** 2]
print(np.select(condlist, choicelist, 55))
print(np.select([x < 2], [x.astype(np.float32)]))
print(np.select([x < 2], [x.astype(np.float32)], default=np.float32(-1)))
print(np.select([x > 10], [x]))
print(np.select([np.array([[True], [False]])], [np.arange(3)], default=-1))
