# chain, islice, accumulate, zip_longest, starmap, takewhile, dropwhile, compress, pairwise.
import itertools as it
print(list(it.chain([1], (2, 3), "ab")), list(it.chain()), list(it.chain.from_iterable([[1], [2, 3], []])))
print(list(it.islice(range(10), 2, 8, 3)), list(it.islice("abcdef", 2)), list(it.islice("abc", None)), list(it.islice("abcdef", 1, None)), list(it.islice("ab", 5, 9)))
print(list(it.accumulate([1, 2, 3, 4])), list(it.accumulate([1, 2, 3], lambda a, b: a * b)), list(it.accumulate([1, 2], initial=10)), list(it.accumulate([])), list(it.accumulate([3, 1, 4, 1, 5], max)))
print(list(it.zip_longest("ab", [1, 2, 3])), list(it.zip_longest("a", "bc", fillvalue="-")), list(it.zip_longest()))
print(list(it.starmap(pow, [(2, 3), (3, 2)])), list(it.takewhile(lambda x: x < 3, [1, 2, 5, 1])), list(it.dropwhile(lambda x: x < 3, [1, 2, 5, 1])))
print(list(it.compress("abcd", [1, 0, 1, 0])), list(it.compress("abc", [True])), list(it.pairwise("abcd")), list(it.pairwise("a")))
squares = (x * x for x in it.count(1))
print(list(it.takewhile(lambda s: s < 50, squares)), next(squares))
