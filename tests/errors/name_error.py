value = 1
print(value)
print(undefined_thing)
