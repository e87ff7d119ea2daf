# User exception classes: caught by their own class and by their bases.
class AppError(Exception):
    pass
class ConfigError(AppError, ValueError):
    pass
def load(kind):
    if kind == 1:
        raise ConfigError("bad config")
    if kind == 2:
        raise AppError
    raise KeyError("k")
for kind in [1, 2, 3]:
    try:
        load(kind)
    except ValueError as e:
        print("ValueError handler:", type(e).__name__, e, e.args)
    except AppError as e:
        print("AppError handler:", type(e).__name__, repr(e), e.args)
    except LookupError as e:
        print("LookupError handler:", repr(e))
print(issubclass(ConfigError, Exception), issubclass(ConfigError, ValueError), isinstance(ConfigError("x"), AppError))
