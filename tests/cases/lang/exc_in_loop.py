# Errors caught inside loops and comprehensions' callers; the loop goes on.
values = ["1", "2", "x", "4", "", "6"]
total = 0
bad = []
for v in values:
    try:
        total += int(v)
    except ValueError:
        bad.append(v)
        continue
    finally:
        pass
print(total, bad)
def safe_div(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        return None
print([safe_div(10, b) for b in range(-2, 3)])
count = 0
while count < 5:
    try:
        count += 1
        if count % 2:
            raise IndexError(count)
    except IndexError as e:
        print("odd", e.args[0])
print(count)
