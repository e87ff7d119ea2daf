print(type(object()))
object(1)
