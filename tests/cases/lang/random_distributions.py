# gauss (with its cached pair), normalvariate, expovariate, and independent Random objects.
import random
random.seed(99)
print([random.gauss(0, 1) for _ in range(5)])
print([random.gauss(10, 2) for _ in range(3)])
print([random.normalvariate(0, 1) for _ in range(3)])
print([random.expovariate(2.0) for _ in range(3)])
a = random.Random(5)
b = random.Random(5)
print(a.random() == b.random(), a.randint(1, 100), b.randint(1, 100))
items = list(range(10))
a.shuffle(items)
print(items, a.sample(items, 3), a.choice(items), a.gauss(), a.uniform(2, 3))
random.seed(99)
x = random.random()
random.seed(99)
print(x == random.random())
try:
    random.randrange(5, 5)
except ValueError as e:
    print("ValueError:", e)
