# xpush: skip-device=npu
# xpush: stderr=compare
# np.seterrcall / np.geterrcall and the 'call', 'log' and 'print' error
# modes: the callback gets the error's kind and every flag the operation
# raised (1 divide, 2 overflow, 8 invalid); a log object's write method
# gets NumPy's "Warning: ..." line; print writes that line to stderr.
import numpy as np

print(np.geterrcall())
for bad in [3, "x", [1]]:
    try:
        np.seterrcall(bad)
    except TypeError as e:
        print("TypeError", e)
print(np.geterrcall())

seen = []


def record(kind, flags):
    seen.append((kind, flags))


print(np.seterrcall(record))
print(np.geterrcall() is record)
old = np.seterr(all="call")
print(sorted(old.items()))
print(sorted(np.geterr().items()))
np.array([1.0, 2.0]) / 0
np.log(np.array([0.0, -1.0, 1.0]))
np.array([1e308]) * 10
np.float64(1) / 0
np.sqrt(np.array([-1.0]))
print(seen)


class Log:
    def __init__(self):
        self.lines = []

    def write(self, s):
        self.lines.append(s)


log = Log()
print(np.seterrcall(log) is record)
np.seterr(all="log")
np.array([1.0]) / 0
np.log(np.array([0.0, -1.0]))
np.exp(np.array([1000.0]))
print(log.lines)

# A callback that raises stops the statement with its exception.
def boom(kind, flags):
    raise ValueError(f"boom: {kind} {flags}")


np.seterrcall(boom)
np.seterr(all="call")
try:
    np.array([1.0]) / 0
except ValueError as e:
    print("ValueError", e)

# No callback: NumPy's NameErrors.
np.seterrcall(None)
try:
    np.array([1.0]) / 0
except NameError as e:
    print("NameError", e)
np.seterr(all="log")
try:
    np.log(np.array([-1.0]))
except NameError as e:
    print("NameError", e)

# errstate(call=...) sets the callback for the block only.
seen.clear()
np.seterr(all="ignore")
with np.errstate(call=record, divide="call"):
    print(np.geterrcall() is record)
    np.array([1.0]) / 0
    np.array([1e308]) * 10
print(np.geterrcall(), seen)
try:
    with np.errstate(call=5):
        pass
except TypeError as e:
    print("TypeError", e)
print(np.geterrcall())

# Modes mixed: the callback runs for 'call', 'raise' raises.
seen.clear()
np.seterrcall(record)
np.seterr(divide="call", invalid="raise")
try:
    np.log(np.array([0.0, -1.0]))
except FloatingPointError as e:
    print("FloatingPointError", e)
print(seen)

# print: the line goes to stderr, for every error of the operation.
np.seterr(all="print")
np.log(np.array([0.0, -1.0]))
np.array([1.0]) / 0
np.seterr(all="warn")
print(sorted(np.seterr(all="warn").items()))
