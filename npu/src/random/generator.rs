//! The modern `np.random.Generator` over PCG64 (`np.random.default_rng`).

use super::bitgen::SeedSequence;
use super::bitgen::{bounded_fill, bounded_lemire_u64, gen_mask, random_interval, BitGen, Pcg64};
use super::ziggurat::{
    FE_DOUBLE, FI_DOUBLE, KE_DOUBLE, KI_DOUBLE, WE_DOUBLE, WI_DOUBLE, ZIGGURAT_EXP_R,
    ZIGGURAT_NOR_INV_R, ZIGGURAT_NOR_R,
};
use super::{
    cdf_of, check_non_negative, choice_checks, choice_p_noreplace, choice_result, fill_f64,
    int_bounds, ints_to_array, make, out_count, out_shape, search_right, shuffle_axis,
    shuffle_axis_index, Population,
};
use crate::array::Array;
use crate::dtype::DType;
use crate::error::{Error, Result};

/// `np.random.Generator(PCG64(seed))`, what `np.random.default_rng(seed)`
/// returns. Every method draws exactly what NumPy draws.
#[derive(Clone, Debug)]
pub struct Generator {
    bg: Pcg64,
}

fn standard_normal<G: BitGen>(g: &mut G) -> f64 {
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

fn standard_exponential<G: BitGen>(g: &mut G) -> f64 {
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
        Generator {
            bg: Pcg64::from_seed_sequence(ss),
        }
    }

    /// The underlying PCG64 (for raw draws).
    pub fn bit_generator(&mut self) -> &mut Pcg64 {
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
