# A tuple of classes, and the hierarchy: ArithmeticError, LookupError, Exception.
def classify(f):
    try:
        f()
    except (KeyError, IndexError) as e:
        return "lookup " + type(e).__name__
    except ArithmeticError as e:
        return "arithmetic " + type(e).__name__
    except Exception as e:
        return "other " + type(e).__name__
    return "fine"
print(classify(lambda: {}["x"]))
print(classify(lambda: [][0]))
print(classify(lambda: 1 / 0))
print(classify(lambda: 2.0 ** 10000))
print(classify(lambda: int("x")))
print(classify(lambda: 1))
print(issubclass(ZeroDivisionError, ArithmeticError), issubclass(KeyError, LookupError), issubclass(IndexError, ArithmeticError))
print(issubclass(ValueError, Exception), issubclass(Exception, BaseException), issubclass(KeyboardInterrupt, Exception))
print(issubclass(ModuleNotFoundError, ImportError), issubclass(FileNotFoundError, OSError), issubclass(UnicodeDecodeError, ValueError))
print(issubclass(RecursionError, RuntimeError), issubclass(NotImplementedError, RuntimeError), issubclass(bool, (str, int)))
