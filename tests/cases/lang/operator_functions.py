# operator's functions and getters.
import operator as op
from operator import itemgetter, attrgetter
print(op.add(1, 2), op.sub(5, 3), op.mul(3, 4), op.truediv(1, 4), op.floordiv(-7, 2), op.mod(-7, 3), op.pow(2, 10))
print(op.neg(2), op.pos(-2), op.abs(-3.5), op.not_(0), op.truth([]), op.and_(6, 3), op.or_(1, 2), op.xor(3, 1))
print(op.eq(1, 1.0), op.ne("a", "b"), op.lt(1, 2), op.le(2, 2), op.gt(1, 2), op.ge(3, 2), op.is_(None, None), op.is_not(1, None))
print(op.getitem([10, 20], 1), op.getitem({"k": 5}, "k"), op.contains("abc", "b"), op.index(7), op.concat("ab", "cd"))
rows = [("bob", 3, 1.5), ("amy", 1, 2.5), ("cid", 2, 0.5)]
print(sorted(rows, key=itemgetter(1)), sorted(rows, key=itemgetter(2, 0)), list(map(itemgetter(0), rows)))
print(max(rows, key=itemgetter(2)), itemgetter(0, -1)("hello"), itemgetter(slice(1, 3))([1, 2, 3, 4]), repr(itemgetter(1)))
print(attrgetter("real")(3 + 4j), attrgetter("imag", "real")(3 + 4j), repr(attrgetter("x", "y")))
print(sorted([3 + 1j, 1 + 2j], key=attrgetter("real")), sum(map(op.mul, [1, 2, 3], [4, 5, 6])))
