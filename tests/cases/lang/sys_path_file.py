# __file__ is the script's absolute path and sys.path[0] its folder, as
# CPython has them; sys.path is a list the program changes, and later
# imports search it as it is then (also a relative entry, from the
# working folder, and a list bound to sys.path anew).
import os
import sys

print(os.path.basename(__file__), os.path.isabs(__file__))
print(sys.path[0] == os.path.dirname(__file__), type(sys.path).__name__)
try:
    import _pathmod
except ModuleNotFoundError as e:
    print("ModuleNotFoundError:", e)

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "_sys_path_lib"))
import _pathmod

print(_pathmod.VALUE, _pathmod.twice(4), _pathmod.__name__)
print(os.path.basename(_pathmod.__file__))

sys.path.append(7)  # not a folder: skipped
sys.path.append("_sys_path_lib")
import _relmod

print(_relmod.NAME)

saved = sys.path
sys.path = ["no_such_folder"]
try:
    import _geometry
except ModuleNotFoundError as e:
    print("ModuleNotFoundError:", e)
sys.path = saved
import _geometry

print(_geometry.__name__)
