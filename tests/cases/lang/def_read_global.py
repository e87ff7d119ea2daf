# Functions read globals at call time.
rate = 2

def scaled(v):
    return v * rate

print(scaled(10))
rate = 3
print(scaled(10))
items = []

def push(v):
    items.append(v)

push(1)
push(2)
print(items)

def uses_later():
    return defined_after_def

defined_after_def = 'late binding'
print(uses_later())

def helper():
    return 'helper'

def caller():
    return helper() + '!'

print(caller())
