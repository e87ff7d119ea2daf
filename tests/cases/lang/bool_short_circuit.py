# Short-circuit evaluation of and / or.
def t(name):
    print('eval', name)
    return True

def f(name):
    print('eval', name)
    return False

print(f('a') and t('b'))
print(t('c') and f('d'))
print(t('e') or f('f'))
print(f('g') or t('h'))
print(f('i') or f('j') or t('k') or t('l'))
print(t('m') and t('n') and f('o') and t('p'))
print(not f('q') and t('r'))
