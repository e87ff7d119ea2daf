# xpush: skip-device=npu
# (on the npu, a.device is npu:0: repl/tests/cli.rs checks it there)
import numpy as np
print(np.zeros(2).device)
