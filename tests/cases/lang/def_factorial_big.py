# Factorials overflow into big ints.
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)

print(fact(0), fact(1), fact(5), fact(20))
print(fact(21))
print(fact(30))
print(fact(50))

def fact_iter(n):
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r

print(fact_iter(30) == fact(30))
print(fact(25) // fact(23))
print(len(str(fact(100))))
