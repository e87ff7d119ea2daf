# f-strings: fields, expressions, adjacent literals, braces.
name, n = 'world', 42
print(f"hello {name}!", f"{n + 1}", f"{name.upper()}{n}", f"{{}}", f"{{{n}}}")
print(f"{[1, 2][1]}", f"{ {'k': 'v'}['k'] }", f"{(lambda x: x * 2)(3)}", f"{n if n else 0}")
print("a" f"{n}" "b" 'c', f"" + "x", F"{n}", rf"\d{n}", fr"{n}\n")
print(f"{1, 2}", f"{'quoted'}", f'{"double"}', f"{name!r:>10}|", f"{3 > 2}")
print(f"""triple {name}
second line {n:>4}""")
print(f"{'é' * 2}", f"{len('ünï')}", f"naïve {name}")
