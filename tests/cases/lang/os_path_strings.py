# os.path's string rules, as posixpath has them.
import os
import os.path
from os.path import join, splitext
print(join("data", "raw", "x.csv"), join("a/", "b"), join("a", "/b", "c"), join("", "x"), join("a", ""))
print(os.path.split("/a/b/c.txt"), os.path.split("c.txt"), os.path.split("/"), os.path.split("a//b//"), os.path.split("//x"))
print(os.path.basename("/a/b/c.txt"), repr(os.path.basename("/a/b/")), os.path.dirname("/a/b/c.txt"), repr(os.path.dirname("c.txt")), os.path.dirname("///a"))
print(splitext("data/x.tar.gz"), splitext(".bashrc"), splitext("a/.b.c"), splitext("noext"), splitext("dir.d/file"), splitext("x."), splitext("..."))
print(os.path.normpath("a//b/./c/../d"), os.path.normpath(""), os.path.normpath("/../x"), os.path.normpath("../../a/.."), os.path.normpath("//a"), os.path.normpath("///a/"))
print(os.path.abspath("/a/./b/.."), os.path.isabs("/x"), os.path.isabs("x"), os.sep, os.path.sep, repr(os.linesep), os.curdir, os.pardir, os.name)
print(os.path.abspath(".") == os.getcwd(), os.path.expanduser("/no/~tilde"), os.path.exists("/"), os.path.isdir("/"), os.path.isfile("/"))
