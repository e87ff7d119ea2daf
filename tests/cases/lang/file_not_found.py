# FileNotFoundError is an OSError; its message names the file.
try:
    open("/nonexistent/dir/data.csv")
except OSError as e:
    print(type(e).__name__, "|", e)
try:
    with open("/nonexistent/x.txt") as f:
        print("never")
except FileNotFoundError as e:
    print("missing:", e)
open("/nonexistent/notes.txt")
