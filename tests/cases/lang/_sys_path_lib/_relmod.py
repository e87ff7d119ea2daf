# Found through a relative sys.path entry (from the working folder).
NAME = "relative"
