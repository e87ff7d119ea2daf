# yields inside for, if/elif/else and while, nested.
def classify(xs):
    for x in xs:
        if x < 0:
            yield ("neg", x)
        elif x == 0:
            yield ("zero", x)
        else:
            n = x
            while n > 0:
                yield ("pos", n)
                n -= 2
print(list(classify([-1, 0, 3, 4])))
