# An error in the element stops the comprehension.
values = [1, 2, 0, 4]
print([10 / v for v in values[:2]])
print([10 / v for v in values])
