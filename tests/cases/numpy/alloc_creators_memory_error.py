# xpush: skip-device=npu
# Creators that build their result other than by filling (arange, linspace,
# eye, identity, tri, tile, repeat, indices, meshgrid, a copy or a cast of
# a broadcast view) raise NumPy's _ArrayMemoryError when the allocator
# refuses the result (here beyond any machine's memory), naming the shape
# NumPy names: np.tile's is that of the rows it repeats first. A size
# beyond the index range is the ValueError.
import numpy as np

big = 2**50
for make in [lambda: np.arange(big), lambda: np.arange(0.0, 2.0**50, 1.0),
             lambda: np.arange(big, dtype=np.int8), lambda: np.linspace(0, 1, big),
             lambda: np.eye(2**25), lambda: np.identity(2**25, dtype=np.int32),
             lambda: np.tri(2**25, 2**26, dtype=np.int8),
             lambda: np.tile(np.ones(3), big), lambda: np.tile(np.ones((2, 1), np.int8), (2**25, 2**25)),
             lambda: np.tile(np.ones(3), 2**62), lambda: np.repeat(np.ones(3, np.int8), big),
             lambda: np.repeat(np.arange(3), [1, big, 2]), lambda: np.repeat(np.ones((2, 2)), big, axis=1),
             lambda: np.indices((2**25, 2**25)), lambda: np.meshgrid(np.arange(2**25), np.arange(2**25)),
             lambda: np.broadcast_to(np.ones(1), (big,)).copy(),
             lambda: np.broadcast_to(np.ones(1), (big,)).astype(np.int64)]:
    try:
        r = make()
        print("ok", r.shape if hasattr(r, "shape") else len(r))
    except MemoryError as e:
        print("MemoryError:", e)
    except ValueError as e:
        print("ValueError:", e)
