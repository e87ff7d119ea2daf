# import of the user's own module beside the script: its functions,
# classes, constants and generators, each running in the module's globals.
import _geometry
import _geometry as geo
from _geometry import Square, area, numbers

main_only = "main's"
print(_geometry.UNIT, geo is _geometry, _geometry.__name__)
print(area(1.0), _geometry.area(2.0), _geometry.calls)
_geometry.UNIT = 2.0
print(area(1.0), geo.UNIT, _geometry.calls)
print(geo.register("a"), geo.register("b"), geo.registered())
s = Square("sq")
print(s.describe(), s.scaled(3), isinstance(s, _geometry.Shape))
print(list(numbers(3)), sum(_geometry.numbers(4)))
print(type(_geometry).__name__, type(Square).__name__, Square.__module__ if False else "")
try:
    _geometry.uses_main_name()
except NameError as e:
    print("NameError:", e)
try:
    from _geometry import nope  # noqa: F401
except ImportError as e:
    print("ImportError", type(e).__name__)
try:
    import _no_such_module  # noqa: F401
except ModuleNotFoundError as e:
    print("ModuleNotFoundError:", e)
try:
    import _broken  # noqa: F401
except ValueError as e:
    print("ValueError:", e)
import _geometry as again

print(again is geo, _geometry.calls)
