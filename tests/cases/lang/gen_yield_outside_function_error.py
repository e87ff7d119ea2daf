# yield at module level is a SyntaxError.
print("never runs")
yield 1
