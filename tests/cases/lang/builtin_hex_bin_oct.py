# hex, bin, oct.
print(hex(255), hex(0), hex(-255), hex(2**64))
print(bin(5), bin(0), bin(-5), bin(2**10))
print(oct(8), oct(0), oct(-8), oct(511))
print(hex(True), bin(False))
print(hex(4096), oct(4096), bin(4096))
print(len(bin(2**100)))
