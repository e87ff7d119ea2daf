# try/except/else/finally around yields inside a generator.
def safe_div(pairs):
    for a, b in pairs:
        try:
            q = a / b
        except ZeroDivisionError:
            yield "div by zero"
        else:
            yield q
        finally:
            yield "next"
print(list(safe_div([(1, 2), (1, 0)])))
def handler_yields():
    try:
        raise KeyError("k")
    except KeyError as e:
        yield f"handling {e!r}"
        yield "still handling"
    yield "after"
print(list(handler_yields()))
