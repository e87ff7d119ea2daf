# A bare except catches everything, BaseException subclasses included.
def run(f):
    try:
        f()
    except:
        return "caught"
    return "ok"
def interrupt():
    raise KeyboardInterrupt
def leave():
    raise SystemExit(3)
print(run(lambda: 1 / 0), run(interrupt), run(leave), run(lambda: None))
try:
    raise KeyboardInterrupt("ctrl-c")
except Exception:
    print("not here")
except BaseException as e:
    print("BaseException caught", type(e).__name__, e)
try:
    raise SystemExit(2)
except SystemExit as e:
    print("exit code", e.args)
