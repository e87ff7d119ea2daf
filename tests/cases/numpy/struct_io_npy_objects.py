# Structured arrays with object fields in .npy files: NumPy pickles them,
# so saving with allow_pickle=False and loading (allow_pickle=False by
# default) raise NumPy's errors.
import numpy as np

npy = '_xpush_tmp_struct_io_objects.npy'
obj = np.array([(1, 2)], dtype=[('a', 'O'), ('b', 'i4')])
try:
    np.save(npy, obj, allow_pickle=False)
except ValueError as e:
    print('ValueError', e)
nested = np.array([((1,), 2)], dtype=[('p', [('o', 'O')]), ('b', 'i4')])
try:
    np.save(npy, nested, allow_pickle=False)
except ValueError as e:
    print('ValueError', e)

# What NumPy's np.save wrote for `obj` (the data pickled).
with open(npy, 'wb') as f:
    f.write(b"\x93NUMPY\x01\x00v\x00{'descr': [('a', '|O'), ('b', '<i4')], 'fortran_order': False, 'shape': (1,), }                                      \n\x80\x04\x95\xec\x00\x00\x00\x00\x00\x00\x00\x8c\x16numpy._core.multiarray\x94\x8c\x0c_reconstruct\x94\x93\x94\x8c\x05numpy\x94\x8c\x07ndarray\x94\x93\x94K\x00\x85\x94C\x01b\x94\x87\x94R\x94(K\x01K\x01\x85\x94h\x03\x8c\x05dtype\x94\x93\x94\x8c\x03V12\x94\x89\x88\x87\x94R\x94(K\x03\x8c\x01|\x94N\x8c\x01a\x94\x8c\x01b\x94\x86\x94}\x94(h\x11h\x0c\x8c\x02O8\x94\x89\x88\x87\x94R\x94(K\x03h\x10NNNJ\xff\xff\xff\xffJ\xff\xff\xff\xffK?t\x94bK\x00\x86\x94h\x12h\x0c\x8c\x02i4\x94\x89\x88\x87\x94R\x94(K\x03\x8c\x01<\x94NNNJ\xff\xff\xff\xffJ\xff\xff\xff\xffK\x00t\x94bK\x08\x86\x94uK\x0cK\x01K\x1bt\x94b\x89]\x94K\x01K\x02\x86\x94at\x94b.")
with open(npy, 'rb') as f:
    try:
        np.load(f)
    except ValueError as e:
        print('ValueError', e)
np.load(npy)
