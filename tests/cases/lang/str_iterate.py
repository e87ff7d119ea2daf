# Iterating over a string.
vowels = 0
out = ''
for ch in 'Programming Language':
    if ch in 'aeiouAEIOU':
        vowels = vowels + 1
    else:
        out = out + ch
print(vowels, out)
rev = ''
for ch in 'stressed':
    rev = ch + rev
print(rev)
for i, ch in enumerate('abc'):
    print(i, ch)
print(list('hi'), len(list('hello')))
