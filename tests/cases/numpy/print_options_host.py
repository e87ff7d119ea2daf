# xpush: skip-device=npu
# sign=, floatmode=, legacy= and nanstr= with structured, object, string and datetime arrays, void scalars and string/time scalars.
import numpy as np
r = np.array([(1.5, 2, 'ab'), (-0.25, -3, 'c')], dtype=[('x', 'f8'), ('y', 'i4'), ('s', 'U2')])
o = np.array([np.float64(1.5), 2, 'x', np.int32(3)], dtype=object)
s = np.array(['a', 'bc'])
d = np.array(['2020-01-01', 'NaT'], dtype='datetime64[D]')
for kw in [dict(sign='+'), dict(sign=' '), dict(floatmode='fixed', precision=3), dict(legacy='1.25'), dict(legacy='1.13'), dict(nanstr='N')]:
    with np.printoptions(**kw):
        print(kw)
        print(repr(r), r, repr(r[0]), r[0])
        print(repr(o), o, repr(s), s, repr(d), d)
        print(repr(np.array([np.nan, 1.0], dtype=object)), [np.str_('q'), np.bytes_(b'z'), np.datetime64('NaT'), np.timedelta64('NaT', 's')])
