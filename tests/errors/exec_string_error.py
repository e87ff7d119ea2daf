# An error in code run by exec() shows the string's own frame.
def setup(n):
    exec("values = list(range(n))\ntotal = sum(values) / (n - 3)")

setup(3)
