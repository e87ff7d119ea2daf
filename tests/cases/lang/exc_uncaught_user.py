def validate(age):
    if age < 0:
        raise ValueError(f"age must be non-negative, got {age}")
    return age
print(validate(3))
validate(-1)
