# deque: both ends, rotate, maxlen as a sliding window.
from collections import deque

q = deque([1, 2, 3])
q.append(4)
q.appendleft(0)
print(q, len(q), q[0], q[-1], 2 in q, 9 in q)
print(q.pop(), q.popleft(), q)
q.rotate(1)
print(q)
q.rotate(-2)
print(q)
q.extend([7, 8])
q.extendleft("ab")
print(q, q.count(7), q.index(8))
q.remove("a")
q.insert(1, "x")
q[0] = "B"
del q[-1]
print(q)
q.reverse()
print(q, list(reversed(q)))
window = deque(maxlen=3)
for i in range(6):
    window.append(i)
    print(list(window), sum(window) / len(window))
print(window, window.maxlen, window.copy(), deque().maxlen)
print(bool(deque()), bool(window), deque("ab") == deque("ab"), deque([1]) == [1])
print(type(q), type(q).__name__, isinstance(q, deque))
frontier = deque([(0, 0)])
seen = {(0, 0)}
while frontier:
    x, y = frontier.popleft()
    for nx, ny in [(x + 1, y), (x, y + 1)]:
        if nx < 3 and ny < 3 and (nx, ny) not in seen:
            seen.add((nx, ny))
            frontier.append((nx, ny))
print(len(seen), sorted(seen)[-1])
q.clear()
print(q)
