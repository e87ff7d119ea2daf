# xpush: expect-class=ValueError
def parse_age(text):
    age = int(text)
    if age < 0:
        raise ValueError(f"age must be non-negative, got {age}")
    return age
print(parse_age("7"))
print(parse_age("-3"))
