text = 'abc'
print('parsing', text)
n = int(text)
