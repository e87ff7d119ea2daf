# Nested dicts, sorting by value, grouping: the shapes of tutorial code.
grades = {'ann': [90, 85], 'bob': [70, 95, 80], 'cy': [88]}
averages = {name: sum(g) / len(g) for name, g in grades.items()}
print(averages)
for name, avg in sorted(averages.items(), key=lambda kv: kv[1], reverse=True):
    print(f"{name:>4}: {avg:6.2f}")
inventory = {'fruit': {'apple': 3, 'pear': 0}, 'veg': {'kale': 2}}
inventory['fruit']['pear'] += 4
inventory.setdefault('grain', {})['rice'] = 1
print(inventory, len(inventory['fruit']))
print({k: v for k, v in sorted(inventory['fruit'].items())}, max(inventory, key=len))
