//! pocketfft's `fftblue`: Bluestein's algorithm, a length-`n` transform as
//! a convolution computed with complex transforms of a composite length
//! `n2 >= 2n - 1` (`good_size_cmplx`).

use num_complex::Complex;

use super::complex::Cfftp;
use super::{good_size_cmplx, scale, special_mul, Real, SinCos2PiByN};

type C<T> = Complex<T>;

/// A Bluestein plan (`fftblue`): the chirp `bk` and the transform of its
/// zero-padded, normalised copy `bkf` (its first `n2/2 + 1` values).
pub struct Bluestein<T> {
    n: usize,
    n2: usize,
    plan: Cfftp<T>,
    bk: Vec<C<T>>,
    bkf: Vec<C<T>>,
}

impl<T: Real> Bluestein<T> {
    /// The plan for `n` points.
    pub fn new(n: usize) -> Bluestein<T> {
        let n2 = good_size_cmplx(n * 2 - 1);
        let plan = Cfftp::new(n2);
        let zero = C::new(T::zero(), T::zero());

        // initialize b_k
        let tmp = SinCos2PiByN::new(2 * n);
        let mut bk = vec![zero; n];
        bk[0] = C::new(T::one(), T::zero());
        let mut coeff = 0;
        for (m, b) in bk.iter_mut().enumerate().skip(1) {
            coeff += 2 * m - 1;
            if coeff >= 2 * n {
                coeff -= 2 * n;
            }
            *b = tmp.get(coeff);
        }

        // initialize the zero-padded, Fourier transformed b_k. Add normalisation.
        let mut tbkf = vec![zero; n2];
        let xn2 = T::one() / T::from_usize(n2);
        tbkf[0] = scale(bk[0], xn2);
        for m in 1..n {
            let v = scale(bk[m], xn2);
            tbkf[m] = v;
            tbkf[n2 - m] = v;
        }
        plan.exec(&mut tbkf, T::one(), true);
        tbkf.truncate(n2 / 2 + 1);
        Bluestein {
            n,
            n2,
            plan,
            bk,
            bkf: tbkf,
        }
    }

    /// `fft<fwd>`: the transform of `c` (`n` values) times `fct`.
    fn fft(&self, c: &mut [C<T>], fct: T, fwd: bool) {
        let (n, n2) = (self.n, self.n2);
        let (bk, bkf) = (&self.bk, &self.bkf);
        let mut akf = Vec::with_capacity(n2);

        // initialize a_k and FFT it
        for m in 0..n {
            akf.push(special_mul(c[m], bk[m], fwd));
        }
        // pocketfft pads with akf[0]*0: a signed zero, or NaN
        let zero = scale(akf[0], T::zero());
        akf.resize(n2, zero);

        self.plan.exec(&mut akf, T::one(), true);

        // do the convolution
        akf[0] = special_mul(akf[0], bkf[0], !fwd);
        for m in 1..n2.div_ceil(2) {
            akf[m] = special_mul(akf[m], bkf[m], !fwd);
            akf[n2 - m] = special_mul(akf[n2 - m], bkf[m], !fwd);
        }
        if n2 & 1 == 0 {
            akf[n2 / 2] = special_mul(akf[n2 / 2], bkf[n2 / 2], !fwd);
        }

        // inverse FFT
        self.plan.exec(&mut akf, T::one(), false);

        // multiply by b_k
        for m in 0..n {
            c[m] = scale(special_mul(akf[m], bk[m], fwd), fct);
        }
    }

    /// `exec`: the complex transform of `c`.
    pub fn exec(&self, c: &mut [C<T>], fct: T, fwd: bool) {
        self.fft(c, fct, fwd)
    }

    /// `exec_r`: the real transform of `c` in halfcomplex layout, through
    /// the complex one.
    pub fn exec_r(&self, c: &mut [T], fct: T, fwd: bool) {
        let n = self.n;
        let mut tmp = vec![C::new(T::zero(), T::zero()); n];
        if fwd {
            let zero = T::zero() * c[0];
            for m in 0..n {
                tmp[m] = C::new(c[m], zero);
            }
            self.fft(&mut tmp, fct, true);
            // c[0] = tmp[0].r, then tmp[1].r, tmp[1].i, tmp[2].r, ...
            c[0] = tmp[0].re;
            for j in 1..n {
                let t = tmp[j.div_ceil(2)];
                c[j] = if j % 2 == 1 { t.re } else { t.im };
            }
        } else {
            tmp[0] = C::new(c[0], c[0] * T::zero());
            for j in 1..n {
                let t = &mut tmp[j.div_ceil(2)];
                if j % 2 == 1 {
                    t.re = c[j];
                } else {
                    t.im = c[j];
                }
            }
            if n & 1 == 0 {
                tmp[n / 2].im = T::zero() * c[0];
            }
            let mut m = 1;
            while 2 * m < n {
                tmp[n - m] = C::new(tmp[m].re, -tmp[m].im);
                m += 1;
            }
            self.fft(&mut tmp, fct, false);
            for (x, t) in c[..n].iter_mut().zip(&tmp) {
                *x = t.re;
            }
        }
    }
}
