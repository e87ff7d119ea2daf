from collections import deque

queue = deque(maxlen=2)
queue.popleft()
