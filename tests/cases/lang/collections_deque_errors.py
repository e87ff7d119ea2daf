# deque's errors, with CPython's messages.
from collections import deque


def attempt(f):
    try:
        print(repr(f()))
    except (TypeError, ValueError, IndexError, AttributeError) as e:
        print(type(e).__name__, e)


attempt(lambda: deque().pop())
attempt(lambda: deque().popleft())
attempt(lambda: deque([1])[3])
attempt(lambda: deque([1])["a"])
attempt(lambda: deque([1]).index(5))
attempt(lambda: deque([1]).remove(5))
attempt(lambda: deque(maxlen=-1))
attempt(lambda: deque([1, 2], maxlen=2).insert(0, 3))
attempt(lambda: deque().missing)
