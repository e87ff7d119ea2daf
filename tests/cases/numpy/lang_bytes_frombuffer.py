# Arrays to bytes and back: tobytes, np.frombuffer, bytes(array).
import numpy as np
a = np.arange(4, dtype=np.int16)
raw = a.tobytes()
print(raw, len(raw), type(raw))
print(np.frombuffer(raw, dtype=np.int16), np.frombuffer(raw, dtype=np.uint8))
print(np.frombuffer(raw, dtype=np.int16, count=2, offset=2), np.frombuffer(b"\x00\x00\x80?", dtype=np.float32))
m = np.array([[1, 2], [3, 4]], dtype=np.int8)
print(m.tobytes(), m.tobytes("F"), m.T.tobytes(), m.T.tobytes("A"), bytes(m))
f = np.linspace(0, 1, 3)
back = np.frombuffer(f.tobytes())
print(back, back.dtype, (back == f).all(), np.frombuffer(bytearray(b"ab"), dtype=np.uint8))
print(np.frombuffer(b"", dtype=np.uint8), np.float32(1.5).tobytes(), np.array(True).tobytes())
