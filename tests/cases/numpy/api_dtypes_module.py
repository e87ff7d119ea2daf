# np.dtypes (the class of each dtype), np.ScalarType and np.sctypeDict.
import numpy as np
print(type(np.dtype('f8')), type(np.dtype('i4')), type(np.arange(3).dtype), type(np.dtype(bool)), type(np.dtype('c8')))
print(type(np.dtype('f8')) is np.dtypes.Float64DType, type(np.dtype('U3')), type(np.dtype('S2')), type(np.dtype('O')))
print(np.dtypes.Float64DType, np.dtypes.Int32DType, np.dtypes.UInt8DType, np.dtypes.Complex128DType, np.dtypes.BoolDType)
print(repr(np.dtypes.Float64DType()), repr(np.dtypes.Int8DType()), repr(np.dtypes.UInt64DType()), repr(np.dtypes.Float16DType()), repr(np.dtypes.Complex64DType()))
print(isinstance(np.dtype('i4'), np.dtypes.Int32DType), isinstance(np.dtype('i4'), np.dtypes.Int64DType), isinstance(np.dtype('f4'), np.dtype))
print(isinstance(np.dtype('U3'), np.dtypes.StrDType), isinstance(np.dtype('f4'), np.dtypes.StrDType))
print(np.dtypes.LongDType is np.dtypes.Int64DType, np.dtypes.IntDType is np.dtypes.Int32DType, np.dtypes.ByteDType is np.dtypes.Int8DType, np.dtypes.UShortDType is np.dtypes.UInt16DType)
print(np.dtypes.Float64DType.__name__)
print(type(np.ScalarType), int in np.ScalarType, float in np.ScalarType, complex in np.ScalarType, bool in np.ScalarType, str in np.ScalarType, bytes in np.ScalarType)
print(np.float64 in np.ScalarType, np.int8 in np.ScalarType, np.uint64 in np.ScalarType, np.bool in np.ScalarType, np.complex64 in np.ScalarType, np.str_ in np.ScalarType)
print(np.ScalarType[:6])
print(type(np.sctypeDict), np.sctypeDict['float64'], np.sctypeDict['double'], np.sctypeDict['int'], np.sctypeDict['float'], np.sctypeDict['complex'], np.sctypeDict['half'])
print(np.sctypeDict['bool'], np.sctypeDict['uint'], np.sctypeDict['intp'], np.sctypeDict['single'], np.sctypeDict['a'], np.sctypeDict['unicode'], np.sctypeDict['int_'])
print(np.sctypeDict['byte'], np.sctypeDict['ushort'], np.sctypeDict['intc'], np.sctypeDict['uintc'], np.sctypeDict['csingle'], np.sctypeDict['cdouble'])
print('float128' in np.sctypeDict or True, 'int32' in np.sctypeDict, 'foo' in np.sctypeDict)
try:
    np.dtype('f8').foo
except AttributeError as e:
    print(e)
