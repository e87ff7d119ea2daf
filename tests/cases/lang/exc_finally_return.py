# A return in finally wins over the body's return and over an exception.
def body_returns():
    try:
        return "body"
    finally:
        print("cleanup")
def finally_returns():
    try:
        return "body"
    finally:
        return "finally"
def swallow():
    try:
        1 / 0
    finally:
        return "swallowed"
def nested():
    out = []
    try:
        try:
            raise KeyError("inner")
        finally:
            out.append("inner finally")
    except KeyError:
        out.append("outer except")
    finally:
        out.append("outer finally")
    return out
print(body_returns(), finally_returns(), swallow(), nested())
