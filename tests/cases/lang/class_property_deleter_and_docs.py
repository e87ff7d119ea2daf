# A property with getter, setter and deleter, made with property() and with decorators.
class Account:
    def __init__(self):
        self._balance = 0
    def get_balance(self):
        return self._balance
    def set_balance(self, v):
        self._balance = v
    def del_balance(self):
        print("deleting")
        self._balance = None
    balance = property(get_balance, set_balance, del_balance)
    @property
    def label(self):
        return f"acct:{self._balance}"
    @label.deleter
    def label(self):
        print("label deleted")
a = Account()
a.balance = 5
print(a.balance, a.label)
del a.balance
print(a.balance)
del a.label
try:
    a.label = "x"
except AttributeError as e:
    print(e)
print(Account.balance.fget is Account.get_balance, Account.label.fset)
