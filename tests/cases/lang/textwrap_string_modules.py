# textwrap.dedent and indent, and the string module constants and capwords, as CPython computes them.
import textwrap, string
print(repr(textwrap.dedent("""
    def f():
        return 1

    x = 2
      y
""")))
print(repr(textwrap.dedent("  a\n \tb\n  c")), repr(textwrap.dedent("\t\tx\n\t\ty")), repr(textwrap.dedent("   \n  a\n    \n  b")))
print(repr(textwrap.indent("one\n\ntwo\n  three\n", "| ")), repr(textwrap.indent("a\nb", "+", lambda l: l.startswith("b"))))
print(string.ascii_letters, string.digits, string.hexdigits, string.octdigits)
print(string.punctuation, repr(string.whitespace), len(string.printable))
print(string.capwords("the  quick brown\tfox"), string.capwords("a-b-c", "-"), string.capwords("ÉCOLE été"))
