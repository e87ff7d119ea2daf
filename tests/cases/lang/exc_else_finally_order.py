# else runs when the body raised nothing; finally runs every time, last.
def attempt(x):
    log = []
    try:
        log.append("body")
        y = 10 // x
    except ZeroDivisionError:
        log.append("except")
    else:
        log.append("else %d" % y)
    finally:
        log.append("finally")
    return log
print(attempt(2))
print(attempt(0))
for i in range(3):
    try:
        if i == 1:
            continue
        print("body", i)
    finally:
        print("finally", i)
while True:
    try:
        break
    finally:
        print("finally on break")
