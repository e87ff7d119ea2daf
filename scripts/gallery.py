# The plotting gallery: every pyplot and Axes function of xpush's
# matplotlib drawn once, in five figures saved as PNG (the first also as
# SVG) to the directory given as the first argument (default: the current
# directory). Runs unchanged under xpush and under python3 with numpy and
# matplotlib, so the two can be compared side by side:
#
#     xpush scripts/gallery.py /tmp/xp && python3 scripts/gallery.py /tmp/mpl
#
# repl/tests/plots.rs runs it and checks its images by structure.
import os
import sys

import numpy as np
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

out = sys.argv[1] if len(sys.argv) > 1 else "."
os.makedirs(out, exist_ok=True)


def save(fig, name, svg=False):
    path = os.path.join(out, name + ".png")
    fig.savefig(path)
    if svg:
        fig.savefig(os.path.join(out, name + ".svg"))
    print("saved", name)


x = np.linspace(0, 10, 101)
# Bell-shaped samples without a random generator (Irwin-Hall).
u = (np.sin(np.arange(3000) * 12.9898) * 43758.5453) % 1.0
samples = u[:1000] + u[1000:2000] + u[2000:]

# 1. Lines and annotations: plot, legend, axhline/axvline, spans, text,
#    annotate, xticks/yticks, grid; points, error bars, steps, stems,
#    fills; bars with a twin axis; a histogram on a log scale.
fig, axs = plt.subplots(2, 2, figsize=(10, 8))
ax = axs[0, 0]
ax.plot(x, 2 + np.sin(x), "b-", label="2 + sin(x)")
ax.plot([0, 10], [3, 3], "r-", lw=2, label="level 3")
ax.axhline(1, color="k", ls="--", lw=1)
ax.axvline(5, color="g")
ax.axhspan(0.2, 0.6, alpha=0.2, color="orange")
ax.axvspan(8, 9, alpha=0.3)
ax.text(0.5, 3.4, "text")
ax.annotate("peak", xy=(np.pi / 2, 3), xytext=(2.5, 3.6), arrowprops=dict(arrowstyle="->"))
ax.set_xlim(0, 10)
ax.set_ylim(0, 4)
ax.set_xticks([0, 5, 10])
ax.set_xticklabels(["zero", "five", "ten"])
ax.set_title("plot, text, annotate")
ax.legend(loc="upper right")
ax.grid(True)

plt.sca(axs[0, 1])
k = np.arange(8)
v = np.array([1.0, 3.0, 2.0, 5.0, 4.0, 6.0, 5.5, 7.0])
plt.scatter(k, v, c="k", label="points")
plt.errorbar(k, v, yerr=0.5, fmt="none", capsize=3)
plt.step(k, v - 1, where="post", label="step")
plt.stem(k, v / 2)
plt.fill_between(k, v - 1, v + 1, alpha=0.2)
plt.fill_betweenx([0, 3, 6], [0, 1, 0], alpha=0.2)
plt.margins(0.1)
plt.yticks([0, 4, 8])
plt.title("scatter, errorbar, step, stem, fills")

ax = axs[1, 0]
ax.bar(["a", "b", "c", "d"], [3, 1, 4, 2], color="tab:green", label="bars")
tw = ax.twinx()
tw.plot([0, 1, 2, 3], [10, 30, 20, 40], "m-o")
ax.set_title("bar, twinx")
ax.set_facecolor("#f4f4f4")

plt.sca(axs[1, 1])
plt.hist(samples, bins=20, color="tab:orange")
plt.yscale("log")
plt.xlabel("value")
plt.title("hist, yscale('log')")
fig.suptitle("xpush gallery: lines")
save(fig, "gallery_lines", svg=True)

# 2. Charts: barh, pie, stackplot, boxplot, violinplot, loglog, semilogx,
#    semilogy, in ggplot's style (grey axes, white grid).
plt.style.use("ggplot")
fig, axs = plt.subplots(2, 4, figsize=(14, 7))
axs[0, 0].barh(["x", "y", "z"], [2, 5, 3])
axs[0, 0].set_title("barh")
axs[0, 1].pie([30, 20, 50], labels=["A", "B", "C"], autopct="%1.0f%%", startangle=90,
              center=(1, 1))
axs[0, 1].set_title("pie")
axs[0, 2].stackplot(k, v, v / 2, labels=["v", "v/2"])
axs[0, 2].legend(loc="upper left")
axs[0, 2].set_title("stackplot")
axs[0, 3].boxplot([samples[:300], samples[300:600] + 1], tick_labels=["one", "two"])
axs[0, 3].set_title("boxplot")
axs[1, 0].violinplot([samples[:300], samples[300:600] + 1], quantiles=[[0.25, 0.75], [0.5]])
axs[1, 0].set_title("violinplot")
axs[1, 1].loglog([1, 10, 100, 1000], [1, 100, 10, 1000])
axs[1, 1].set_title("loglog")
axs[1, 2].semilogx([1, 10, 100], [1, 2, 3])
axs[1, 2].set_title("semilogx")
axs[1, 3].semilogy([1, 2, 3], [1, 10, 100])
axs[1, 3].set_xscale("linear")
axs[1, 3].set_title("semilogy")
save(fig, "gallery_charts")
plt.style.use("default")

# 3. Fields: imshow (extent, origin, interpolation, vmin/vmax, aspect)
#    with a colorbar and clim, contour with clabel, contourf, pcolormesh,
#    pcolor, quiver, hexbin.
g = np.linspace(-2, 2, 30)
X, Y = np.meshgrid(g, g)
Z = np.exp(-X**2 - Y**2) - 0.5 * np.exp(-(X - 1) ** 2 - (Y + 0.5) ** 2)
fig, axs = plt.subplots(2, 4, figsize=(14, 7))
im = axs[0, 0].imshow(Z, extent=(-2, 2, -2, 2), origin="lower", interpolation="nearest",
                      vmin=-0.5, vmax=1.0, aspect="auto", cmap="viridis")
fig.colorbar(im, ax=axs[0, 0])
axs[0, 0].set_title("imshow")
plt.sca(axs[0, 1])
plt.imshow(Z, cmap=plt.cm.coolwarm)
plt.clim(-0.5, 0.5)
plt.title("imshow, clim")
cs = axs[0, 2].contour(X, Y, Z, levels=[-0.2, 0.0, 0.2, 0.5], colors="k")
axs[0, 2].clabel(cs)
axs[0, 2].set_title("contour, clabel")
cf = axs[0, 3].contourf(X, Y, Z, levels=8, cmap="RdBu_r")
fig.colorbar(cf, ax=axs[0, 3])
axs[0, 3].set_title("contourf")
axs[1, 0].pcolormesh(g, g, Z, shading="auto", cmap="magma")
axs[1, 0].set_title("pcolormesh")
axs[1, 1].pcolor(Z[::5, ::5], cmap="Blues")
axs[1, 1].set_title("pcolor")
q = np.linspace(-2, 2, 8)
QX, QY = np.meshgrid(q, q)
axs[1, 2].quiver(QX, QY, -QY, QX)
axs[1, 2].set_title("quiver")
axs[1, 3].hexbin(samples[:500], samples[500:], C=samples[:500] - samples[500:],
                 reduce_C_function=np.mean, gridsize=10, cmap="inferno")
axs[1, 3].set_title("hexbin")
save(fig, "gallery_fields")

# 4. Figures and axes: matshow, plt.axes / fig.add_axes insets,
#    fig.add_subplot, axis('off') and axis('equal').
A = np.arange(12).reshape(3, 4)
plt.matshow(A, cmap="gray")
plt.title("matshow")
save(plt.gcf(), "gallery_matshow")

fig = plt.figure(figsize=(8, 4), facecolor="white")
left = fig.add_subplot(1, 2, 1)
left.plot(np.cos(x), np.sin(x))
left.axis("equal")
left.set_title("axis('equal')")
right = fig.add_subplot(1, 2, 2)
right.imshow(A)
right.axis("off")
right.set_title("axis('off')")
inset = fig.add_axes([0.3, 0.2, 0.15, 0.2])
inset.plot([0, 1], [1, 0])
plt.axes([0.75, 0.6, 0.15, 0.2])
plt.plot([0, 1], [0, 1], "C1")
print("current figure:", plt.gcf() is fig)
save(fig, "gallery_axes")
plt.close("all")
