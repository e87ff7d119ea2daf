//! The legacy `np.random.RandomState` (and the module-level `np.random.*`
//! functions, which use one global instance).

use super::bitgen::{bounded_fill, random_interval, BitGen, Mt19937};
use super::dists;
use super::{
    bounded_broadcast, check, check_non_negative, check_positive, choice_checks,
    choice_p_noreplace, choice_result, dirichlet_fill, fill_f64, fill_i64, int_bounds,
    ints_to_array, make, multinomial_checks, multinomial_fill, out_count, out_shape, search_right,
    shuffle_axis, shuffle_axis_index, Cons, IntBounds, Population,
};
use crate::array::Array;
use crate::dtype::DType;
use crate::error::{Error, Result};

/// `np.random.RandomState`: MT19937 plus the cached second value of the
/// polar Gaussian. Every method draws exactly what NumPy draws, so a seeded
/// sequence of calls gives NumPy's numbers bit for bit.
#[derive(Clone, Debug)]
pub struct RandomState {
    mt: Mt19937,
    has_gauss: bool,
    gauss: f64,
}

/// `LEGACY_POISSON_LAM_MAX`: `float(LONG_MAX) - sqrt(LONG_MAX) * 10`.
fn legacy_poisson_lam_max() -> f64 {
    i64::MAX as f64 - (i64::MAX as f64).sqrt() * 10.0
}

/// `random_loggam`: log-gamma by NumPy's series (its literals kept as
/// written there).
#[allow(clippy::excessive_precision)]
fn loggam(x: f64) -> f64 {
    const A: [f64; 10] = [
        8.333_333_333_333_333e-02,
        -2.777_777_777_777_778e-03,
        7.936_507_936_507_937e-04,
        -5.952_380_952_380_952e-04,
        8.417_508_417_508_418e-04,
        -1.917_526_917_526_918e-03,
        6.410_256_410_256_410e-03,
        -2.955_065_359_477_124e-02,
        1.796_443_723_688_307e-01,
        -1.392_432_216_905_90e+00,
    ];
    if x == 1.0 || x == 2.0 {
        return 0.0;
    }
    let n: i64 = if x < 7.0 { (7.0 - x) as i64 } else { 0 };
    let mut x0 = x + n as f64;
    let x2 = (1.0 / x0) * (1.0 / x0);
    let lg2pi = 1.837_877_066_409_345_3e+00;
    let mut gl0 = A[9];
    for k in (0..9).rev() {
        gl0 *= x2;
        gl0 += A[k];
    }
    let mut gl = gl0 / x0 + 0.5 * lg2pi + (x0 - 0.5) * x0.ln() - x0;
    if x < 7.0 {
        for _ in 1..=n {
            gl -= (x0 - 1.0).ln();
            x0 -= 1.0;
        }
    }
    gl
}

/// `random_poisson` (shared by the legacy and modern code): multiplication
/// for `lam < 10`, Hörmann's PTRS above.
pub(crate) fn poisson<G: BitGen>(g: &mut G, lam: f64) -> i64 {
    if lam >= 10.0 {
        let slam = lam.sqrt();
        let loglam = lam.ln();
        let b = 0.931 + 2.53 * slam;
        let a = -0.059 + 0.02483 * b;
        let invalpha = 1.1239 + 1.1328 / (b - 3.4);
        let vr = 0.9277 - 3.6224 / (b - 2.0);
        loop {
            let u = g.next_double() - 0.5;
            let v = g.next_double();
            let us = 0.5 - u.abs();
            let k = ((2.0 * a / us + b) * u + lam + 0.43).floor() as i64;
            if us >= 0.07 && v <= vr {
                return k;
            }
            if k < 0 || (us < 0.013 && v > us) {
                continue;
            }
            if v.ln() + invalpha.ln() - (a / (us * us) + b).ln()
                <= -lam + k as f64 * loglam - loggam(k as f64 + 1.0)
            {
                return k;
            }
        }
    } else if lam == 0.0 {
        0
    } else {
        let enlam = (-lam).exp();
        let mut x = 0;
        let mut prod = 1.0;
        loop {
            prod *= g.next_double();
            if prod > enlam {
                x += 1;
            } else {
                return x;
            }
        }
    }
}

fn binomial_inversion<G: BitGen>(g: &mut G, n: i64, p: f64) -> i64 {
    let q = 1.0 - p;
    let qn = (n as f64 * q.ln()).exp();
    let np = n as f64 * p;
    let bound = (n as f64).min(np + 10.0 * (np * q + 1.0).sqrt()) as i64;
    let mut x = 0i64;
    let mut px = qn;
    let mut u = g.next_double();
    while u > px {
        x += 1;
        if x > bound {
            x = 0;
            px = qn;
            u = g.next_double();
        } else {
            u -= px;
            px = ((n - x + 1) as f64 * p * px) / (x as f64 * q);
        }
    }
    x
}

/// `random_binomial_btpe`: Kachitvichyanukul and Schmeiser's BTPE (shared
/// by the legacy and modern binomials).
#[allow(clippy::many_single_char_names)]
pub(super) fn binomial_btpe<G: BitGen>(g: &mut G, n: i64, p: f64) -> i64 {
    let nf = n as f64;
    let r = p.min(1.0 - p);
    let q = 1.0 - r;
    let fm = nf * r + r;
    let m = fm.floor() as i64;
    let mf = m as f64;
    let p1 = (2.195 * (nf * r * q).sqrt() - 4.6 * q).floor() + 0.5;
    let xm = mf + 0.5;
    let xl = xm - p1;
    let xr = xm + p1;
    let c = 0.134 + 20.5 / (15.3 + mf);
    let a = (fm - xl) / (fm - xl * r);
    let laml = a * (1.0 + a / 2.0);
    let a = (xr - fm) / (xr * q);
    let lamr = a * (1.0 + a / 2.0);
    let p2 = p1 * (1.0 + 2.0 * c);
    let p3 = p2 + c / laml;
    let p4 = p3 + c / lamr;
    let stirling = |t: f64, t2: f64| {
        (13680. - (462. - (132. - (99. - 140. / t2) / t2) / t2) / t2) / t / 166_320.
    };
    loop {
        // Step 10.
        let nrq = nf * r * q;
        let u = g.next_double() * p4;
        let mut v = g.next_double();
        let y: i64;
        if u <= p1 {
            y = (xm - p1 * v + u).floor() as i64;
        } else {
            if u <= p2 {
                let x = xl + (u - p1) / c;
                v = v * c + 1.0 - (mf - x + 0.5).abs() / p1;
                if v > 1.0 {
                    continue;
                }
                y = x.floor() as i64;
            } else if u <= p3 {
                let yy = (xl + v.ln() / laml).floor() as i64;
                if yy < 0 || v == 0.0 {
                    continue;
                }
                y = yy;
                v = v * (u - p2) * laml;
            } else {
                let yy = (xr - v.ln() / lamr).floor() as i64;
                if yy > n || v == 0.0 {
                    continue;
                }
                y = yy;
                v = v * (u - p3) * lamr;
            }
            // Step 50.
            let k = (y - m).abs();
            if !(k > 20 && (k as f64) < nrq / 2.0 - 1.0) {
                let s = r / q;
                let a = s * (nf + 1.0);
                let mut f = 1.0;
                if m < y {
                    for i in m + 1..=y {
                        f *= a / i as f64 - s;
                    }
                } else if m > y {
                    for i in y + 1..=m {
                        f /= a / i as f64 - s;
                    }
                }
                if v > f {
                    continue;
                }
            } else {
                // Step 52.
                let kf = k as f64;
                let rho =
                    (kf / nrq) * ((kf * (kf / 3.0 + 0.625) + 0.166_666_666_666_666_66) / nrq + 0.5);
                let t = -kf * kf / (2.0 * nrq);
                let big_a = v.ln();
                if big_a >= t - rho {
                    if big_a > t + rho {
                        continue;
                    }
                    let x1 = y as f64 + 1.0;
                    let f1 = mf + 1.0;
                    let z = nf + 1.0 - mf;
                    let w = nf - y as f64 + 1.0;
                    let bound = xm * (f1 / x1).ln()
                        + (nf - mf + 0.5) * (z / w).ln()
                        + (y - m) as f64 * (w * r / (x1 * q)).ln()
                        + stirling(f1, f1 * f1)
                        + stirling(z, z * z)
                        + stirling(x1, x1 * x1)
                        + stirling(w, w * w);
                    if big_a > bound {
                        continue;
                    }
                }
            }
        }
        // Step 60.
        return if p > 0.5 { n - y } else { y };
    }
}

impl RandomState {
    /// `RandomState(seed)` / `np.random.seed(seed)` for an integer seed in
    /// `[0, 2**32 - 1]` (NumPy's `mt19937_seed`).
    pub fn new(seed: i128) -> Result<RandomState> {
        if !(0..=i128::from(u32::MAX)).contains(&seed) {
            return Err(Error::value_error("Seed must be between 0 and 2**32 - 1"));
        }
        Ok(RandomState::from_mt(Mt19937::from_u32(seed as u32)))
    }

    /// `RandomState([s0, s1, ...])`: seeding from a 1-d array of integers in
    /// `[0, 2**32 - 1]` (`init_by_array`).
    pub fn from_array(seed: &[i128]) -> Result<RandomState> {
        if seed.is_empty() {
            return Err(Error::value_error("Seed must be non-empty"));
        }
        if seed
            .iter()
            .any(|&s| !(0..=i128::from(u32::MAX)).contains(&s))
        {
            return Err(Error::value_error("Seed must be between 0 and 2**32 - 1"));
        }
        let key: Vec<u32> = seed.iter().map(|&s| s as u32).collect();
        Ok(RandomState::from_mt(Mt19937::from_array(&key)))
    }

    fn from_mt(mt: Mt19937) -> RandomState {
        RandomState {
            mt,
            has_gauss: false,
            gauss: 0.0,
        }
    }

    /// `seed(seed)`: reseeds in place (also clears the Gaussian cache).
    pub fn seed(&mut self, seed: i128) -> Result<()> {
        *self = RandomState::new(seed)?;
        Ok(())
    }

    /// `get_state()`: the MT19937 key and position, whether a Gaussian is
    /// cached and its value.
    pub fn get_state(&self) -> (Vec<u32>, usize, bool, f64) {
        let (key, pos) = self.mt.state();
        (key, pos, self.has_gauss, self.gauss)
    }

    /// `set_state(('MT19937', key, pos, has_gauss, gauss))`.
    pub fn set_state(
        &mut self,
        key: &[u32],
        pos: usize,
        has_gauss: bool,
        gauss: f64,
    ) -> Result<()> {
        self.mt = Mt19937::from_state(key, pos)?;
        self.has_gauss = has_gauss;
        self.gauss = gauss;
        Ok(())
    }

    /// The underlying MT19937 (for raw draws).
    pub fn bit_generator(&mut self) -> &mut Mt19937 {
        &mut self.mt
    }

    fn gauss(&mut self) -> f64 {
        if self.has_gauss {
            self.has_gauss = false;
            let t = self.gauss;
            self.gauss = 0.0;
            return t;
        }
        let (x1, x2, r2) = loop {
            let x1 = 2.0 * self.mt.next_double() - 1.0;
            let x2 = 2.0 * self.mt.next_double() - 1.0;
            let r2 = x1 * x1 + x2 * x2;
            if r2 < 1.0 && r2 != 0.0 {
                break (x1, x2, r2);
            }
        };
        let f = (-2.0 * r2.ln() / r2).sqrt();
        self.gauss = f * x1;
        self.has_gauss = true;
        f * x2
    }

    fn std_exponential(&mut self) -> f64 {
        -(1.0 - self.mt.next_double()).ln()
    }

    fn std_gamma(&mut self, shape: f64) -> f64 {
        if shape == 1.0 {
            return self.std_exponential();
        }
        if shape == 0.0 {
            return 0.0;
        }
        if shape < 1.0 {
            loop {
                let u = self.mt.next_double();
                let v = self.std_exponential();
                if u <= 1.0 - shape {
                    let x = u.powf(1.0 / shape);
                    if x <= v {
                        return x;
                    }
                } else {
                    let y = -((1.0 - u) / shape).ln();
                    let x = (1.0 - shape + shape * y).powf(1.0 / shape);
                    if x <= v + y {
                        return x;
                    }
                }
            }
        }
        let b = shape - 1.0 / 3.0;
        let c = 1.0 / (9.0 * b).sqrt();
        loop {
            let (x, mut v) = loop {
                let x = self.gauss();
                let v = 1.0 + c * x;
                if v > 0.0 {
                    break (x, v);
                }
            };
            v = v * v * v;
            let u = self.mt.next_double();
            if u < 1.0 - 0.0331 * (x * x) * (x * x) {
                return b * v;
            }
            if u.ln() < 0.5 * x * x + b * (1.0 - v + v.ln()) {
                return b * v;
            }
        }
    }

    fn beta1(&mut self, a: f64, b: f64) -> f64 {
        if a <= 1.0 && b <= 1.0 {
            loop {
                let u = self.mt.next_double();
                let v = self.mt.next_double();
                let x = u.powf(1.0 / a);
                let y = v.powf(1.0 / b);
                if x + y <= 1.0 {
                    if x + y > 0.0 {
                        return x / (x + y);
                    }
                    let mut lx = u.ln() / a;
                    let mut ly = v.ln() / b;
                    let lm = if lx > ly { lx } else { ly };
                    lx -= lm;
                    ly -= lm;
                    return (lx - (lx.exp() + ly.exp()).ln()).exp();
                }
            }
        }
        let ga = self.std_gamma(a);
        let gb = self.std_gamma(b);
        ga / (ga + gb)
    }

    /// `random_sample(size)` / `random(size)`: doubles in `[0, 1)` with 53
    /// random bits.
    pub fn random_sample(&mut self, size: Option<&[usize]>) -> Array {
        fill_f64(size, || self.mt.next_double())
    }

    /// `rand(d0, d1, ...)`: `random_sample` with the dimensions as
    /// arguments (no dimensions gives a 0-d result).
    pub fn rand(&mut self, dims: &[usize]) -> Array {
        self.random_sample(Some(dims))
    }

    /// `randn(d0, d1, ...)`: standard normals by the legacy polar method.
    pub fn randn(&mut self, dims: &[usize]) -> Array {
        self.standard_normal(Some(dims))
    }

    /// `standard_normal(size)`: the legacy polar method, which makes two
    /// values per accepted pair and caches the second for the next call.
    pub fn standard_normal(&mut self, size: Option<&[usize]>) -> Array {
        fill_f64(size, || self.gauss())
    }

    /// `normal(loc, scale, size)`: `loc + scale * gauss`.
    pub fn normal(&mut self, loc: f64, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check_non_negative(scale, "scale")?;
        Ok(fill_f64(size, || loc + scale * self.gauss()))
    }

    /// `uniform(low, high, size)`: `low + (high - low) * u`.
    pub fn uniform(&mut self, low: f64, high: f64, size: Option<&[usize]>) -> Result<Array> {
        let range = high - low;
        if !range.is_finite() {
            return Err(Error::overflow("Range exceeds valid bounds"));
        }
        Ok(fill_f64(size, || low + range * self.mt.next_double()))
    }

    /// `randint(low, high=None, size, dtype)`: integers in `[low, high)`
    /// (`[0, low)` when `high` is `None`) by masked rejection sampling,
    /// with NumPy's bound checks and messages. `dtype` is any integer dtype
    /// or bool (`int` is `Int64`).
    pub fn randint(
        &mut self,
        low: i128,
        high: Option<i128>,
        size: Option<&[usize]>,
        dtype: DType,
    ) -> Result<Array> {
        let (low, high) = match high {
            Some(h) => (low, h),
            None => (0, low),
        };
        let shape = out_shape(size);
        let cnt = out_count(size);
        if size.is_some() && cnt == 0 {
            int_bounds(low, high, false, dtype).ok();
            return Ok(ints_to_array(Vec::new(), &shape, dtype));
        }
        let (off, rng, bits) = int_bounds(low, high, false, dtype)?;
        let v = bounded_fill(&mut self.mt, off, rng, cnt, true, bits);
        Ok(ints_to_array(v, &shape, dtype))
    }

    /// [`RandomState::randint`] with array-like bounds, broadcast
    /// (`high=None` means `[0, low)`).
    pub fn randint_broadcast(
        &mut self,
        low: &IntBounds,
        high: Option<&IntBounds>,
        size: Option<&[usize]>,
        dtype: DType,
    ) -> Result<Array> {
        bounded_broadcast(&mut self.mt, true, low, high, size, false, dtype)
    }

    /// `random_integers`-free helper: `random_interval(max)`, a value in
    /// `[0, max]` by masked rejection (the shuffles' draw).
    fn interval(&mut self, max: u64) -> u64 {
        random_interval(&mut self.mt, max)
    }

    /// `shuffle(x)`: shuffles `x` in place along its first axis (through
    /// views), legacy Fisher-Yates order.
    pub fn shuffle(&mut self, x: &Array) -> Result<()> {
        let axis = shuffle_axis_index(x, 0)?;
        shuffle_axis(x, axis, |i| self.interval(i))
    }

    /// `permutation(n)`: a shuffled `arange(n)` (int64).
    pub fn permutation_n(&mut self, n: i64) -> Result<Array> {
        let v: Vec<i64> = (0..n.max(0)).collect();
        let len = v.len();
        let a = make(v, &[len]);
        self.shuffle(&a)?;
        Ok(a)
    }

    /// `permutation(x)`: a shuffled copy of `x` along its first axis.
    pub fn permutation(&mut self, x: &Array) -> Result<Array> {
        shuffle_axis_index(x, 0)?;
        let a = x.to_contiguous();
        self.shuffle(&a)?;
        Ok(a)
    }

    /// `choice(a, size, replace, p)`: with replacement by `randint` (or the
    /// cdf and `searchsorted` with `p`), without by a permutation prefix
    /// (or repeated cdf draws with `p`), exactly as `RandomState.choice`.
    pub fn choice(
        &mut self,
        a: Population<'_>,
        size: Option<&[usize]>,
        replace: bool,
        p: Option<&[f64]>,
    ) -> Result<Array> {
        let pop = choice_checks(&a, size, p, false)?;
        let shape = out_shape(size);
        let n = out_count(size);
        let idx: Vec<i64> = if replace {
            if let Some(p) = p {
                let cdf = super::cdf_of(p);
                (0..n)
                    .map(|_| search_right(&cdf, self.mt.next_double()))
                    .collect()
            } else {
                self.randint(0, Some(pop as i128), Some(&shape), DType::Int64)?
                    .to_vec::<i64>()?
            }
        } else {
            if n > pop {
                return Err(Error::value_error(
                    "Cannot take a larger sample than population when 'replace=False'",
                ));
            }
            if let Some(p) = p {
                choice_p_noreplace(p, n, |k| (0..k).map(|_| self.mt.next_double()).collect())?
            } else {
                let perm = self.permutation_n(pop as i64)?.to_vec::<i64>()?;
                perm[..n].to_vec()
            }
        };
        choice_result(&a, idx, &shape)
    }

    /// `exponential(scale, size)`: `scale * -log(1 - u)`.
    pub fn exponential(&mut self, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check_non_negative(scale, "scale")?;
        Ok(fill_f64(size, || scale * self.std_exponential()))
    }

    /// `standard_exponential(size)`.
    pub fn standard_exponential(&mut self, size: Option<&[usize]>) -> Array {
        fill_f64(size, || self.std_exponential())
    }

    /// `poisson(lam, size)` (int64).
    pub fn poisson(&mut self, lam: f64, size: Option<&[usize]>) -> Result<Array> {
        if lam.is_nan() || lam < 0.0 {
            return Err(Error::value_error("lam < 0 or lam is NaN"));
        }
        if lam > legacy_poisson_lam_max() {
            return Err(Error::value_error("lam value too large"));
        }
        Ok(fill_i64(size, || poisson(&mut self.mt, lam)))
    }

    /// `binomial(n, p, size)` (int64): the legacy inversion (`n * p <= 30`)
    /// and BTPE algorithms.
    pub fn binomial(&mut self, n: i64, p: f64, size: Option<&[usize]>) -> Result<Array> {
        if !(0.0..=1.0).contains(&p) {
            return Err(Error::value_error("p < 0, p > 1 or p is NaN"));
        }
        if n < 0 {
            return Err(Error::value_error("n < 0"));
        }
        let mt = &mut self.mt;
        Ok(fill_i64(size, || {
            if p <= 0.5 {
                if p * n as f64 <= 30.0 {
                    binomial_inversion(mt, n, p)
                } else {
                    binomial_btpe(mt, n, p)
                }
            } else {
                let q = 1.0 - p;
                if q * n as f64 <= 30.0 {
                    n - binomial_inversion(mt, n, q)
                } else {
                    n - binomial_btpe(mt, n, q)
                }
            }
        }))
    }

    /// `gamma(shape, scale, size)`: Marsaglia-Tsang with the legacy normal
    /// (`shape >= 1`), Johnk-style rejection below.
    pub fn gamma(&mut self, shape: f64, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check_non_negative(shape, "shape")?;
        check_non_negative(scale, "scale")?;
        Ok(fill_f64(size, || scale * self.std_gamma(shape)))
    }

    /// `standard_gamma(shape, size)`.
    pub fn standard_gamma(&mut self, shape: f64, size: Option<&[usize]>) -> Result<Array> {
        check_non_negative(shape, "shape")?;
        Ok(fill_f64(size, || self.std_gamma(shape)))
    }

    /// `beta(a, b, size)`: Johnk's algorithm when both are at most 1, else
    /// a ratio of gammas.
    pub fn beta(&mut self, a: f64, b: f64, size: Option<&[usize]>) -> Result<Array> {
        check_positive(a, "a")?;
        check_positive(b, "b")?;
        Ok(fill_f64(size, || self.beta1(a, b)))
    }
}

/// `legacy_random_hypergeometric`'s `hyp`: sequential draws (sample <= 10).
fn hypergeometric_hyp<G: BitGen>(g: &mut G, good: i64, bad: i64, sample: i64) -> i64 {
    let d1 = bad + good - sample;
    let d2 = bad.min(good) as f64;
    let mut y = d2;
    let mut k = sample;
    while y > 0.0 {
        let u = g.next_double();
        y -= (u + y / (d1 + k) as f64).floor() as i64 as f64;
        k -= 1;
        if k == 0 {
            break;
        }
    }
    let mut z = (d2 - y) as i64;
    if good > bad {
        z = sample - z;
    }
    z
}

/// `legacy_random_hypergeometric`'s HRUA* (with `random_loggam`).
fn hypergeometric_hrua<G: BitGen>(g: &mut G, good: i64, bad: i64, sample: i64) -> i64 {
    const D1: f64 = 1.715_527_769_921_413_5;
    const D2: f64 = 0.898_916_162_058_898_8;
    let mingoodbad = good.min(bad);
    let popsize = good + bad;
    let maxgoodbad = good.max(bad);
    let m = sample.min(popsize - sample);
    let d4 = mingoodbad as f64 / popsize as f64;
    let d5 = 1.0 - d4;
    let d6 = m as f64 * d4 + 0.5;
    let d7 = ((popsize - m) as f64 * sample as f64 * d4 * d5 / (popsize - 1) as f64 + 0.5).sqrt();
    let d8 = D1 * d7 + D2;
    let d9 = ((m + 1) as f64 * (mingoodbad + 1) as f64 / (popsize + 2) as f64).floor() as i64;
    let d10 = loggam((d9 + 1) as f64)
        + loggam((mingoodbad - d9 + 1) as f64)
        + loggam((m - d9 + 1) as f64)
        + loggam((maxgoodbad - m + d9 + 1) as f64);
    let d11 = ((m.min(mingoodbad)) as f64 + 1.0).min((d6 + 16.0 * d7).floor());
    let mut z = loop {
        let x = g.next_double();
        let y = g.next_double();
        let w = d6 + d8 * (y - 0.5) / x;
        if w < 0.0 || w >= d11 {
            continue;
        }
        let z = w.floor() as i64;
        let t = d10
            - (loggam((z + 1) as f64)
                + loggam((mingoodbad - z + 1) as f64)
                + loggam((m - z + 1) as f64)
                + loggam((maxgoodbad - m + z + 1) as f64));
        if x * (4.0 - x) - 3.0 <= t {
            break z;
        }
        if x * (x - t) >= 1.0 {
            continue;
        }
        if 2.0 * x.ln() <= t {
            break z;
        }
    };
    if good > bad {
        z = m - z;
    }
    if m < sample {
        z = good - z;
    }
    z
}

/// `legacy_random_zipf`: rejection without NumPy's later `Umin` bound.
fn zipf_legacy<G: BitGen>(g: &mut G, a: f64) -> i64 {
    let am1 = a - 1.0;
    let b = 2f64.powf(am1);
    loop {
        let u = 1.0 - g.next_double();
        let v = g.next_double();
        let x = u.powf(-1.0 / am1).floor();
        if x > i64::MAX as f64 || x < 1.0 {
            continue;
        }
        let t = (1.0 + 1.0 / x).powf(am1);
        if v * x * (t - 1.0) / (b - 1.0) <= t / b {
            return x as i64;
        }
    }
}

/// `legacy_logseries` (with `log(1 - p)` and `1 - exp`).
fn logseries_legacy<G: BitGen>(g: &mut G, p: f64) -> i64 {
    let r = (1.0 - p).ln();
    loop {
        let v = g.next_double();
        if v >= p {
            return 1;
        }
        let u = g.next_double();
        let q = 1.0 - (r * u).exp();
        if v <= q * q {
            let result = (1.0 + v.ln() / q.ln()).floor() as i64;
            if result < 1 || v == 0.0 {
                continue;
            }
            return result;
        }
        if v >= q {
            return 1;
        }
        return 2;
    }
}

/// The legacy distributions beyond the first ones (`mtrand.pyx` over
/// `legacy-distributions.c`, and `distributions.c` where `RandomState`
/// shares NumPy's newer code).
impl RandomState {
    fn legacy_chisquare(&mut self, df: f64) -> f64 {
        2.0 * self.std_gamma(df / 2.0)
    }

    fn legacy_noncentral_chisquare(&mut self, df: f64, nonc: f64) -> f64 {
        if nonc == 0.0 {
            return self.legacy_chisquare(df);
        }
        if 1.0 < df {
            let chi2 = self.legacy_chisquare(df - 1.0);
            let n = self.gauss() + nonc.sqrt();
            return chi2 + n * n;
        }
        let i = poisson(&mut self.mt, nonc / 2.0);
        let out = self.legacy_chisquare(df + (2 * i) as f64);
        if nonc.is_nan() {
            f64::NAN
        } else {
            out
        }
    }

    /// `chisquare(df, size)`.
    pub fn chisquare(&mut self, df: f64, size: Option<&[usize]>) -> Result<Array> {
        check(df, "df", Cons::Positive)?;
        Ok(fill_f64(size, || self.legacy_chisquare(df)))
    }

    /// `f(dfnum, dfden, size)`.
    pub fn f(&mut self, dfnum: f64, dfden: f64, size: Option<&[usize]>) -> Result<Array> {
        check(dfnum, "dfnum", Cons::Positive)?;
        check(dfden, "dfden", Cons::Positive)?;
        Ok(fill_f64(size, || {
            (self.legacy_chisquare(dfnum) * dfden) / (self.legacy_chisquare(dfden) * dfnum)
        }))
    }

    /// `noncentral_chisquare(df, nonc, size)`.
    pub fn noncentral_chisquare(
        &mut self,
        df: f64,
        nonc: f64,
        size: Option<&[usize]>,
    ) -> Result<Array> {
        check(df, "df", Cons::Positive)?;
        check(nonc, "nonc", Cons::NonNegative)?;
        Ok(fill_f64(size, || {
            self.legacy_noncentral_chisquare(df, nonc)
        }))
    }

    /// `noncentral_f(dfnum, dfden, nonc, size)`.
    pub fn noncentral_f(
        &mut self,
        dfnum: f64,
        dfden: f64,
        nonc: f64,
        size: Option<&[usize]>,
    ) -> Result<Array> {
        check(dfnum, "dfnum", Cons::Positive)?;
        check(dfden, "dfden", Cons::Positive)?;
        check(nonc, "nonc", Cons::NonNegative)?;
        Ok(fill_f64(size, || {
            let t = self.legacy_noncentral_chisquare(dfnum, nonc) * dfden;
            t / (self.legacy_chisquare(dfden) * dfnum)
        }))
    }

    /// `standard_cauchy(size)`: a ratio of legacy Gaussians.
    pub fn standard_cauchy(&mut self, size: Option<&[usize]>) -> Array {
        fill_f64(size, || {
            let num = self.gauss();
            num / self.gauss()
        })
    }

    /// `standard_t(df, size)`.
    pub fn standard_t(&mut self, df: f64, size: Option<&[usize]>) -> Result<Array> {
        check(df, "df", Cons::Positive)?;
        Ok(fill_f64(size, || {
            let num = self.gauss();
            let denom = self.std_gamma(df / 2.0);
            (df / 2.0).sqrt() * num / denom.sqrt()
        }))
    }

    /// `vonmises(mu, kappa, size)` (no wrapped-normal branch).
    pub fn vonmises(&mut self, mu: f64, kappa: f64, size: Option<&[usize]>) -> Result<Array> {
        check(kappa, "kappa", Cons::NonNegative)?;
        Ok(fill_f64(size, || {
            dists::vonmises(&mut self.mt, mu, kappa, false)
        }))
    }

    /// `pareto(a, size)`: `exp(E / a) - 1`.
    pub fn pareto(&mut self, a: f64, size: Option<&[usize]>) -> Result<Array> {
        check(a, "a", Cons::Positive)?;
        Ok(fill_f64(size, || (self.std_exponential() / a).exp() - 1.0))
    }

    /// `weibull(a, size)`.
    pub fn weibull(&mut self, a: f64, size: Option<&[usize]>) -> Result<Array> {
        check(a, "a", Cons::NonNegative)?;
        Ok(fill_f64(size, || {
            if a == 0.0 {
                0.0
            } else {
                self.std_exponential().powf(1.0 / a)
            }
        }))
    }

    /// `power(a, size)`: `(1 - exp(-E)) ** (1 / a)`.
    pub fn power(&mut self, a: f64, size: Option<&[usize]>) -> Result<Array> {
        check(a, "a", Cons::Positive)?;
        Ok(fill_f64(size, || {
            (1.0 - (-self.std_exponential()).exp()).powf(1.0 / a)
        }))
    }

    /// `laplace(loc, scale, size)`.
    pub fn laplace(&mut self, loc: f64, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check(scale, "scale", Cons::NonNegative)?;
        Ok(fill_f64(size, || dists::laplace(&mut self.mt, loc, scale)))
    }

    /// `gumbel(loc, scale, size)`.
    pub fn gumbel(&mut self, loc: f64, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check(scale, "scale", Cons::NonNegative)?;
        Ok(fill_f64(size, || dists::gumbel(&mut self.mt, loc, scale)))
    }

    /// `logistic(loc, scale, size)`.
    pub fn logistic(&mut self, loc: f64, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check(scale, "scale", Cons::NonNegative)?;
        Ok(fill_f64(size, || dists::logistic(&mut self.mt, loc, scale)))
    }

    /// `lognormal(mean, sigma, size)`: `exp` of the legacy normal.
    pub fn lognormal(&mut self, mean: f64, sigma: f64, size: Option<&[usize]>) -> Result<Array> {
        check(sigma, "sigma", Cons::NonNegative)?;
        Ok(fill_f64(size, || (mean + sigma * self.gauss()).exp()))
    }

    /// `rayleigh(scale, size)`: `mode * sqrt(-2 * log1p(-u))`.
    pub fn rayleigh(&mut self, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check(scale, "scale", Cons::NonNegative)?;
        Ok(fill_f64(size, || {
            scale * (-2.0 * (-self.mt.next_double()).ln_1p()).sqrt()
        }))
    }

    /// `wald(mean, scale, size)`: the legacy formula.
    pub fn wald(&mut self, mean: f64, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check(mean, "mean", Cons::Positive)?;
        check(scale, "scale", Cons::Positive)?;
        Ok(fill_f64(size, || {
            let mu_2l = mean / (2.0 * scale);
            let mut y = self.gauss();
            y = mean * y * y;
            let x = mean + mu_2l * (y - (4.0 * scale * y + y * y).sqrt());
            let u = self.mt.next_double();
            if u <= mean / (mean + x) {
                x
            } else {
                mean * mean / x
            }
        }))
    }

    /// `triangular(left, mode, right, size)`.
    pub fn triangular(
        &mut self,
        left: f64,
        mode: f64,
        right: f64,
        size: Option<&[usize]>,
    ) -> Result<Array> {
        super::generator::triangular_checks(left, mode, right)?;
        Ok(fill_f64(size, || {
            dists::triangular(&mut self.mt, left, mode, right)
        }))
    }

    /// `negative_binomial(n, p, size)` (int64): a Poisson of a legacy gamma.
    pub fn negative_binomial(&mut self, n: f64, p: f64, size: Option<&[usize]>) -> Result<Array> {
        check(n, "n", Cons::Positive)?;
        check(p, "p", Cons::Bounded01)?;
        Ok(fill_i64(size, || {
            let y = (1.0 - p) / p * self.std_gamma(n);
            poisson(&mut self.mt, y)
        }))
    }

    /// `zipf(a, size)` (int64).
    pub fn zipf(&mut self, a: f64, size: Option<&[usize]>) -> Result<Array> {
        check(a, "a", Cons::Gt1)?;
        Ok(fill_i64(size, || zipf_legacy(&mut self.mt, a)))
    }

    /// `geometric(p, size)` (int64): search for `p >= 1/3`, else
    /// `ceil(log1p(-u) / log(1 - p))`.
    pub fn geometric(&mut self, p: f64, size: Option<&[usize]>) -> Result<Array> {
        check(p, "p", Cons::BoundedGt01)?;
        Ok(fill_i64(size, || {
            if p >= 1.0 / 3.0 {
                dists::geometric_search(&mut self.mt, p)
            } else {
                ((-self.mt.next_double()).ln_1p() / (1.0 - p).ln()).ceil() as i64
            }
        }))
    }

    /// `logseries(p, size)` (int64).
    pub fn logseries(&mut self, p: f64, size: Option<&[usize]>) -> Result<Array> {
        check(p, "p", Cons::BoundedLt01)?;
        Ok(fill_i64(size, || logseries_legacy(&mut self.mt, p)))
    }

    /// `hypergeometric(ngood, nbad, nsample, size)` (int64): the legacy HYP
    /// and HRUA* algorithms.
    pub fn hypergeometric(
        &mut self,
        ngood: i64,
        nbad: i64,
        nsample: i64,
        size: Option<&[usize]>,
    ) -> Result<Array> {
        if ngood + nbad < nsample {
            return Err(Error::value_error("ngood + nbad < nsample"));
        }
        check(ngood as f64, "ngood", Cons::NonNegative)?;
        check(nbad as f64, "nbad", Cons::NonNegative)?;
        if nsample < 1 {
            return Err(Error::value_error("nsample < 1 or nsample is NaN"));
        }
        Ok(fill_i64(size, || {
            if nsample > 10 {
                hypergeometric_hrua(&mut self.mt, ngood, nbad, nsample)
            } else {
                hypergeometric_hyp(&mut self.mt, ngood, nbad, nsample)
            }
        }))
    }

    /// `multinomial(n, pvals, size)` for a scalar `n` and 1-d `pvals`
    /// (NumPy's modern binomial, as `legacy_random_multinomial` uses it).
    pub fn multinomial(&mut self, n: i64, pvals: &[f64], size: Option<&[usize]>) -> Result<Array> {
        if !pvals.is_empty() {
            multinomial_checks(n, pvals)?;
        } else if n < 0 {
            return Err(Error::value_error("n < 0"));
        }
        let mt = &mut self.mt;
        Ok(multinomial_fill(size, pvals.len(), |row| {
            dists::multinomial(mt, n, row, pvals, dists::binomial)
        }))
    }

    /// `dirichlet(alpha, size)`: normalized legacy gammas.
    pub fn dirichlet(&mut self, alpha: &[f64], size: Option<&[usize]>) -> Result<Array> {
        if alpha.iter().any(|&a| a <= 0.0) {
            return Err(Error::value_error("alpha <= 0"));
        }
        Ok(dirichlet_fill(alpha, size, false, |a, _| self.std_gamma(a)))
    }

    /// `bytes(length)`: little-endian words of
    /// `randint(0, 2**32, dtype=uint32)`.
    pub fn bytes(&mut self, length: usize) -> Vec<u8> {
        // `(length - 1) // 4 + 1` in C division: one word even for 0.
        let n = if length == 0 { 1 } else { (length - 1) / 4 + 1 };
        let words = bounded_fill(&mut self.mt, 0, u64::from(u32::MAX), n, true, 32);
        let mut out: Vec<u8> = words
            .into_iter()
            .flat_map(|w| (w as u32).to_le_bytes())
            .collect();
        out.truncate(length);
        out
    }
}
