# xpush: expect-class=SyntaxError
squares = [i * i for i in range(5)]
print(squares)
