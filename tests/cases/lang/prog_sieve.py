# Sieve of Eratosthenes.
n = 100
is_prime = [True] * (n + 1)
is_prime[0] = False
is_prime[1] = False
p = 2
while p * p <= n:
    if is_prime[p]:
        for k in range(p * p, n + 1, p):
            is_prime[k] = False
    p += 1
primes = []
for i in range(n + 1):
    if is_prime[i]:
        primes.append(i)
print(primes)
print(len(primes), sum(primes))
