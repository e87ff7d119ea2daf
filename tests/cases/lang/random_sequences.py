# choice, choices, shuffle and sample as CPython draws them.
import random
random.seed(7)
deck = [f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK"]
random.shuffle(deck)
print(deck[:10])
print(random.choice(deck), random.choice("xyz"), random.choice(range(100)))
print(random.sample(deck, 5), random.sample(range(1000), 8))
print(random.sample(range(30), 25))
print(random.choices("abc", k=6))
print(random.choices(["lo", "mid", "hi"], weights=[1, 5, 10], k=8))
print(random.choices(range(4), cum_weights=[0.1, 0.2, 0.9, 1.0], k=5))
try:
    random.choice([])
except IndexError as e:
    print("IndexError:", e)
try:
    random.sample([1, 2], 3)
except ValueError as e:
    print("ValueError:", e)
