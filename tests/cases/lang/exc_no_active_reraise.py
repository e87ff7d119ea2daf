print("nothing to re-raise")
raise
