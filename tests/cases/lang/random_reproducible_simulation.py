# A seeded random walk: the same numbers as CPython for the same seed.
import random
def walk(steps, seed):
    rng = random.Random(seed)
    x = 0
    path = [x]
    for _ in range(steps):
        x += rng.choice([-1, 1])
        path.append(x)
    return path
print(walk(20, 3))
print(walk(20, 3) == walk(20, 3), walk(20, 3) == walk(20, 4))
random.seed(11)
samples = [random.gauss(5.0, 2.0) for _ in range(1000)]
mean = sum(samples) / len(samples)
print(round(mean, 10), round(min(samples), 10), round(max(samples), 10))
