# Methods, closures and lambdas working together.
class Pipeline:
    def __init__(self):
        self.steps = []
    def add(self, f):
        self.steps.append(f)
        return self
    def run(self, x):
        for f in self.steps:
            x = f(x)
        return x
def scale(k):
    return lambda v: v * k
p = Pipeline().add(scale(2)).add(lambda v: v + 1).add(str)
print(p.run(5), len(p.steps), Pipeline().run("id"))
