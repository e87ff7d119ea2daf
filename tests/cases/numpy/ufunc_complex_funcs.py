import numpy as np
z = np.array([1+1j, -2j, 3])
print(np.real(z), np.imag(z), np.conj(z), np.angle(z), np.absolute(z))
print(np.sqrt(np.array([-4+0j])), np.exp(np.array([1j * np.pi])))
