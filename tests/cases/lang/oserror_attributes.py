# OSError's errno, strerror and filename: from the runtime's errors and from
# OSError(errno, strerror, filename), which makes the errno's subclass.
try:
    open("/no/such/dir/x.txt")
except FileNotFoundError as e:
    print(e.errno, e.strerror, e.filename, e.args, str(e), repr(e))
try:
    open("/", "w")
except OSError as e:
    print(type(e).__name__, e.errno, e.strerror, e.filename, e.args)
e = OSError(2, "No such file or directory", "a.txt")
print(e.errno, e.strerror, e.filename, e.args, str(e), repr(e))
e = OSError("plain")
print(e.errno, e.strerror, e.filename, e.args, str(e))
e = PermissionError(13, "Permission denied")
print(e.errno, e.strerror, e.filename, e.args, str(e))
try:
    raise FileExistsError(17, "File exists", "f")
except OSError as e:
    print(e.errno, e.filename, str(e))
try:
    raise OSError(2, "gone", "g.txt")
except FileNotFoundError as e:
    print("caught", type(e).__name__, e)
print(isinstance(OSError(13, "no"), PermissionError), type(OSError(99, "x")).__name__)
