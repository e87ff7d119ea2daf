import numpy as np
print(np.can_cast(np.int8, np.int16), np.can_cast(np.int64, np.float32))
print(np.can_cast('f8', 'f4'), np.can_cast('f8', 'f4', 'same_kind'))
print(np.can_cast('i8', 'u8', 'same_kind'), np.can_cast('c8', 'f8', 'unsafe'))
print(np.can_cast(np.uint8, np.int8, 'no'), np.can_cast(np.uint8, np.uint8, 'equiv'))
