# The random module gives CPython's Mersenne Twister stream for a seed.
import random
random.seed(12345)
print([random.random() for _ in range(5)])
print([random.randint(1, 6) for _ in range(20)])
print([random.randrange(0, 100, 7) for _ in range(10)], random.randrange(-5, 5))
print([round(random.uniform(-1.0, 1.0), 12) for _ in range(4)])
print(random.getrandbits(1), random.getrandbits(31), random.getrandbits(64), random.getrandbits(100))
random.seed(2**70 + 3)
print(random.random(), random.randint(0, 2**80))
random.seed(-7)
print(random.random())
random.seed(0)
print(random.random())
