# Digit manipulation on big ints.
def digit_sum(n):
    s = 0
    while n > 0:
        s += n % 10
        n //= 10
    return s

print(digit_sum(2**100), digit_sum(0), digit_sum(999))

def reverse_int(n):
    r = 0
    while n:
        r = r * 10 + n % 10
        n = n // 10
    return r

print(reverse_int(123456789), reverse_int(1200))

def to_base(n, b):
    digits = '0123456789abcdef'
    if n == 0:
        return '0'
    out = ''
    while n > 0:
        out = digits[n % b] + out
        n //= b
    return out

print(to_base(255, 2), to_base(255, 16), to_base(2**70, 16), hex(2**70))
