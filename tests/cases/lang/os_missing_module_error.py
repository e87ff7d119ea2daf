import os
print(os.path.join("a", "b"))
import no_such_module_here
