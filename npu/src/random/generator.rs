//! The modern `np.random.Generator` over PCG64 (`np.random.default_rng`).

use super::bitgen::SeedSequence;
use super::bitgen::{bounded_fill, bounded_lemire_u64, gen_mask, random_interval, BitGen, Pcg64};
use super::bitgens::BitGenerator;
use super::dists;
use super::ziggurat::{
    FE_DOUBLE, FI_DOUBLE, KE_DOUBLE, KI_DOUBLE, WE_DOUBLE, WI_DOUBLE, ZIGGURAT_EXP_R,
    ZIGGURAT_NOR_INV_R, ZIGGURAT_NOR_R,
};
use super::{
    bounded_broadcast, cdf_of, check, check_non_negative, choice_checks, choice_p_noreplace,
    choice_result, dirichlet_fill, fill_f64, fill_i64, int_bounds, ints_to_array, make,
    multinomial_checks, multinomial_fill, out_count, out_shape, poisson_lam_max, search_right,
    shuffle_axis, shuffle_axis_index, Cons, IntBounds, Population,
};
use crate::array::Array;
use crate::device::ToDevice;
use crate::dtype::DType;
use crate::error::{Error, Result};

/// `np.random.Generator(bit_generator)` over any of NumPy's bit
/// generators (`default_rng(seed)` uses PCG64). Every method draws exactly
/// what NumPy draws from that bit generator.
#[derive(Clone, Debug)]
pub struct Generator {
    bg: BitGenerator,
}

/// `random_standard_normal`: NumPy's 256-layer ziggurat.
pub(super) fn standard_normal<G: BitGen>(g: &mut G) -> f64 {
    loop {
        let mut r = g.next_u64();
        let idx = (r & 0xff) as usize;
        r >>= 8;
        let sign = r & 1;
        let rabs = (r >> 1) & 0x000f_ffff_ffff_ffff;
        let mut x = rabs as f64 * WI_DOUBLE[idx];
        if sign & 1 == 1 {
            x = -x;
        }
        if rabs < KI_DOUBLE[idx] {
            return x;
        }
        if idx == 0 {
            loop {
                let xx = -ZIGGURAT_NOR_INV_R * (-g.next_double()).ln_1p();
                let yy = -(-g.next_double()).ln_1p();
                if yy + yy > xx * xx {
                    return if (rabs >> 8) & 1 == 1 {
                        -(ZIGGURAT_NOR_R + xx)
                    } else {
                        ZIGGURAT_NOR_R + xx
                    };
                }
            }
        } else if (FI_DOUBLE[idx - 1] - FI_DOUBLE[idx]) * g.next_double() + FI_DOUBLE[idx]
            < (-0.5 * x * x).exp()
        {
            return x;
        }
    }
}

/// `random_standard_exponential`: NumPy's exponential ziggurat.
pub(super) fn standard_exponential<G: BitGen>(g: &mut G) -> f64 {
    loop {
        let mut ri = g.next_u64();
        ri >>= 3;
        let idx = (ri & 0xff) as usize;
        ri >>= 8;
        let x = ri as f64 * WE_DOUBLE[idx];
        if ri < KE_DOUBLE[idx] {
            return x;
        }
        if idx == 0 {
            return ZIGGURAT_EXP_R - (-g.next_double()).ln_1p();
        }
        if (FE_DOUBLE[idx - 1] - FE_DOUBLE[idx]) * g.next_double() + FE_DOUBLE[idx] < (-x).exp() {
            return x;
        }
    }
}

impl Generator {
    /// `default_rng(seed)` for a non-negative integer seed (any size up to
    /// 128 bits): `SeedSequence(seed)` feeding PCG64.
    pub fn new(seed: u128) -> Generator {
        Generator::from_seed_sequence(&SeedSequence::from_int(seed))
    }

    /// `default_rng(SeedSequence(...))`.
    pub fn from_seed_sequence(ss: &SeedSequence) -> Generator {
        Generator::from_bit_generator(BitGenerator::Pcg64(Pcg64::from_seed_sequence(ss)))
    }

    /// `Generator(bit_generator)`.
    pub fn from_bit_generator(bg: BitGenerator) -> Generator {
        Generator { bg }
    }

    /// The underlying bit generator (for raw draws and its state).
    pub fn bit_generator(&mut self) -> &mut BitGenerator {
        &mut self.bg
    }

    /// `random(size)`: doubles in `[0, 1)` (`(next64 >> 11) * 2**-53`).
    pub fn random(&mut self, size: Option<&[usize]>) -> Array {
        fill_f64(size, || self.bg.next_double())
    }

    /// `integers(low, high=None, size, dtype, endpoint)`: Lemire's bounded
    /// method as NumPy's `Generator` uses it; `[low, high)`, or
    /// `[low, high]` with `endpoint`; `high=None` means `[0, low)`.
    pub fn integers(
        &mut self,
        low: i128,
        high: Option<i128>,
        size: Option<&[usize]>,
        dtype: DType,
        endpoint: bool,
    ) -> Result<Array> {
        let (low, high) = match high {
            Some(h) => (low, h),
            None => (0, low),
        };
        let shape = out_shape(size);
        let cnt = out_count(size);
        if size.is_some() && cnt == 0 {
            return Ok(ints_to_array(Vec::new(), &shape, dtype));
        }
        let (off, rng, bits) = int_bounds(low, high, endpoint, dtype)?;
        let v = bounded_fill(&mut self.bg, off, rng, cnt, false, bits);
        Ok(ints_to_array(v, &shape, dtype))
    }

    /// [`Generator::integers`] with array-like bounds, broadcast
    /// (`high=None` means `[0, low)`).
    pub fn integers_broadcast(
        &mut self,
        low: &IntBounds,
        high: Option<&IntBounds>,
        size: Option<&[usize]>,
        dtype: DType,
        endpoint: bool,
    ) -> Result<Array> {
        bounded_broadcast(&mut self.bg, false, low, high, size, endpoint, dtype)
    }

    /// `standard_normal(size)`: NumPy's 256-layer ziggurat.
    pub fn standard_normal(&mut self, size: Option<&[usize]>) -> Array {
        fill_f64(size, || standard_normal(&mut self.bg))
    }

    /// `normal(loc, scale, size)`: `loc + scale * z`.
    pub fn normal(&mut self, loc: f64, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check_non_negative(scale, "scale")?;
        Ok(fill_f64(size, || {
            loc + scale * standard_normal(&mut self.bg)
        }))
    }

    /// `uniform(low, high, size)`: `low + (high - low) * u`.
    pub fn uniform(&mut self, low: f64, high: f64, size: Option<&[usize]>) -> Result<Array> {
        let range = high - low;
        if !range.is_finite() {
            return Err(Error::overflow("high - low range exceeds valid bounds"));
        }
        Ok(fill_f64(size, || low + range * self.bg.next_double()))
    }

    /// `standard_exponential(size)`: NumPy's exponential ziggurat.
    pub fn standard_exponential(&mut self, size: Option<&[usize]>) -> Array {
        fill_f64(size, || standard_exponential(&mut self.bg))
    }

    /// `exponential(scale, size)`: `scale * standard_exponential`.
    pub fn exponential(&mut self, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check_non_negative(scale, "scale")?;
        Ok(fill_f64(size, || {
            scale * standard_exponential(&mut self.bg)
        }))
    }

    /// `shuffle(x, axis)`: shuffles `x` in place along `axis` (through
    /// views).
    pub fn shuffle(&mut self, x: &Array, axis: isize) -> Result<()> {
        let axis = shuffle_axis_index(x, axis)?;
        let bg = &mut self.bg;
        shuffle_axis(x, axis, |i| random_interval(bg, i))
    }

    /// `permutation(n)`: a shuffled `arange(n)` (int64).
    pub fn permutation_n(&mut self, n: i64) -> Result<Array> {
        let v: Vec<i64> = (0..n.max(0)).collect();
        let len = v.len();
        let a = make(v, &[len]);
        self.shuffle(&a, 0)?;
        Ok(a)
    }

    /// `permutation(x, axis)`: a copy of `x` shuffled along `axis`.
    pub fn permutation(&mut self, x: &Array, axis: isize) -> Result<Array> {
        shuffle_axis_index(x, axis)?;
        let a = x.to_contiguous();
        self.shuffle(&a, axis)?;
        Ok(a)
    }

    fn shuffle_int(&mut self, data: &mut [i64], first: usize) {
        for i in (first..data.len()).rev() {
            let j = bounded_lemire_u64(&mut self.bg, i as u64) as usize;
            data.swap(i, j);
        }
    }

    /// `choice(a, size, replace, p, shuffle)` along axis 0: `integers`
    /// (or the cdf and `searchsorted` with `p`) with replacement; without,
    /// Floyd's algorithm or a tail shuffle as NumPy picks them (or repeated
    /// cdf draws with `p`).
    pub fn choice(
        &mut self,
        a: Population<'_>,
        size: Option<&[usize]>,
        replace: bool,
        p: Option<&[f64]>,
        shuffle: bool,
    ) -> Result<Array> {
        let pop = choice_checks(&a, size, p, true)?;
        let shape = out_shape(size);
        let n = out_count(size);
        let idx: Vec<i64> = if replace {
            if let Some(p) = p {
                let cdf = cdf_of(p);
                (0..n)
                    .map(|_| search_right(&cdf, self.bg.next_double()))
                    .collect()
            } else {
                self.integers(0, Some(pop as i128), Some(&shape), DType::Int64, false)?
                    .to_vec::<i64>()?
            }
        } else {
            if n > pop {
                return Err(Error::value_error(
                    "Cannot take a larger sample than population when replace is False",
                ));
            }
            if let Some(p) = p {
                let bg = &mut self.bg;
                choice_p_noreplace(p, n, |k| (0..k).map(|_| bg.next_double()).collect())?
            } else {
                let cutoff = if shuffle { 50 } else { 20 };
                if pop > 10000 && n > pop / cutoff {
                    let mut idx: Vec<i64> = (0..pop as i64).collect();
                    self.shuffle_int(&mut idx, (pop - n).max(1));
                    idx[pop - n..].to_vec()
                } else {
                    let mut idx = vec![0i64; n];
                    let mask = gen_mask((1.2 * n as f64) as u64);
                    let mut set = vec![u64::MAX; mask as usize + 1];
                    for j in pop - n..pop {
                        let val = bounded_lemire_u64(&mut self.bg, j as u64);
                        let mut loc = (val & mask) as usize;
                        while set[loc] != u64::MAX && set[loc] != val {
                            loc = (loc + 1) & mask as usize;
                        }
                        if set[loc] == u64::MAX {
                            set[loc] = val;
                            idx[j + n - pop] = val as i64;
                        } else {
                            let mut loc = j & mask as usize;
                            while set[loc] != u64::MAX {
                                loc = (loc + 1) & mask as usize;
                            }
                            set[loc] = j as u64;
                            idx[j + n - pop] = j as i64;
                        }
                    }
                    if shuffle {
                        self.shuffle_int(&mut idx, 1);
                    }
                    idx
                }
            }
        };
        choice_result(&a, idx, &shape)
    }
}

/// The distributions beyond the uniform, normal and exponential ones
/// (NumPy's `distributions.c`), each validating its parameters first as
/// `_generator.pyx` does.
impl Generator {
    /// `size` doubles from `f` on the bit generator.
    fn cont(
        &mut self,
        size: Option<&[usize]>,
        mut f: impl FnMut(&mut BitGenerator) -> f64,
    ) -> Array {
        let bg = &mut self.bg;
        fill_f64(size, || f(bg))
    }

    /// `size` int64 values from `f` on the bit generator.
    fn disc(
        &mut self,
        size: Option<&[usize]>,
        mut f: impl FnMut(&mut BitGenerator) -> i64,
    ) -> Array {
        let bg = &mut self.bg;
        fill_i64(size, || f(bg))
    }

    /// `standard_gamma(shape, size)`.
    pub fn standard_gamma(&mut self, shape: f64, size: Option<&[usize]>) -> Result<Array> {
        check(shape, "shape", Cons::NonNegative)?;
        Ok(self.cont(size, |g| dists::standard_gamma(g, shape)))
    }

    /// `gamma(shape, scale, size)`.
    pub fn gamma(&mut self, shape: f64, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check(shape, "shape", Cons::NonNegative)?;
        check(scale, "scale", Cons::NonNegative)?;
        Ok(self.cont(size, |g| scale * dists::standard_gamma(g, shape)))
    }

    /// `beta(a, b, size)`.
    pub fn beta(&mut self, a: f64, b: f64, size: Option<&[usize]>) -> Result<Array> {
        check(a, "a", Cons::Positive)?;
        check(b, "b", Cons::Positive)?;
        Ok(self.cont(size, |g| dists::beta(g, a, b)))
    }

    /// `chisquare(df, size)`.
    pub fn chisquare(&mut self, df: f64, size: Option<&[usize]>) -> Result<Array> {
        check(df, "df", Cons::Positive)?;
        Ok(self.cont(size, |g| dists::chisquare(g, df)))
    }

    /// `f(dfnum, dfden, size)`.
    pub fn f(&mut self, dfnum: f64, dfden: f64, size: Option<&[usize]>) -> Result<Array> {
        check(dfnum, "dfnum", Cons::Positive)?;
        check(dfden, "dfden", Cons::Positive)?;
        Ok(self.cont(size, |g| dists::f(g, dfnum, dfden)))
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
        Ok(self.cont(size, |g| dists::noncentral_chisquare(g, df, nonc)))
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
        Ok(self.cont(size, |g| dists::noncentral_f(g, dfnum, dfden, nonc)))
    }

    /// `standard_cauchy(size)`.
    pub fn standard_cauchy(&mut self, size: Option<&[usize]>) -> Array {
        self.cont(size, dists::standard_cauchy)
    }

    /// `standard_t(df, size)`.
    pub fn standard_t(&mut self, df: f64, size: Option<&[usize]>) -> Result<Array> {
        check(df, "df", Cons::Positive)?;
        Ok(self.cont(size, |g| dists::standard_t(g, df)))
    }

    /// `vonmises(mu, kappa, size)`.
    pub fn vonmises(&mut self, mu: f64, kappa: f64, size: Option<&[usize]>) -> Result<Array> {
        check(kappa, "kappa", Cons::NonNegative)?;
        Ok(self.cont(size, |g| dists::vonmises(g, mu, kappa, true)))
    }

    /// `pareto(a, size)`.
    pub fn pareto(&mut self, a: f64, size: Option<&[usize]>) -> Result<Array> {
        check(a, "a", Cons::Positive)?;
        Ok(self.cont(size, |g| dists::pareto(g, a)))
    }

    /// `weibull(a, size)`.
    pub fn weibull(&mut self, a: f64, size: Option<&[usize]>) -> Result<Array> {
        check(a, "a", Cons::NonNegative)?;
        Ok(self.cont(size, |g| dists::weibull(g, a)))
    }

    /// `power(a, size)`.
    pub fn power(&mut self, a: f64, size: Option<&[usize]>) -> Result<Array> {
        check(a, "a", Cons::Positive)?;
        Ok(self.cont(size, |g| dists::power(g, a)))
    }

    /// `laplace(loc, scale, size)`.
    pub fn laplace(&mut self, loc: f64, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check(scale, "scale", Cons::NonNegative)?;
        Ok(self.cont(size, |g| dists::laplace(g, loc, scale)))
    }

    /// `gumbel(loc, scale, size)`.
    pub fn gumbel(&mut self, loc: f64, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check(scale, "scale", Cons::NonNegative)?;
        Ok(self.cont(size, |g| dists::gumbel(g, loc, scale)))
    }

    /// `logistic(loc, scale, size)`.
    pub fn logistic(&mut self, loc: f64, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check(scale, "scale", Cons::NonNegative)?;
        Ok(self.cont(size, |g| dists::logistic(g, loc, scale)))
    }

    /// `lognormal(mean, sigma, size)`.
    pub fn lognormal(&mut self, mean: f64, sigma: f64, size: Option<&[usize]>) -> Result<Array> {
        check(sigma, "sigma", Cons::NonNegative)?;
        Ok(self.cont(size, |g| dists::lognormal(g, mean, sigma)))
    }

    /// `rayleigh(scale, size)`.
    pub fn rayleigh(&mut self, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check(scale, "scale", Cons::NonNegative)?;
        Ok(self.cont(size, |g| dists::rayleigh(g, scale)))
    }

    /// `wald(mean, scale, size)`.
    pub fn wald(&mut self, mean: f64, scale: f64, size: Option<&[usize]>) -> Result<Array> {
        check(mean, "mean", Cons::Positive)?;
        check(scale, "scale", Cons::Positive)?;
        Ok(self.cont(size, |g| dists::wald(g, mean, scale)))
    }

    /// `triangular(left, mode, right, size)`.
    pub fn triangular(
        &mut self,
        left: f64,
        mode: f64,
        right: f64,
        size: Option<&[usize]>,
    ) -> Result<Array> {
        triangular_checks(left, mode, right)?;
        Ok(self.cont(size, |g| dists::triangular(g, left, mode, right)))
    }

    /// `poisson(lam, size)` (int64).
    pub fn poisson(&mut self, lam: f64, size: Option<&[usize]>) -> Result<Array> {
        check(lam, "lam", Cons::Poisson(poisson_lam_max()))?;
        Ok(self.disc(size, |g| super::legacy::poisson(g, lam)))
    }

    /// `binomial(n, p, size)` (int64).
    pub fn binomial(&mut self, n: i64, p: f64, size: Option<&[usize]>) -> Result<Array> {
        check(p, "p", Cons::Bounded01)?;
        check(n as f64, "n", Cons::NonNegative)?;
        Ok(self.disc(size, |g| dists::binomial(g, p, n)))
    }

    /// `negative_binomial(n, p, size)` (int64).
    pub fn negative_binomial(&mut self, n: f64, p: f64, size: Option<&[usize]>) -> Result<Array> {
        check(n, "n", Cons::PositiveNotNan)?;
        check(p, "p", Cons::BoundedGt01)?;
        let max_lam = (1.0 - p) / p * (n + 10.0 * n.sqrt());
        if max_lam > poisson_lam_max() {
            return Err(Error::value_error(
                "n too large or p too small, see Generator.negative_binomial Notes",
            ));
        }
        Ok(self.disc(size, |g| dists::negative_binomial(g, n, p)))
    }

    /// `zipf(a, size)` (int64).
    pub fn zipf(&mut self, a: f64, size: Option<&[usize]>) -> Result<Array> {
        check(a, "a", Cons::Gt1)?;
        Ok(self.disc(size, |g| dists::zipf(g, a)))
    }

    /// `geometric(p, size)` (int64).
    pub fn geometric(&mut self, p: f64, size: Option<&[usize]>) -> Result<Array> {
        check(p, "p", Cons::BoundedGt01)?;
        Ok(self.disc(size, |g| dists::geometric(g, p)))
    }

    /// `logseries(p, size)` (int64).
    pub fn logseries(&mut self, p: f64, size: Option<&[usize]>) -> Result<Array> {
        check(p, "p", Cons::BoundedLt01)?;
        Ok(self.disc(size, |g| dists::logseries(g, p)))
    }

    /// `hypergeometric(ngood, nbad, nsample, size)` (int64).
    pub fn hypergeometric(
        &mut self,
        ngood: i64,
        nbad: i64,
        nsample: i64,
        size: Option<&[usize]>,
    ) -> Result<Array> {
        if ngood >= 1_000_000_000 || nbad >= 1_000_000_000 {
            return Err(Error::value_error(
                "both ngood and nbad must be less than 1000000000",
            ));
        }
        if ngood + nbad < nsample {
            return Err(Error::value_error("ngood + nbad < nsample"));
        }
        check(ngood as f64, "ngood", Cons::NonNegative)?;
        check(nbad as f64, "nbad", Cons::NonNegative)?;
        check(nsample as f64, "nsample", Cons::NonNegative)?;
        Ok(self.disc(size, |g| dists::hypergeometric(g, ngood, nbad, nsample)))
    }

    /// `multivariate_hypergeometric(colors, nsample, size, method)` after
    /// NumPy's checks (the caller's): `size + (len(colors),)` counts of
    /// each color in `nsample` draws without replacement, by `method`
    /// 'count' (a partial shuffle of the balls, carried on from one
    /// variate to the next as NumPy's does) or 'marginals' (a chain of
    /// hypergeometric draws). For `nsample` above half the total, the
    /// balls left out are drawn instead.
    pub fn multivariate_hypergeometric(
        &mut self,
        colors: &[i64],
        nsample: i64,
        size: Option<&[usize]>,
        count: bool,
    ) -> Array {
        let k = colors.len();
        let mut shape = out_shape(size);
        shape.push(k);
        let mut v = vec![0i64; shape.iter().product()];
        let total: i64 = colors.iter().sum();
        if total == 0 || nsample == 0 || k == 0 || v.is_empty() {
            return make(v, &shape);
        }
        let more_than_half = nsample > total / 2;
        let nsample = if more_than_half {
            total - nsample
        } else {
            nsample
        };
        let mut choices: Vec<usize> = Vec::new();
        if count {
            for (i, &c) in colors.iter().enumerate() {
                choices.extend(std::iter::repeat_n(i, c as usize));
            }
        }
        let bg = &mut self.bg;
        for row in v.chunks_mut(k) {
            if count {
                let total = total as u64;
                for j in 0..nsample as usize {
                    let kk = j + random_interval(bg, total - j as u64 - 1) as usize;
                    choices.swap(j, kk);
                }
                for &c in &choices[..nsample as usize] {
                    row[c] += 1;
                }
            } else {
                let mut num_to_sample = nsample;
                let mut remaining = total;
                let mut j = 0;
                while num_to_sample > 0 && j + 1 < k {
                    remaining -= colors[j];
                    let r = dists::hypergeometric(bg, colors[j], remaining, num_to_sample);
                    row[j] = r;
                    num_to_sample -= r;
                    j += 1;
                }
                if num_to_sample > 0 {
                    row[k - 1] = num_to_sample;
                }
            }
            if more_than_half {
                for (x, &c) in row.iter_mut().zip(colors) {
                    *x = c - *x;
                }
            }
        }
        make(v, &shape)
    }

    /// `multinomial(n, pvals, size)` for a scalar `n` and 1-d `pvals`:
    /// int64 counts of shape `size + (len(pvals),)`.
    pub fn multinomial(&mut self, n: i64, pvals: &[f64], size: Option<&[usize]>) -> Result<Array> {
        multinomial_checks(n, pvals)?;
        let bg = &mut self.bg;
        Ok(multinomial_fill(size, pvals.len(), |row| {
            dists::multinomial(bg, n, row, pvals, dists::binomial)
        }))
    }

    /// `dirichlet(alpha, size)`: shape `size + (len(alpha),)`.
    pub fn dirichlet(&mut self, alpha: &[f64], size: Option<&[usize]>) -> Result<Array> {
        if alpha.iter().any(|&a| a < 0.0) {
            return Err(Error::value_error("alpha < 0"));
        }
        let bg = &mut self.bg;
        Ok(dirichlet_fill(alpha, size, true, |a, b| match b {
            Some(b) => dists::beta(bg, a, b),
            None => dists::standard_gamma(bg, a),
        }))
    }

    /// `bytes(length)`: little-endian words of `integers(0, 2**32, dtype=uint32)`.
    pub fn bytes(&mut self, length: usize) -> Vec<u8> {
        // `(length - 1) // 4 + 1` in C division: one word even for 0.
        let n = if length == 0 { 1 } else { (length - 1) / 4 + 1 };
        let words = bounded_fill(&mut self.bg, 0, u64::from(u32::MAX), n, false, 32);
        let mut out: Vec<u8> = words
            .into_iter()
            .flat_map(|w| (w as u32).to_le_bytes())
            .collect();
        out.truncate(length);
        out
    }

    /// `permuted(x, axis)`: a copy of `x` with every lane along `axis`
    /// shuffled independently (lanes in C order), or the flattened array
    /// shuffled when `axis` is `None`.
    pub fn permuted(&mut self, x: &Array, axis: Option<isize>) -> Result<Array> {
        let host = x.to_host()?;
        let a = host.to_contiguous();
        let shape = a.shape().to_vec();
        // Fisher-Yates from the last index down; index 0 draws nothing
        // (`random_interval(0)`), so NumPy's `first` of 0 or 1 agree.
        let (outer, n, inner) = match axis {
            None => (1, a.size(), 1),
            Some(ax) => {
                let ax = crate::layout::normalize_axis(ax, a.ndim())?;
                let outer: usize = shape[..ax].iter().product();
                let inner: usize = shape[ax + 1..].iter().product();
                (outer, shape[ax], inner)
            }
        };
        {
            let bg = &mut self.bg;
            let mut s = a.storage().write();
            crate::with_storage!(&mut *s, v => {
                for o in 0..outer {
                    for i in 0..inner {
                        let base = o * n * inner + i;
                        for k in (1..n).rev() {
                            let j = random_interval(bg, k as u64) as usize;
                            v.swap(base + j * inner, base + k * inner);
                        }
                    }
                }
            });
        }
        if x.device() != crate::device::Device::Cpu {
            return a.to_device(x.device());
        }
        Ok(a)
    }
}

/// `triangular`'s checks.
pub(super) fn triangular_checks(left: f64, mode: f64, right: f64) -> Result<()> {
    if left > mode {
        return Err(Error::value_error("left > mode"));
    }
    if mode > right {
        return Err(Error::value_error("mode > right"));
    }
    if left == right {
        return Err(Error::value_error("left == right"));
    }
    Ok(())
}
