# Plots for teaching and demos: one figure with four subplots (lines with
# format strings and a legend, a histogram, categorical bars with points,
# an image with a colorbar), saved to plots.png or to the path given as the
# first argument. Runs under xpush and under python3 with numpy+matplotlib.
import sys

import numpy as np
import matplotlib.pyplot as plt

out = sys.argv[1] if len(sys.argv) > 1 else "plots.png"
x = np.linspace(0, 2 * np.pi, 200)

plt.figure(figsize=(10, 7))

plt.subplot(2, 2, 1)
plt.plot(x, np.sin(x), "r-", label="sin(x)")
plt.plot(x, np.cos(x), "b--", label="cos(x)")
plt.plot(x[::20], np.sin(x[::20]) * np.cos(x[::20]), "go", label="product")
plt.title("Waves")
plt.xlabel("x")
plt.ylabel("y")
plt.legend()
plt.grid(True)

# Bell-shaped samples without a random generator: the sum of three
# uniform-looking sequences (Irwin-Hall).
u = (np.sin(np.arange(3000) * 12.9898) * 43758.5453) % 1.0
samples = u[:1000] + u[1000:2000] + u[2000:]
plt.subplot(2, 2, 2)
counts, edges, bars = plt.hist(samples, bins=30, color="tab:orange")
plt.title("Histogram of 1000 samples")
plt.xlabel("value")

plt.subplot(2, 2, 3)
plt.bar(["cpu", "npu", "gpu"], [3.0, 1.2, 1.5], color="tab:green", label="time")
plt.scatter([0, 1, 2], [2.5, 1.0, 1.4], c="k", label="target")
plt.ylim(0, 3.5)
plt.title("Bars and points")
plt.legend()

grid = np.linspace(-2, 2, 48)
image = np.exp(-(grid.reshape(-1, 1) ** 2 + grid.reshape(1, -1) ** 2))
plt.subplot(2, 2, 4)
plt.imshow(image, cmap="viridis")
plt.colorbar()
plt.title("exp(-(x² + y²))")

plt.tight_layout()
plt.savefig(out)
print("histogram total:", int(counts.sum()), "in", len(edges) - 1, "bins")
print("saved", out)
