# assert statements that pass.
x = 5
assert x == 5
assert x > 0, 'x must be positive'
assert [1], 'non-empty list is truthy'
assert True
print('all asserts passed')
def check(n):
    assert n >= 0, 'negative'
    return n * 2
print(check(4))
