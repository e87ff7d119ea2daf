# A missing key raises KeyError with the key's repr.
d = {'alpha': 1}
print(d['alpha'])
d['beta']
