# Blocks indented by different (consistent) amounts.
if True:
  print('two spaces')
  if True:
        print('then eight more')
for i in range(2):
    if i:
     print('five', i)
    else:
            print('twelve', i)
def h():
 return 'one space'
print(h())
