try:
    x = 1
except:
    pass
except ValueError:
    pass
