# Word statistics with string and list methods.
text = '  the quick brown fox jumps over the lazy dog the end  '
words = text.split()
print(len(words), words.count('the'))
longest = ''
for w in words:
    if len(w) > len(longest):
        longest = w
print(longest)
caps = []
for w in words:
    caps.append(w[0].upper() + w[1:])
print(' '.join(caps))
print(sorted(words, key=len)[:3])
rev = words[:]
rev.reverse()
print(' '.join(rev))
print(text.strip().replace('the', 'THE', 2))
