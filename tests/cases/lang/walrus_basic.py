# Assignment expressions: in conditions, comprehensions (binding in the
# enclosing scope, as PEP 572 says), loops, displays and f-strings.
if (n := len([1, 2, 3])) > 2:
    print(n)
data = [1, 5, 2, 8]
print([y for x in data if (y := x * 2) > 4], y)
def f():
    total = [s := 0] and 0
    vals = [(s := s + v) for v in [1, 2, 3]]
    return vals, s
print(f())
while (chunk := data.pop()) != 5:
    print(chunk)
print((a := 3) * a, {'k': (b := 7)}, b)
print(f"{(w := 10)=}", w)
