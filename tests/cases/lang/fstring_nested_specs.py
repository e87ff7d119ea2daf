# Fields nested in a spec: width, precision, fill, alignment.
x = 3.14159
for w, p in [(8, 2), (10, 4), (6, 0)]:
    print(f"[{x:{w}.{p}f}]")
fill, align = '*', '^'
print(f"{'mid':{fill}{align}{11}}", f"{42:{'>'}{6}}", f"{x:.{1 + 2}f}")
rows = [('apple', 1.5, 3), ('kiwi', 0.25, 12)]
for name, price, qty in rows:
    print(f"{name:<8}{price:>8.2f}{qty:>5d}{price * qty:>10,.3f}")
