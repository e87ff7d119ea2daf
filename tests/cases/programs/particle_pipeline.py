# A small NumPy program in the style of a tutorial script: particles in a
# box (a dataclass and a simulation class), a generator pipeline over a
# text file read under `with`, a least-squares fit that catches
# np.linalg.LinAlgError, and a report printed with f-strings.
import os
from dataclasses import dataclass, field

import numpy as np


class SimulationError(Exception):
    """Raised when the simulation is set up wrongly."""


@dataclass
class Particle:
    name: str
    mass: float
    position: np.ndarray
    velocity: np.ndarray
    trail: list = field(default_factory=list)

    @property
    def kinetic_energy(self):
        return 0.5 * self.mass * float((self.velocity ** 2).sum())

    def momentum(self):
        return self.mass * self.velocity


class Box:
    """A 2-d box of side `size` whose walls reflect the particles."""

    def __init__(self, size, gravity=-9.81):
        if size <= 0:
            raise SimulationError(f"box size must be positive, got {size}")
        self.size = size
        self.gravity = np.array([0.0, gravity])
        self.particles = []
        self.time = 0.0

    def add(self, particle):
        if np.any(particle.position < 0) or np.any(particle.position > self.size):
            raise SimulationError(f"{particle.name} starts outside the box")
        self.particles.append(particle)
        return self

    def __len__(self):
        return len(self.particles)

    def __iter__(self):
        yield from self.particles

    def __repr__(self):
        return f"Box(size={self.size}, particles={len(self)}, t={self.time:.2f})"

    def step(self, dt):
        for p in self.particles:
            p.trail.append(p.position.copy())
            p.velocity = p.velocity + self.gravity * dt
            p.position = p.position + p.velocity * dt
            for axis in range(2):
                if p.position[axis] < 0:
                    p.position[axis] = -p.position[axis]
                    p.velocity[axis] = -p.velocity[axis]
                elif p.position[axis] > self.size:
                    p.position[axis] = 2 * self.size - p.position[axis]
                    p.velocity[axis] = -p.velocity[axis]
        self.time += dt

    def run(self, steps, dt):
        for i in range(steps):
            self.step(dt)
            if i % 10 == 9:
                yield self.time, self.total_energy()

    def total_energy(self):
        kinetic = sum(p.kinetic_energy for p in self)
        potential = sum(-p.mass * self.gravity[1] * p.position[1] for p in self)
        return kinetic + potential


def read_samples(path):
    """Yields (t, x, y) rows of a comma-separated file, skipping comments."""
    with open(path) as f:
        for number, line in enumerate(f, start=1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(",")
            try:
                yield tuple(float(v) for v in parts)
            except ValueError:
                print(f"line {number}: skipped {line!r}")


def moving_average(rows, width):
    window = []
    for row in rows:
        window.append(row)
        if len(window) > width:
            window.pop(0)
        yield tuple(sum(col) / len(window) for col in zip(*window))


def fit_line(ts, xs):
    """Least squares x = a*t + b through the normal equations."""
    n = float(len(ts))
    normal = np.array([[(ts * ts).sum(), ts.sum()], [ts.sum(), n]])
    rhs = np.array([(ts * xs).sum(), xs.sum()])
    try:
        a, b = np.linalg.solve(normal, rhs)
    except np.linalg.LinAlgError as e:
        print(f"cannot fit: {e}")
        return None
    return a, b


def main():
    box = Box(10.0)
    box.add(Particle("p0", 1.0, np.array([1.0, 5.0]), np.array([2.0, 0.0])))
    box.add(Particle("p1", 2.5, np.array([9.0, 8.0]), np.array([-1.0, 1.5])))
    box.add(Particle("p2", 0.5, np.array([5.0, 1.0]), np.array([0.5, 6.0])))
    print(box)
    try:
        Box(-1)
    except SimulationError as e:
        print(f"error: {e}")
    try:
        box.add(Particle("far", 1.0, np.array([20.0, 1.0]), np.zeros(2)))
    except SimulationError as e:
        print(f"error: {e}")

    energies = []
    for t, energy in box.run(50, 0.01):
        energies.append(energy)
        print(f"t={t:5.2f}  energy={energy:10.4f}")
    drift = (energies[-1] - energies[0]) / energies[0]
    print(f"relative energy drift: {drift:.3e}")
    for p in box:
        trail = np.array(p.trail)
        print(f"{p.name}: pos=({p.position[0]:.3f}, {p.position[1]:.3f}) "
              f"|p|={np.linalg.norm(p.momentum()):.4f} "
              f"trail={trail.shape} mean_y={trail[:, 1].mean():.4f}")
    heaviest = max(box, key=lambda p: p.mass)
    print("heaviest:", heaviest.name, f"{heaviest.kinetic_energy:.4f}")

    path = "particle_pipeline_samples.tmp"
    with open(path, "w") as f:
        f.write("# t, x, y\n")
        for i in range(12):
            t = i * 0.5
            f.write(f"{t},{1.5 * t + 2.0},{(t - 3.0) ** 2}\n")
            if i == 5:
                f.write("oops,not,numbers\n\n")
    rows = list(read_samples(path))
    print(f"{len(rows)} samples, first {rows[0]}, last {rows[-1]}")
    smooth = list(moving_average(rows, 3))
    print("smoothed:", ", ".join(f"{x:.2f}" for _, x, _ in smooth[:5]))
    data = np.array(rows)
    fit = fit_line(data[:, 0], data[:, 1])
    if fit is not None:
        a, b = fit
        print(f"fit: x = {a:.6f} t + {b:.6f}")
    same_t = np.full(4, 2.0)
    print("degenerate fit:", fit_line(same_t, np.arange(4.0)))
    stats = {
        "x_mean": data[:, 1].mean(),
        "y_min": data[:, 2].min(),
        "y_argmin": int(data[:, 2].argmin()),
    }
    for key, value in stats.items():
        print(f"{key:>8}: {value}")
    os.remove(path)


if __name__ == "__main__":
    main()
