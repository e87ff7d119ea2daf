# An exception class with its own __init__ and __str__.
class HttpError(Exception):
    def __init__(self, code, reason):
        super().__init__(code, reason)
        self.code = code
        self.reason = reason
    def __str__(self):
        return f"{self.code} {self.reason}"
try:
    raise HttpError(404, "Not Found")
except HttpError as e:
    print(e, e.code, e.args, repr(e))
class Quiet(Exception):
    def __init__(self, msg):
        self.msg = msg
try:
    raise Quiet("hidden")
except Quiet as e:
    print(repr(str(e)), e.args, e.msg)
