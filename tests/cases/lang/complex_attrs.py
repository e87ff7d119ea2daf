# real / imag / conjugate on complex numbers.
z = 3 + 4j
print(z.real, z.imag)
print(z.conjugate())
w = 2j
print(w.real, w.imag)
print(complex(1.5, -2).imag)
