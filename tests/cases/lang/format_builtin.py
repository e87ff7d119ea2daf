# format(value, spec) and its errors' neighbours.
print(format(3.14159, '.2f'), format(1234567, ','), format(255, '#06x'), format('ab', '*^6'))
print(format(12), format(1.5), format('s'), format(None), format([1, 2]), format(2 + 0j))
print(format(1e16), format(1e-5), format(0.1 + 0.2), format(1e22, ','), format(-1.25, '08.3f'))
print(format(True), format(True, 'd'), format(12345.678, '_.1f'), format(10**20, '_'))
print(format(0.000123456, '.3g'), format(123456.0, '.3g'), format(1.0, 'g'), format(1.0, '#g'))
print(format(5, '#o'), format(5, '#b'), format(1.5, '#.0f'), format(15, '#.0e') if False else '')
