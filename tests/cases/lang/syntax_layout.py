# Comments, blank lines, continuation lines and brackets spanning lines.
x = 1 + \
    2
print(x)  # trailing comment

# a comment line

total = (1 +
         2 +
         3)
print(total)
lst = [
    1,
    2,
    3,
]
print(lst, (4,
            5))
print('a',
      'b',
      sep='-')
if x == 3 and \
   total == 6:
    print('both')
def f(a,
      b=2):
    return a + b
print(f(1,
        b=10))
