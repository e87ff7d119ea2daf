# User exceptions wrapping library errors: raise ... from, catching by base class, args kept.
class DataError(Exception):
    def __init__(self, message, line):
        super().__init__(message)
        self.line = line
class ParseError(DataError):
    pass
def parse(lines):
    out = []
    for i, line in enumerate(lines, 1):
        try:
            out.append(float(line))
        except ValueError as e:
            raise ParseError(f"bad number {line!r}", i) from e
    return out
try:
    parse(["1", "2.5", "x"])
except DataError as e:
    print(type(e).__name__, e, e.line, e.args, type(e.__cause__).__name__)
try:
    raise ParseError("again", 7)
except (KeyError, ParseError) as e:
    print("tuple catch:", e, e.line)
print(parse(["3", "4"]))
