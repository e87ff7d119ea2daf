# Float literal forms.
print(1., .5, 1.5, 0.0)
print(1e-3, 1E3, 1e0, 2.5e2)
print(1_000.5, 1e1_0)
print(3.14159, -2.5, -.25)
print(0.1, 0.25, 100.0)
x = 1.
y = .5
print(x + y, x - y, x * y, x / y)
print(1e308, 1e-308)
print(5e-324)
print(1.7976931348623157e308)
