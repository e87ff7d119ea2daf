# A user module raising while it is imported ends the script with its error.
print("before")
import _broken  # noqa: E402,F401

print("never")
