//! pocketfft's `cfftp`: complex FFTPACK transforms, one pass per factor of
//! the length (radices 2, 3, 4, 5, 7, 8, 11 written out, any other prime
//! by `passg`), between the data and a scratch buffer.
//!
//! In each pass `cc` is the input seen as `[l1][ip][ido]` (`CC(a, b, c)`
//! is `cc[a + ido*(b + ip*c)]`) and `ch` the output as `[ip][l1][ido]`
//! (`CH(a, b, c)` is `ch[a + ido*(b + l1*c)]`); `wa` holds the pass's
//! twiddles, `WA(x, i)` being `wa[i - 1 + x*(ido - 1)]`.

use num_complex::Complex;

use super::{copy_and_norm, factorize, pm, scale, special_mul, Real, SinCos2PiByN};

type C<T> = Complex<T>;

/// `ROTX90<fwd>`: multiplication by `-i` (forward) or `i`.
#[inline(always)]
fn rotx90<T: Real>(a: C<T>, fwd: bool) -> C<T> {
    if fwd {
        C::new(a.im, -a.re)
    } else {
        C::new(-a.im, a.re)
    }
}

/// `ROTX45<fwd>`: multiplication by `exp(-+i pi/4)`.
#[inline(always)]
fn rotx45<T: Real>(a: C<T>, fwd: bool) -> C<T> {
    let h = T::HSQT2;
    if fwd {
        C::new(h * (a.re + a.im), h * (a.im - a.re))
    } else {
        C::new(h * (a.re - a.im), h * (a.im + a.re))
    }
}

/// `ROTX135<fwd>`: multiplication by `exp(-+3i pi/4)`.
#[inline(always)]
fn rotx135<T: Real>(a: C<T>, fwd: bool) -> C<T> {
    let h = T::HSQT2;
    if fwd {
        C::new(h * (a.im - a.re), h * (-a.re - a.im))
    } else {
        C::new(h * (-a.re - a.im), h * (a.re - a.im))
    }
}

/// `PMINPLACE(a, b)`: `(a + b, a - b)`.
#[inline(always)]
fn pm_inplace<T: Real>(a: &mut C<T>, b: &mut C<T>) {
    let t = *a;
    *a = t + *b;
    *b = t - *b;
}

/// One factor of the length and its twiddles.
struct Factor<T> {
    fct: usize,
    /// `(ip - 1) * (ido - 1)` twiddles of the pass.
    tw: Vec<C<T>>,
    /// For `passg` (`ip > 11`): the `ip`-th roots of unity.
    tws: Vec<C<T>>,
}

/// A complex transform of one length by mixed-radix passes (`cfftp`).
pub struct Cfftp<T> {
    length: usize,
    fact: Vec<Factor<T>>,
}

impl<T: Real> Cfftp<T> {
    /// The plan for `length >= 1` points, with its twiddles
    /// (`comp_twiddle`).
    pub fn new(length: usize) -> Cfftp<T> {
        assert!(length > 0, "zero-length FFT requested");
        if length == 1 {
            return Cfftp {
                length,
                fact: Vec::new(),
            };
        }
        let twiddle = SinCos2PiByN::new(length);
        let mut l1 = 1;
        let mut fact = Vec::new();
        for ip in factorize(length, true) {
            let ido = length / (l1 * ip);
            let mut tw = vec![C::new(T::zero(), T::zero()); (ip - 1) * (ido - 1)];
            for j in 1..ip {
                for i in 1..ido {
                    tw[(j - 1) * (ido - 1) + i - 1] = twiddle.get(j * l1 * i);
                }
            }
            let tws = if ip > 11 {
                (0..ip).map(|j| twiddle.get(j * l1 * ido)).collect()
            } else {
                Vec::new()
            };
            fact.push(Factor { fct: ip, tw, tws });
            l1 *= ip;
        }
        Cfftp { length, fact }
    }

    /// The factors in the order the passes run.
    #[cfg(test)]
    pub fn factors(&self) -> Vec<usize> {
        self.fact.iter().map(|f| f.fct).collect()
    }

    /// `exec`: transforms `c` in place and multiplies by `fct`.
    pub fn exec(&self, c: &mut [C<T>], fct: T, fwd: bool) {
        if fwd {
            self.pass_all::<true>(c, fct)
        } else {
            self.pass_all::<false>(c, fct)
        }
    }

    /// `pass_all`: the passes, alternating between `c` and a scratch
    /// buffer (`passg` works in place), then `fct` on the way back.
    fn pass_all<const FWD: bool>(&self, c: &mut [C<T>], fct: T) {
        let length = self.length;
        let c = &mut c[..length];
        if length == 1 {
            c[0] = scale(c[0], fct);
            return;
        }
        let mut l1 = 1;
        let mut ch = vec![C::new(T::zero(), T::zero()); length];
        // Where the data is now: in `c` (pocketfft's p1 == c) or in `ch`.
        let mut in_c = true;
        for f in &self.fact {
            let ip = f.fct;
            let l2 = ip * l1;
            let ido = length / l2;
            let (p1, p2): (&mut [C<T>], &mut [C<T>]) = if in_c {
                (&mut *c, &mut ch[..])
            } else {
                (&mut ch[..], &mut *c)
            };
            match ip {
                4 => pass4::<FWD, T>(ido, l1, p1, p2, &f.tw),
                8 => pass8::<FWD, T>(ido, l1, p1, p2, &f.tw),
                2 => pass2::<FWD, T>(ido, l1, p1, p2, &f.tw),
                3 => pass_odd::<FWD, 3, T>(ido, l1, p1, p2, &f.tw),
                5 => pass_odd::<FWD, 5, T>(ido, l1, p1, p2, &f.tw),
                7 => pass_odd::<FWD, 7, T>(ido, l1, p1, p2, &f.tw),
                11 => pass_odd::<FWD, 11, T>(ido, l1, p1, p2, &f.tw),
                _ => {
                    passg::<FWD, T>(ido, ip, l1, p1, p2, &f.tw, &f.tws);
                    // the result is in p1: no swap
                    in_c = !in_c;
                }
            }
            in_c = !in_c;
            l1 = l2;
        }
        copy_and_norm(c, &ch, in_c, fct == T::one(), |x| scale(x, fct));
    }
}

/// Index helpers of the passes: `CH`, `CC` (`cdim` columns) and `WA`.
#[derive(Clone, Copy)]
struct Idx {
    ido: usize,
    l1: usize,
    cdim: usize,
}

impl Idx {
    #[inline(always)]
    fn ch(self, a: usize, b: usize, c: usize) -> usize {
        a + self.ido * (b + self.l1 * c)
    }
    #[inline(always)]
    fn cc(self, a: usize, b: usize, c: usize) -> usize {
        a + self.ido * (b + self.cdim * c)
    }
    #[inline(always)]
    fn wa(self, x: usize, i: usize) -> usize {
        i - 1 + x * (self.ido - 1)
    }
}

/// `pass2`: radix 2.
fn pass2<const FWD: bool, T: Real>(
    ido: usize,
    l1: usize,
    cc: &[C<T>],
    ch: &mut [C<T>],
    wa: &[C<T>],
) {
    let x = Idx { ido, l1, cdim: 2 };
    for k in 0..l1 {
        ch[x.ch(0, k, 0)] = cc[x.cc(0, 0, k)] + cc[x.cc(0, 1, k)];
        ch[x.ch(0, k, 1)] = cc[x.cc(0, 0, k)] - cc[x.cc(0, 1, k)];
        for i in 1..ido {
            ch[x.ch(i, k, 0)] = cc[x.cc(i, 0, k)] + cc[x.cc(i, 1, k)];
            ch[x.ch(i, k, 1)] =
                special_mul(cc[x.cc(i, 0, k)] - cc[x.cc(i, 1, k)], wa[x.wa(0, i)], FWD);
        }
    }
}

/// `pass4`: radix 4.
fn pass4<const FWD: bool, T: Real>(
    ido: usize,
    l1: usize,
    cc: &[C<T>],
    ch: &mut [C<T>],
    wa: &[C<T>],
) {
    let x = Idx { ido, l1, cdim: 4 };
    for k in 0..l1 {
        for i in 0..ido {
            let (t2, t1) = pm(cc[x.cc(i, 0, k)], cc[x.cc(i, 2, k)]);
            let (t3, t4) = pm(cc[x.cc(i, 1, k)], cc[x.cc(i, 3, k)]);
            let t4 = rotx90(t4, FWD);
            if i == 0 {
                (ch[x.ch(0, k, 0)], ch[x.ch(0, k, 2)]) = pm(t2, t3);
                (ch[x.ch(0, k, 1)], ch[x.ch(0, k, 3)]) = pm(t1, t4);
            } else {
                ch[x.ch(i, k, 0)] = t2 + t3;
                ch[x.ch(i, k, 1)] = special_mul(t1 + t4, wa[x.wa(0, i)], FWD);
                ch[x.ch(i, k, 2)] = special_mul(t2 - t3, wa[x.wa(1, i)], FWD);
                ch[x.ch(i, k, 3)] = special_mul(t1 - t4, wa[x.wa(2, i)], FWD);
            }
        }
    }
}

/// `pass8`: radix 8. pocketfft writes the first column (no twiddles)
/// with its operations in another order; the values are the same, the
/// reordered steps being exact (rotations by 90 degrees) or the same sums.
fn pass8<const FWD: bool, T: Real>(
    ido: usize,
    l1: usize,
    cc: &[C<T>],
    ch: &mut [C<T>],
    wa: &[C<T>],
) {
    let x = Idx { ido, l1, cdim: 8 };
    for k in 0..l1 {
        for i in 0..ido {
            let (mut a1, mut a5) = pm(cc[x.cc(i, 1, k)], cc[x.cc(i, 5, k)]);
            let (mut a3, a7) = pm(cc[x.cc(i, 3, k)], cc[x.cc(i, 7, k)]);
            let mut a7 = rotx90(a7, FWD);
            pm_inplace(&mut a1, &mut a3);
            let a3 = rotx90(a3, FWD);
            pm_inplace(&mut a5, &mut a7);
            let a5 = rotx45(a5, FWD);
            let a7 = rotx135(a7, FWD);
            let (mut a0, mut a4) = pm(cc[x.cc(i, 0, k)], cc[x.cc(i, 4, k)]);
            let (mut a2, a6) = pm(cc[x.cc(i, 2, k)], cc[x.cc(i, 6, k)]);
            pm_inplace(&mut a0, &mut a2);
            let mut a6 = rotx90(a6, FWD);
            pm_inplace(&mut a4, &mut a6);
            if i == 0 {
                (ch[x.ch(0, k, 0)], ch[x.ch(0, k, 4)]) = pm(a0, a1);
                (ch[x.ch(0, k, 2)], ch[x.ch(0, k, 6)]) = pm(a2, a3);
                (ch[x.ch(0, k, 1)], ch[x.ch(0, k, 5)]) = pm(a4, a5);
                (ch[x.ch(0, k, 3)], ch[x.ch(0, k, 7)]) = pm(a6, a7);
            } else {
                let w = |j: usize| wa[x.wa(j, i)];
                ch[x.ch(i, k, 0)] = a0 + a1;
                ch[x.ch(i, k, 4)] = special_mul(a0 - a1, w(3), FWD);
                ch[x.ch(i, k, 2)] = special_mul(a2 + a3, w(1), FWD);
                ch[x.ch(i, k, 6)] = special_mul(a2 - a3, w(5), FWD);
                ch[x.ch(i, k, 1)] = special_mul(a4 + a5, w(0), FWD);
                ch[x.ch(i, k, 5)] = special_mul(a4 - a5, w(4), FWD);
                ch[x.ch(i, k, 3)] = special_mul(a6 + a7, w(2), FWD);
                ch[x.ch(i, k, 7)] = special_mul(a6 - a7, w(6), FWD);
            }
        }
    }
}

/// cos and sin of `2 pi m / p` for `m = 1..=(p-1)/2` (index `m - 1`), the
/// sines negated for a forward transform: the constants of `pass3`,
/// `pass5`, `pass7` and `pass11`.
fn odd_constants<T: Real>(p: usize, fwd: bool) -> [(T, T); 5] {
    let mut out = [(T::zero(), T::zero()); 5];
    match p {
        3 => out[0] = (T::from_f64(-0.5), T::SIN_2PI_3),
        5 => out[..2].copy_from_slice(&T::COS_SIN_5),
        7 => out[..3].copy_from_slice(&T::COS_SIN_7),
        11 => out.copy_from_slice(&T::COS_SIN_11),
        _ => unreachable!("no hardcoded radix {p}"),
    }
    if fwd {
        for o in &mut out {
            o.1 = -o.1;
        }
    }
    out
}

/// `pass3`, `pass5`, `pass7` and `pass11`: the hardcoded odd radices,
/// which share one scheme (pocketfft's `POCKETFFT_PREP*` and
/// `POCKETFFT_PARTSTEP*` macros). With `t0` the first input and
/// `s_j, d_j = x_j + x_(p-j), x_j - x_(p-j)` for `j = 1..=(p-1)/2`:
/// output 0 is `t0 + s_1 + s_2 + ...`, and outputs `u` and `p - u` are
/// `ca + cb` and `ca - cb` with `ca = t0 + c_1 s_1 + c_2 s_2 + ...` and
/// `cb = i (y_1 d_1 + y_2 d_2 + ...)`, `c_j` and `y_j` the cosine and
/// (signed) sine of `2 pi uj/p`, sums left to right as in the macros.
fn pass_odd<const FWD: bool, const P: usize, T: Real>(
    ido: usize,
    l1: usize,
    cc: &[C<T>],
    ch: &mut [C<T>],
    wa: &[C<T>],
) {
    let h = (P - 1) / 2;
    let tw = odd_constants::<T>(P, FWD);
    // cos[u-1][j-1], sin[u-1][j-1]: cosine and signed sine of 2 pi uj/P
    let (mut cos, mut sin) = ([[T::zero(); 5]; 5], [[T::zero(); 5]; 5]);
    for u in 1..=h {
        for j in 1..=h {
            let m = u * j % P;
            (cos[u - 1][j - 1], sin[u - 1][j - 1]) = if m <= h {
                tw[m - 1]
            } else {
                (tw[P - m - 1].0, -tw[P - m - 1].1)
            };
        }
    }
    let x = Idx { ido, l1, cdim: P };
    let zero = C::new(T::zero(), T::zero());
    for k in 0..l1 {
        for i in 0..ido {
            let t0 = cc[x.cc(i, 0, k)];
            let mut s = [zero; 5];
            let mut d = [zero; 5];
            for j in 1..=h {
                (s[j - 1], d[j - 1]) = pm(cc[x.cc(i, j, k)], cc[x.cc(i, P - j, k)]);
            }
            let mut c0 = t0;
            for sj in &s[..h] {
                c0 = c0 + *sj;
            }
            ch[x.ch(i, k, 0)] = c0;
            for u in 1..=h {
                let (xr, yi) = (&cos[u - 1], &sin[u - 1]);
                let mut ca = C::new(t0.re + xr[0] * s[0].re, t0.im + xr[0] * s[0].im);
                let mut cbi = yi[0] * d[0].re;
                let mut cbr = yi[0] * d[0].im;
                for j in 1..h {
                    ca.re += xr[j] * s[j].re;
                    ca.im += xr[j] * s[j].im;
                    cbi += yi[j] * d[j].re;
                    cbr += yi[j] * d[j].im;
                }
                let cb = C::new(-cbr, cbi);
                let (a, b) = pm(ca, cb);
                if i == 0 {
                    ch[x.ch(0, k, u)] = a;
                    ch[x.ch(0, k, P - u)] = b;
                } else {
                    ch[x.ch(i, k, u)] = special_mul(a, wa[x.wa(u - 1, i)], FWD);
                    ch[x.ch(i, k, P - u)] = special_mul(b, wa[x.wa(P - u - 1, i)], FWD);
                }
            }
        }
    }
}

/// `passg`: any odd prime radix `ip > 11`. Works in place in `cc` (the
/// result is there), `ch` is scratch; `csarr` are the `ip`-th roots of
/// unity.
fn passg<const FWD: bool, T: Real>(
    ido: usize,
    ip: usize,
    l1: usize,
    cc: &mut [C<T>],
    ch: &mut [C<T>],
    wa: &[C<T>],
    csarr: &[C<T>],
) {
    let ipph = ip.div_ceil(2);
    let idl1 = ido * l1;
    let x = Idx { ido, l1, cdim: ip };
    // CX(a, b, c) is cc seen as [ip][l1][ido]; CX2 and CH2 as [ip][idl1].
    let cx = |a: usize, b: usize, c: usize| a + ido * (b + l1 * c);
    let x2 = |a: usize, b: usize| a + idl1 * b;

    let mut wal = vec![C::new(T::one(), T::zero()); ip];
    for i in 1..ip {
        let im = if FWD { -csarr[i].im } else { csarr[i].im };
        wal[i] = C::new(csarr[i].re, im);
    }

    for k in 0..l1 {
        for i in 0..ido {
            ch[x.ch(i, k, 0)] = cc[x.cc(i, 0, k)];
        }
    }
    for j in 1..ipph {
        let jc = ip - j;
        for k in 0..l1 {
            for i in 0..ido {
                (ch[x.ch(i, k, j)], ch[x.ch(i, k, jc)]) = pm(cc[x.cc(i, j, k)], cc[x.cc(i, jc, k)]);
            }
        }
    }
    for k in 0..l1 {
        for i in 0..ido {
            let mut tmp = ch[x.ch(i, k, 0)];
            for j in 1..ipph {
                tmp = tmp + ch[x.ch(i, k, j)];
            }
            cc[cx(i, k, 0)] = tmp;
        }
    }
    for l in 1..ipph {
        let lc = ip - l;
        // j=0
        let (w1, w2) = (wal[l], wal[2 * l]);
        for ik in 0..idl1 {
            let (h0, h1, h2) = (ch[x2(ik, 0)], ch[x2(ik, 1)], ch[x2(ik, 2)]);
            let (hm1, hm2) = (ch[x2(ik, ip - 1)], ch[x2(ik, ip - 2)]);
            cc[x2(ik, l)] = C::new(
                h0.re + w1.re * h1.re + w2.re * h2.re,
                h0.im + w1.re * h1.im + w2.re * h2.im,
            );
            cc[x2(ik, lc)] = C::new(
                -w1.im * hm1.im - w2.im * hm2.im,
                w1.im * hm1.re + w2.im * hm2.re,
            );
        }

        let mut iwal = 2 * l;
        let mut j = 3;
        let mut jc = ip - 3;
        while j < ipph - 1 {
            iwal += l;
            if iwal > ip {
                iwal -= ip;
            }
            let xwal = wal[iwal];
            iwal += l;
            if iwal > ip {
                iwal -= ip;
            }
            let xwal2 = wal[iwal];
            for ik in 0..idl1 {
                let (a, b) = (ch[x2(ik, j)], ch[x2(ik, j + 1)]);
                let (ac, bc) = (ch[x2(ik, jc)], ch[x2(ik, jc - 1)]);
                let o = &mut cc[x2(ik, l)];
                o.re += a.re * xwal.re + b.re * xwal2.re;
                o.im += a.im * xwal.re + b.im * xwal2.re;
                let o = &mut cc[x2(ik, lc)];
                o.re -= ac.im * xwal.im + bc.im * xwal2.im;
                o.im += ac.re * xwal.im + bc.re * xwal2.im;
            }
            j += 2;
            jc -= 2;
        }
        while j < ipph {
            iwal += l;
            if iwal > ip {
                iwal -= ip;
            }
            let xwal = wal[iwal];
            for ik in 0..idl1 {
                let (a, ac) = (ch[x2(ik, j)], ch[x2(ik, jc)]);
                let o = &mut cc[x2(ik, l)];
                o.re += a.re * xwal.re;
                o.im += a.im * xwal.re;
                let o = &mut cc[x2(ik, lc)];
                o.re -= ac.im * xwal.im;
                o.im += ac.re * xwal.im;
            }
            j += 1;
            jc -= 1;
        }
    }

    // shuffling and twiddling
    if ido == 1 {
        for j in 1..ipph {
            let jc = ip - j;
            for ik in 0..idl1 {
                let (t1, t2) = (cc[x2(ik, j)], cc[x2(ik, jc)]);
                (cc[x2(ik, j)], cc[x2(ik, jc)]) = pm(t1, t2);
            }
        }
    } else {
        for j in 1..ipph {
            let jc = ip - j;
            for k in 0..l1 {
                let (t1, t2) = (cc[cx(0, k, j)], cc[cx(0, k, jc)]);
                (cc[cx(0, k, j)], cc[cx(0, k, jc)]) = pm(t1, t2);
                for i in 1..ido {
                    let (x1, x2) = pm(cc[cx(i, k, j)], cc[cx(i, k, jc)]);
                    let idij = (j - 1) * (ido - 1) + i - 1;
                    cc[cx(i, k, j)] = special_mul(x1, wa[idij], FWD);
                    let idij = (jc - 1) * (ido - 1) + i - 1;
                    cc[cx(i, k, jc)] = special_mul(x2, wa[idij], FWD);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factor_order() {
        // cfftp's factors as its header compiled with g++ lists them: 8s,
        // 4s, a 2 swapped to the front, odd primes.
        for (n, fact) in [
            (2, &[2][..]),
            (8, &[8]),
            (12, &[4, 3]),
            (16, &[2, 8]),
            (32, &[8, 4]),
            (96, &[8, 4, 3]),
            (210, &[2, 3, 5, 7]),
            (289, &[17, 17]),
            (442, &[2, 13, 17]),
            (605, &[5, 11, 11]),
            (832, &[8, 8, 13]),
            (1000, &[8, 5, 5, 5]),
        ] {
            assert_eq!(Cfftp::<f64>::new(n).factors(), fact, "n = {n}");
        }
    }
}
