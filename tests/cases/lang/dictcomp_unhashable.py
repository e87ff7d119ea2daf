print({k: v for k, v in [(1, 2)]})
print({[k]: v for k, v in [(1, 2)]})
