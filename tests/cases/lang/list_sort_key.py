# sort with key= (builtin and def function), stability.
words = ['banana', 'kiwi', 'apple', 'fig', 'cherry', 'date']
words.sort(key=len)
print(words)
words.sort(key=len, reverse=True)
print(words)

def last_char(w):
    return w[-1]

w2 = ['abc', 'xya', 'mnb', 'qqa']
w2.sort(key=last_char)
print(w2)

def neg(x):
    return -x

nums = [3, -1, 4, -1, 5]
nums.sort(key=neg)
print(nums)
nums.sort(key=abs)
print(nums)
pairs = [[1, 'b'], [0, 'a'], [1, 'a'], [0, 'b']]

def first(p):
    return p[0]

pairs.sort(key=first)
print(pairs)
