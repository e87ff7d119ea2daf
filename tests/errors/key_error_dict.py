prices = {'apple': 1.25, 'pear': 0.5}
total = prices['apple'] + prices['banana']
