# xpush: expect-class=SyntaxError
print('never printed')
if False:
    with open('data.txt') as fh:
        print(fh)
