import numpy as np
for s in ['f', 'd', 'i', 'l', 'b', 'B', 'h', 'H', '?', 'F', 'D', 'e', 'i1', 'u8', 'c8', '<f8', 'float', 'int', 'complex', 'bool', 'double', 'single', 'half', 'uint', 'intp']:
    print(s, np.dtype(s))
