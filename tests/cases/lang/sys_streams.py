# sys.stdout and sys.stderr: write, flush, print(file=...); stderr is not in the output.
import sys
print("to stdout", file=sys.stdout)
print("to stderr", file=sys.stderr)
n = sys.stdout.write("written directly\n")
print(n, sys.stderr.write("e\n"), sys.stdout.flush(), type(sys.stdout).__name__)
print(sys.stdout, sys.argv[0].endswith("sys_streams.py"))
