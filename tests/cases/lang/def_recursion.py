# Recursive functions.
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

print(fib(0), fib(1), fib(10), fib(20))

def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)

print(gcd(48, 18), gcd(17, 5), gcd(2**64, 2**40))

def hanoi(n, src, dst, via):
    if n == 0:
        return 0
    moves = hanoi(n - 1, src, via, dst)
    moves = moves + 1
    return moves + hanoi(n - 1, via, dst, src)

print(hanoi(10, 'a', 'c', 'b'))

def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)

print(depth(500))
