//! pocketfft's `rfftp`: real FFTPACK transforms on the halfcomplex layout
//! `r0, r1, i1, r2, i2, ...`, one pass per factor of the length (radices
//! 2, 3, 4, 5 written out, any other by `radfg`/`radbg`): `radf*` for the
//! forward (real to halfcomplex) direction, `radb*` for the backward.
//!
//! In the forward passes `cc` is the input seen as `[ip][l1][ido]`
//! (`CC(a, b, c)` is `cc[a + ido*(b + l1*c)]`) and `ch` the output as
//! `[l1][ip][ido]` (`CH(a, b, c)` is `ch[a + ido*(b + ip*c)]`); the
//! backward passes the other way round. `WA(x, i)` is
//! `wa[i + x*(ido - 1)]`.

use super::{copy_and_norm, factorize, pm, Real, SinCos2PiByN};

/// One factor of the length and its twiddles.
struct Factor<T> {
    fct: usize,
    /// `(ip - 1) * (ido - 1)` twiddles, real and imaginary parts
    /// interleaved (none for the last factor).
    tw: Vec<T>,
    /// For `radfg`/`radbg` (`ip > 5`): the `ip`-th roots of unity,
    /// interleaved.
    tws: Vec<T>,
}

/// A real transform of one length by mixed-radix passes (`rfftp`).
pub struct Rfftp<T> {
    length: usize,
    fact: Vec<Factor<T>>,
}

/// `MULPM(a, b, c, d, e, f)`: `(a + ib) = conj(c + id) * (e + if)`,
/// `a = c*e + d*f`, `b = c*f - d*e`.
#[inline(always)]
fn mulpm<T: Real>(c: T, d: T, e: T, f: T) -> (T, T) {
    (c * e + d * f, c * f - d * e)
}

/// `POCKETFFT_REARRANGE(rx, ix, ry, iy)`: `(rx + ry, ix + iy, ix - iy,
/// ry - rx)` as the new `(rx, ix, ry, iy)`.
#[inline(always)]
fn rearrange<T: Real>(rx: T, ix: T, ry: T, iy: T) -> (T, T, T, T) {
    (rx + ry, ix + iy, ix - iy, ry - rx)
}

impl<T: Real> Rfftp<T> {
    /// The plan for `length >= 1` points, with its twiddles
    /// (`comp_twiddle`).
    pub fn new(length: usize) -> Rfftp<T> {
        assert!(length > 0, "zero-length FFT requested");
        if length == 1 {
            return Rfftp {
                length,
                fact: Vec::new(),
            };
        }
        let twid = SinCos2PiByN::new(length);
        let factors = factorize(length, false);
        let nf = factors.len();
        let mut l1 = 1;
        let mut fact = Vec::new();
        for (k, &ip) in factors.iter().enumerate() {
            let ido = length / (l1 * ip);
            let mut tw = Vec::new();
            // the last factor doesn't need twiddles
            if k < nf - 1 {
                tw = vec![T::zero(); (ip - 1) * (ido - 1)];
                for j in 1..ip {
                    for i in 1..=(ido - 1) / 2 {
                        let w = twid.get::<T>(j * l1 * i);
                        tw[(j - 1) * (ido - 1) + 2 * i - 2] = w.re;
                        tw[(j - 1) * (ido - 1) + 2 * i - 1] = w.im;
                    }
                }
            }
            let mut tws = Vec::new();
            // special factors required by *g functions
            if ip > 5 {
                tws = vec![T::zero(); 2 * ip];
                tws[0] = T::one();
                tws[1] = T::zero();
                let (mut i, mut ic) = (2, 2 * ip - 2);
                while i <= ic {
                    let w = twid.get::<T>(i / 2 * (length / ip));
                    tws[i] = w.re;
                    tws[i + 1] = w.im;
                    tws[ic] = w.re;
                    tws[ic + 1] = -w.im;
                    i += 2;
                    ic -= 2;
                }
            }
            fact.push(Factor { fct: ip, tw, tws });
            l1 *= ip;
        }
        Rfftp { length, fact }
    }

    /// The factors in the order of the backward passes.
    #[cfg(test)]
    pub fn factors(&self) -> Vec<usize> {
        self.fact.iter().map(|f| f.fct).collect()
    }

    /// `exec`: forward (`r2hc`: real data to halfcomplex) or backward,
    /// in place, then `fct` (`copy_and_norm`).
    pub fn exec(&self, c: &mut [T], fct: T, r2hc: bool) {
        let length = self.length;
        let c = &mut c[..length];
        if length == 1 {
            c[0] *= fct;
            return;
        }
        let nf = self.fact.len();
        let mut ch = vec![T::zero(); length];
        // Where the data is now: in `c` (pocketfft's p1 == c) or in `ch`.
        let mut in_c = true;
        if r2hc {
            let mut l1 = length;
            for k in (0..nf).rev() {
                let f = &self.fact[k];
                let ip = f.fct;
                let ido = length / l1;
                l1 /= ip;
                let (p1, p2): (&mut [T], &mut [T]) = if in_c {
                    (&mut *c, &mut ch[..])
                } else {
                    (&mut ch[..], &mut *c)
                };
                match ip {
                    4 => radf4(ido, l1, p1, p2, &f.tw),
                    2 => radf2(ido, l1, p1, p2, &f.tw),
                    3 => radf3(ido, l1, p1, p2, &f.tw),
                    5 => radf5(ido, l1, p1, p2, &f.tw),
                    _ => {
                        radfg(ido, ip, l1, p1, p2, &f.tw, &f.tws);
                        // the result is in p1: no swap
                        in_c = !in_c;
                    }
                }
                in_c = !in_c;
            }
        } else {
            let mut l1 = 1;
            for f in &self.fact {
                let ip = f.fct;
                let ido = length / (ip * l1);
                let (p1, p2): (&mut [T], &mut [T]) = if in_c {
                    (&mut *c, &mut ch[..])
                } else {
                    (&mut ch[..], &mut *c)
                };
                match ip {
                    4 => radb4(ido, l1, p1, p2, &f.tw),
                    2 => radb2(ido, l1, p1, p2, &f.tw),
                    3 => radb3(ido, l1, p1, p2, &f.tw),
                    5 => radb5(ido, l1, p1, p2, &f.tw),
                    _ => radbg(ido, ip, l1, p1, p2, &f.tw, &f.tws),
                }
                in_c = !in_c;
                l1 *= ip;
            }
        }
        copy_and_norm(c, &ch, in_c, fct == T::one(), |x| fct * x);
    }
}

/// The index helpers: `x` for the array of `l1` blocks of `ido`
/// (`a + ido*(b + l1*c)`), `y` for the one of `ip` blocks
/// (`a + ido*(b + ip*c)`), `wa` for the twiddles.
#[derive(Clone, Copy)]
struct Idx {
    ido: usize,
    l1: usize,
    ip: usize,
}

impl Idx {
    #[inline(always)]
    fn x(self, a: usize, b: usize, c: usize) -> usize {
        a + self.ido * (b + self.l1 * c)
    }
    #[inline(always)]
    fn y(self, a: usize, b: usize, c: usize) -> usize {
        a + self.ido * (b + self.ip * c)
    }
    #[inline(always)]
    fn wa(self, x: usize, i: usize) -> usize {
        i + x * (self.ido - 1)
    }
}

/// `radf2`: forward radix 2.
fn radf2<T: Real>(ido: usize, l1: usize, cc: &[T], ch: &mut [T], wa: &[T]) {
    let x = Idx { ido, l1, ip: 2 };
    let (cc_, ch_) = (|a, b, c| x.x(a, b, c), |a, b, c| x.y(a, b, c));
    for k in 0..l1 {
        (ch[ch_(0, 0, k)], ch[ch_(ido - 1, 1, k)]) = pm(cc[cc_(0, k, 0)], cc[cc_(0, k, 1)]);
    }
    if ido & 1 == 0 {
        for k in 0..l1 {
            ch[ch_(0, 1, k)] = -cc[cc_(ido - 1, k, 1)];
            ch[ch_(ido - 1, 0, k)] = cc[cc_(ido - 1, k, 0)];
        }
    }
    if ido <= 2 {
        return;
    }
    for k in 0..l1 {
        for i in (2..ido).step_by(2) {
            let ic = ido - i;
            let (tr2, ti2) = mulpm(
                wa[x.wa(0, i - 2)],
                wa[x.wa(0, i - 1)],
                cc[cc_(i - 1, k, 1)],
                cc[cc_(i, k, 1)],
            );
            (ch[ch_(i - 1, 0, k)], ch[ch_(ic - 1, 1, k)]) = pm(cc[cc_(i - 1, k, 0)], tr2);
            (ch[ch_(i, 0, k)], ch[ch_(ic, 1, k)]) = pm(ti2, cc[cc_(i, k, 0)]);
        }
    }
}

/// `radf3`: forward radix 3.
fn radf3<T: Real>(ido: usize, l1: usize, cc: &[T], ch: &mut [T], wa: &[T]) {
    let taur = T::from_f64(-0.5);
    let taui = T::SIN_2PI_3;
    let x = Idx { ido, l1, ip: 3 };
    let (cc_, ch_) = (|a, b, c| x.x(a, b, c), |a, b, c| x.y(a, b, c));
    for k in 0..l1 {
        let cr2 = cc[cc_(0, k, 1)] + cc[cc_(0, k, 2)];
        ch[ch_(0, 0, k)] = cc[cc_(0, k, 0)] + cr2;
        ch[ch_(0, 2, k)] = taui * (cc[cc_(0, k, 2)] - cc[cc_(0, k, 1)]);
        ch[ch_(ido - 1, 1, k)] = cc[cc_(0, k, 0)] + taur * cr2;
    }
    if ido == 1 {
        return;
    }
    for k in 0..l1 {
        for i in (2..ido).step_by(2) {
            let ic = ido - i;
            let w = |j: usize| (wa[x.wa(j, i - 2)], wa[x.wa(j, i - 1)]);
            let (w0r, w0i) = w(0);
            let (w1r, w1i) = w(1);
            let (dr2, di2) = mulpm(w0r, w0i, cc[cc_(i - 1, k, 1)], cc[cc_(i, k, 1)]);
            let (dr3, di3) = mulpm(w1r, w1i, cc[cc_(i - 1, k, 2)], cc[cc_(i, k, 2)]);
            let (dr2, di2, dr3, di3) = rearrange(dr2, di2, dr3, di3);
            ch[ch_(i - 1, 0, k)] = cc[cc_(i - 1, k, 0)] + dr2;
            ch[ch_(i, 0, k)] = cc[cc_(i, k, 0)] + di2;
            let tr2 = cc[cc_(i - 1, k, 0)] + taur * dr2;
            let ti2 = cc[cc_(i, k, 0)] + taur * di2;
            let tr3 = taui * dr3;
            let ti3 = taui * di3;
            (ch[ch_(i - 1, 2, k)], ch[ch_(ic - 1, 1, k)]) = pm(tr2, tr3);
            (ch[ch_(i, 2, k)], ch[ch_(ic, 1, k)]) = pm(ti3, ti2);
        }
    }
}

/// `radf4`: forward radix 4.
fn radf4<T: Real>(ido: usize, l1: usize, cc: &[T], ch: &mut [T], wa: &[T]) {
    let hsqt2 = T::HSQT2;
    let x = Idx { ido, l1, ip: 4 };
    let (cc_, ch_) = (|a, b, c| x.x(a, b, c), |a, b, c| x.y(a, b, c));
    for k in 0..l1 {
        let tr1;
        let tr2;
        (tr1, ch[ch_(0, 2, k)]) = pm(cc[cc_(0, k, 3)], cc[cc_(0, k, 1)]);
        (tr2, ch[ch_(ido - 1, 1, k)]) = pm(cc[cc_(0, k, 0)], cc[cc_(0, k, 2)]);
        (ch[ch_(0, 0, k)], ch[ch_(ido - 1, 3, k)]) = pm(tr2, tr1);
    }
    if ido & 1 == 0 {
        for k in 0..l1 {
            let ti1 = -hsqt2 * (cc[cc_(ido - 1, k, 1)] + cc[cc_(ido - 1, k, 3)]);
            let tr1 = hsqt2 * (cc[cc_(ido - 1, k, 1)] - cc[cc_(ido - 1, k, 3)]);
            (ch[ch_(ido - 1, 0, k)], ch[ch_(ido - 1, 2, k)]) = pm(cc[cc_(ido - 1, k, 0)], tr1);
            (ch[ch_(0, 3, k)], ch[ch_(0, 1, k)]) = pm(ti1, cc[cc_(ido - 1, k, 2)]);
        }
    }
    if ido <= 2 {
        return;
    }
    for k in 0..l1 {
        for i in (2..ido).step_by(2) {
            let ic = ido - i;
            let w = |j: usize| (wa[x.wa(j, i - 2)], wa[x.wa(j, i - 1)]);
            let c = |j: usize| (cc[cc_(i - 1, k, j)], cc[cc_(i, k, j)]);
            let ((w0r, w0i), (w1r, w1i), (w2r, w2i)) = (w(0), w(1), w(2));
            let ((c1r, c1i), (c2r, c2i), (c3r, c3i)) = (c(1), c(2), c(3));
            let (cr2, ci2) = mulpm(w0r, w0i, c1r, c1i);
            let (cr3, ci3) = mulpm(w1r, w1i, c2r, c2i);
            let (cr4, ci4) = mulpm(w2r, w2i, c3r, c3i);
            let (tr1, tr4) = pm(cr4, cr2);
            let (ti1, ti4) = pm(ci2, ci4);
            let (tr2, tr3) = pm(cc[cc_(i - 1, k, 0)], cr3);
            let (ti2, ti3) = pm(cc[cc_(i, k, 0)], ci3);
            (ch[ch_(i - 1, 0, k)], ch[ch_(ic - 1, 3, k)]) = pm(tr2, tr1);
            (ch[ch_(i, 0, k)], ch[ch_(ic, 3, k)]) = pm(ti1, ti2);
            (ch[ch_(i - 1, 2, k)], ch[ch_(ic - 1, 1, k)]) = pm(tr3, ti4);
            (ch[ch_(i, 2, k)], ch[ch_(ic, 1, k)]) = pm(tr4, ti3);
        }
    }
}

/// `radf5`: forward radix 5.
fn radf5<T: Real>(ido: usize, l1: usize, cc: &[T], ch: &mut [T], wa: &[T]) {
    let [(tr11, ti11), (tr12, ti12)] = T::COS_SIN_5;
    let x = Idx { ido, l1, ip: 5 };
    let (cc_, ch_) = (|a, b, c| x.x(a, b, c), |a, b, c| x.y(a, b, c));
    for k in 0..l1 {
        let (cr2, ci5) = pm(cc[cc_(0, k, 4)], cc[cc_(0, k, 1)]);
        let (cr3, ci4) = pm(cc[cc_(0, k, 3)], cc[cc_(0, k, 2)]);
        let c0 = cc[cc_(0, k, 0)];
        ch[ch_(0, 0, k)] = c0 + cr2 + cr3;
        ch[ch_(ido - 1, 1, k)] = c0 + tr11 * cr2 + tr12 * cr3;
        ch[ch_(0, 2, k)] = ti11 * ci5 + ti12 * ci4;
        ch[ch_(ido - 1, 3, k)] = c0 + tr12 * cr2 + tr11 * cr3;
        ch[ch_(0, 4, k)] = ti12 * ci5 - ti11 * ci4;
    }
    if ido == 1 {
        return;
    }
    for k in 0..l1 {
        for i in (2..ido).step_by(2) {
            let ic = ido - i;
            let w = |j: usize| (wa[x.wa(j, i - 2)], wa[x.wa(j, i - 1)]);
            let c = |j: usize| (cc[cc_(i - 1, k, j)], cc[cc_(i, k, j)]);
            let ((w0r, w0i), (w1r, w1i)) = (w(0), w(1));
            let ((w2r, w2i), (w3r, w3i)) = (w(2), w(3));
            let (dr2, di2) = mulpm(w0r, w0i, c(1).0, c(1).1);
            let (dr3, di3) = mulpm(w1r, w1i, c(2).0, c(2).1);
            let (dr4, di4) = mulpm(w2r, w2i, c(3).0, c(3).1);
            let (dr5, di5) = mulpm(w3r, w3i, c(4).0, c(4).1);
            let (dr2, di2, dr5, di5) = rearrange(dr2, di2, dr5, di5);
            let (dr3, di3, dr4, di4) = rearrange(dr3, di3, dr4, di4);
            let (c0r, c0i) = c(0);
            ch[ch_(i - 1, 0, k)] = c0r + dr2 + dr3;
            ch[ch_(i, 0, k)] = c0i + di2 + di3;
            let tr2 = c0r + tr11 * dr2 + tr12 * dr3;
            let ti2 = c0i + tr11 * di2 + tr12 * di3;
            let tr3 = c0r + tr12 * dr2 + tr11 * dr3;
            let ti3 = c0i + tr12 * di2 + tr11 * di3;
            let tr5 = ti11 * dr5 + ti12 * dr4;
            let ti5 = ti11 * di5 + ti12 * di4;
            let tr4 = ti12 * dr5 - ti11 * dr4;
            let ti4 = ti12 * di5 - ti11 * di4;
            (ch[ch_(i - 1, 2, k)], ch[ch_(ic - 1, 1, k)]) = pm(tr2, tr5);
            (ch[ch_(i, 2, k)], ch[ch_(ic, 1, k)]) = pm(ti5, ti2);
            (ch[ch_(i - 1, 4, k)], ch[ch_(ic - 1, 3, k)]) = pm(tr3, tr4);
            (ch[ch_(i, 4, k)], ch[ch_(ic, 3, k)]) = pm(ti4, ti3);
        }
    }
}

/// The twiddled sums `radfg` and `radbg` share (each with its own buffers
/// as `dst` and `src`): for every `l`, `dst`'s rows `l` and `ip - l` are
/// `src`'s rows weighted by the cosines and sines of `csarr` at the angles
/// `j * l` (mod `ip`), added in the header's groups of four, two and one.
/// An angle is reduced once it reaches `reduce_at` (`ip` in `radfg`,
/// `ip + 1` in `radbg`, as the header has them).
fn twiddled_sums<T: Real>(
    dst: &mut [T],
    src: &[T],
    csarr: &[T],
    ip: usize,
    idl1: usize,
    reduce_at: usize,
) {
    let ipph = ip.div_ceil(2);
    let c2 = |a: usize, b: usize| a + idl1 * b;
    for l in 1..ipph {
        let lc = ip - l;
        for ik in 0..idl1 {
            dst[c2(ik, l)] =
                src[c2(ik, 0)] + csarr[2 * l] * src[c2(ik, 1)] + csarr[4 * l] * src[c2(ik, 2)];
            dst[c2(ik, lc)] =
                csarr[2 * l + 1] * src[c2(ik, ip - 1)] + csarr[4 * l + 1] * src[c2(ik, ip - 2)];
        }
        let mut iang = 2 * l;
        let mut next = || {
            iang += l;
            if iang >= reduce_at {
                iang -= ip;
            }
            (csarr[2 * iang], csarr[2 * iang + 1])
        };
        let mut j = 3;
        let mut jc = ip - 3;
        while j + 3 < ipph {
            let ((ar1, ai1), (ar2, ai2)) = (next(), next());
            let ((ar3, ai3), (ar4, ai4)) = (next(), next());
            for ik in 0..idl1 {
                dst[c2(ik, l)] += ar1 * src[c2(ik, j)]
                    + ar2 * src[c2(ik, j + 1)]
                    + ar3 * src[c2(ik, j + 2)]
                    + ar4 * src[c2(ik, j + 3)];
                dst[c2(ik, lc)] += ai1 * src[c2(ik, jc)]
                    + ai2 * src[c2(ik, jc - 1)]
                    + ai3 * src[c2(ik, jc - 2)]
                    + ai4 * src[c2(ik, jc - 3)];
            }
            j += 4;
            jc -= 4;
        }
        while j + 1 < ipph {
            let ((ar1, ai1), (ar2, ai2)) = (next(), next());
            for ik in 0..idl1 {
                dst[c2(ik, l)] += ar1 * src[c2(ik, j)] + ar2 * src[c2(ik, j + 1)];
                dst[c2(ik, lc)] += ai1 * src[c2(ik, jc)] + ai2 * src[c2(ik, jc - 1)];
            }
            j += 2;
            jc -= 2;
        }
        while j < ipph {
            let (ar, ai) = next();
            for ik in 0..idl1 {
                dst[c2(ik, l)] += ar * src[c2(ik, j)];
                dst[c2(ik, lc)] += ai * src[c2(ik, jc)];
            }
            j += 1;
            jc -= 1;
        }
    }
}

/// `radfg`: forward, any odd radix `ip > 5`. Works in `cc` (the result is
/// there), `ch` is scratch; `csarr` are the `ip`-th roots of unity,
/// interleaved.
fn radfg<T: Real>(
    ido: usize,
    ip: usize,
    l1: usize,
    cc: &mut [T],
    ch: &mut [T],
    wa: &[T],
    csarr: &[T],
) {
    let ipph = ip.div_ceil(2);
    let idl1 = ido * l1;
    let x = Idx { ido, l1, ip };
    // CC is [l1][ip][ido], CH and C1 are [ip][l1][ido], C2 and CH2 [ip][idl1].
    let cc_ = |a, b, c| x.y(a, b, c);
    let c1 = |a, b, c| x.x(a, b, c);
    let ch_ = |a, b, c| x.x(a, b, c);
    let c2 = |a: usize, b: usize| a + idl1 * b;

    if ido > 1 {
        for j in 1..ipph {
            let jc = ip - j;
            let is = (j - 1) * (ido - 1);
            let is2 = (jc - 1) * (ido - 1);
            for k in 0..l1 {
                let mut idij = is;
                let mut idij2 = is2;
                for i in (1..=ido - 2).step_by(2) {
                    let (t1, t2) = (cc[c1(i, k, j)], cc[c1(i + 1, k, j)]);
                    let (t3, t4) = (cc[c1(i, k, jc)], cc[c1(i + 1, k, jc)]);
                    let x1 = wa[idij] * t1 + wa[idij + 1] * t2;
                    let x2 = wa[idij] * t2 - wa[idij + 1] * t1;
                    let x3 = wa[idij2] * t3 + wa[idij2 + 1] * t4;
                    let x4 = wa[idij2] * t4 - wa[idij2 + 1] * t3;
                    (cc[c1(i, k, j)], cc[c1(i + 1, k, jc)]) = pm(x3, x1);
                    (cc[c1(i + 1, k, j)], cc[c1(i, k, jc)]) = pm(x2, x4);
                    idij += 2;
                    idij2 += 2;
                }
            }
        }
    }

    for j in 1..ipph {
        let jc = ip - j;
        for k in 0..l1 {
            // MPINPLACE(C1(0,k,jc), C1(0,k,j))
            let (a, b) = (cc[c1(0, k, jc)], cc[c1(0, k, j)]);
            cc[c1(0, k, jc)] = a - b;
            cc[c1(0, k, j)] = a + b;
        }
    }

    twiddled_sums(ch, cc, csarr, ip, idl1, ip);
    for ik in 0..idl1 {
        ch[c2(ik, 0)] = cc[c2(ik, 0)];
    }
    for j in 1..ipph {
        for ik in 0..idl1 {
            ch[c2(ik, 0)] += cc[c2(ik, j)];
        }
    }

    for k in 0..l1 {
        for i in 0..ido {
            cc[cc_(i, 0, k)] = ch[ch_(i, k, 0)];
        }
    }

    for j in 1..ipph {
        let jc = ip - j;
        let j2 = 2 * j - 1;
        for k in 0..l1 {
            cc[cc_(ido - 1, j2, k)] = ch[ch_(0, k, j)];
            cc[cc_(0, j2 + 1, k)] = ch[ch_(0, k, jc)];
        }
    }

    if ido == 1 {
        return;
    }

    for j in 1..ipph {
        let jc = ip - j;
        let j2 = 2 * j - 1;
        for k in 0..l1 {
            for i in (1..=ido - 2).step_by(2) {
                let ic = ido - i - 2;
                cc[cc_(i, j2 + 1, k)] = ch[ch_(i, k, j)] + ch[ch_(i, k, jc)];
                cc[cc_(ic, j2, k)] = ch[ch_(i, k, j)] - ch[ch_(i, k, jc)];
                cc[cc_(i + 1, j2 + 1, k)] = ch[ch_(i + 1, k, j)] + ch[ch_(i + 1, k, jc)];
                cc[cc_(ic + 1, j2, k)] = ch[ch_(i + 1, k, jc)] - ch[ch_(i + 1, k, j)];
            }
        }
    }
}

/// `radb2`: backward radix 2.
fn radb2<T: Real>(ido: usize, l1: usize, cc: &[T], ch: &mut [T], wa: &[T]) {
    let x = Idx { ido, l1, ip: 2 };
    let (cc_, ch_) = (|a, b, c| x.y(a, b, c), |a, b, c| x.x(a, b, c));
    let two = T::from_f64(2.0);
    for k in 0..l1 {
        (ch[ch_(0, k, 0)], ch[ch_(0, k, 1)]) = pm(cc[cc_(0, 0, k)], cc[cc_(ido - 1, 1, k)]);
    }
    if ido & 1 == 0 {
        for k in 0..l1 {
            ch[ch_(ido - 1, k, 0)] = two * cc[cc_(ido - 1, 0, k)];
            ch[ch_(ido - 1, k, 1)] = -two * cc[cc_(0, 1, k)];
        }
    }
    if ido <= 2 {
        return;
    }
    for k in 0..l1 {
        for i in (2..ido).step_by(2) {
            let ic = ido - i;
            let tr2;
            let ti2;
            (ch[ch_(i - 1, k, 0)], tr2) = pm(cc[cc_(i - 1, 0, k)], cc[cc_(ic - 1, 1, k)]);
            (ti2, ch[ch_(i, k, 0)]) = pm(cc[cc_(i, 0, k)], cc[cc_(ic, 1, k)]);
            (ch[ch_(i, k, 1)], ch[ch_(i - 1, k, 1)]) =
                mulpm(wa[x.wa(0, i - 2)], wa[x.wa(0, i - 1)], ti2, tr2);
        }
    }
}

/// `radb3`: backward radix 3.
fn radb3<T: Real>(ido: usize, l1: usize, cc: &[T], ch: &mut [T], wa: &[T]) {
    let taur = T::from_f64(-0.5);
    let taui = T::SIN_2PI_3;
    let two = T::from_f64(2.0);
    let x = Idx { ido, l1, ip: 3 };
    let (cc_, ch_) = (|a, b, c| x.y(a, b, c), |a, b, c| x.x(a, b, c));
    for k in 0..l1 {
        let tr2 = two * cc[cc_(ido - 1, 1, k)];
        let cr2 = cc[cc_(0, 0, k)] + taur * tr2;
        ch[ch_(0, k, 0)] = cc[cc_(0, 0, k)] + tr2;
        let ci3 = two * taui * cc[cc_(0, 2, k)];
        (ch[ch_(0, k, 2)], ch[ch_(0, k, 1)]) = pm(cr2, ci3);
    }
    if ido == 1 {
        return;
    }
    for k in 0..l1 {
        for i in (2..ido).step_by(2) {
            let ic = ido - i;
            // t2=CC(I) + conj(CC(ic))
            let tr2 = cc[cc_(i - 1, 2, k)] + cc[cc_(ic - 1, 1, k)];
            let ti2 = cc[cc_(i, 2, k)] - cc[cc_(ic, 1, k)];
            // c2=CC +taur*t2
            let cr2 = cc[cc_(i - 1, 0, k)] + taur * tr2;
            let ci2 = cc[cc_(i, 0, k)] + taur * ti2;
            // CH=CC+t2
            ch[ch_(i - 1, k, 0)] = cc[cc_(i - 1, 0, k)] + tr2;
            ch[ch_(i, k, 0)] = cc[cc_(i, 0, k)] + ti2;
            // c3=taui*(CC(i)-conj(CC(ic)))
            let cr3 = taui * (cc[cc_(i - 1, 2, k)] - cc[cc_(ic - 1, 1, k)]);
            let ci3 = taui * (cc[cc_(i, 2, k)] + cc[cc_(ic, 1, k)]);
            let (dr3, dr2) = pm(cr2, ci3);
            let (di2, di3) = pm(ci2, cr3);
            // ch = WA*d2, WA*d3
            (ch[ch_(i, k, 1)], ch[ch_(i - 1, k, 1)]) =
                mulpm(wa[x.wa(0, i - 2)], wa[x.wa(0, i - 1)], di2, dr2);
            (ch[ch_(i, k, 2)], ch[ch_(i - 1, k, 2)]) =
                mulpm(wa[x.wa(1, i - 2)], wa[x.wa(1, i - 1)], di3, dr3);
        }
    }
}

/// `radb4`: backward radix 4.
fn radb4<T: Real>(ido: usize, l1: usize, cc: &[T], ch: &mut [T], wa: &[T]) {
    let sqrt2 = T::SQRT2;
    let two = T::from_f64(2.0);
    let x = Idx { ido, l1, ip: 4 };
    let (cc_, ch_) = (|a, b, c| x.y(a, b, c), |a, b, c| x.x(a, b, c));
    for k in 0..l1 {
        let (tr2, tr1) = pm(cc[cc_(0, 0, k)], cc[cc_(ido - 1, 3, k)]);
        let tr3 = two * cc[cc_(ido - 1, 1, k)];
        let tr4 = two * cc[cc_(0, 2, k)];
        (ch[ch_(0, k, 0)], ch[ch_(0, k, 2)]) = pm(tr2, tr3);
        (ch[ch_(0, k, 3)], ch[ch_(0, k, 1)]) = pm(tr1, tr4);
    }
    if ido & 1 == 0 {
        for k in 0..l1 {
            let (ti1, ti2) = pm(cc[cc_(0, 3, k)], cc[cc_(0, 1, k)]);
            let (tr2, tr1) = pm(cc[cc_(ido - 1, 0, k)], cc[cc_(ido - 1, 2, k)]);
            ch[ch_(ido - 1, k, 0)] = tr2 + tr2;
            ch[ch_(ido - 1, k, 1)] = sqrt2 * (tr1 - ti1);
            ch[ch_(ido - 1, k, 2)] = ti2 + ti2;
            ch[ch_(ido - 1, k, 3)] = -sqrt2 * (tr1 + ti1);
        }
    }
    if ido <= 2 {
        return;
    }
    for k in 0..l1 {
        for i in (2..ido).step_by(2) {
            let ic = ido - i;
            let (tr2, tr1) = pm(cc[cc_(i - 1, 0, k)], cc[cc_(ic - 1, 3, k)]);
            let (ti1, ti2) = pm(cc[cc_(i, 0, k)], cc[cc_(ic, 3, k)]);
            let (tr4, ti3) = pm(cc[cc_(i, 2, k)], cc[cc_(ic, 1, k)]);
            let (tr3, ti4) = pm(cc[cc_(i - 1, 2, k)], cc[cc_(ic - 1, 1, k)]);
            let cr3;
            let ci3;
            (ch[ch_(i - 1, k, 0)], cr3) = pm(tr2, tr3);
            (ch[ch_(i, k, 0)], ci3) = pm(ti2, ti3);
            let (cr4, cr2) = pm(tr1, tr4);
            let (ci2, ci4) = pm(ti1, ti4);
            let w = |j: usize| (wa[x.wa(j, i - 2)], wa[x.wa(j, i - 1)]);
            let ((w0r, w0i), (w1r, w1i), (w2r, w2i)) = (w(0), w(1), w(2));
            (ch[ch_(i, k, 1)], ch[ch_(i - 1, k, 1)]) = mulpm(w0r, w0i, ci2, cr2);
            (ch[ch_(i, k, 2)], ch[ch_(i - 1, k, 2)]) = mulpm(w1r, w1i, ci3, cr3);
            (ch[ch_(i, k, 3)], ch[ch_(i - 1, k, 3)]) = mulpm(w2r, w2i, ci4, cr4);
        }
    }
}

/// `radb5`: backward radix 5.
fn radb5<T: Real>(ido: usize, l1: usize, cc: &[T], ch: &mut [T], wa: &[T]) {
    let [(tr11, ti11), (tr12, ti12)] = T::COS_SIN_5;
    let x = Idx { ido, l1, ip: 5 };
    let (cc_, ch_) = (|a, b, c| x.y(a, b, c), |a, b, c| x.x(a, b, c));
    for k in 0..l1 {
        let ti5 = cc[cc_(0, 2, k)] + cc[cc_(0, 2, k)];
        let ti4 = cc[cc_(0, 4, k)] + cc[cc_(0, 4, k)];
        let tr2 = cc[cc_(ido - 1, 1, k)] + cc[cc_(ido - 1, 1, k)];
        let tr3 = cc[cc_(ido - 1, 3, k)] + cc[cc_(ido - 1, 3, k)];
        let c0 = cc[cc_(0, 0, k)];
        ch[ch_(0, k, 0)] = c0 + tr2 + tr3;
        let cr2 = c0 + tr11 * tr2 + tr12 * tr3;
        let cr3 = c0 + tr12 * tr2 + tr11 * tr3;
        let (ci5, ci4) = mulpm(ti5, ti4, ti11, ti12);
        (ch[ch_(0, k, 4)], ch[ch_(0, k, 1)]) = pm(cr2, ci5);
        (ch[ch_(0, k, 3)], ch[ch_(0, k, 2)]) = pm(cr3, ci4);
    }
    if ido == 1 {
        return;
    }
    for k in 0..l1 {
        for i in (2..ido).step_by(2) {
            let ic = ido - i;
            let (tr2, tr5) = pm(cc[cc_(i - 1, 2, k)], cc[cc_(ic - 1, 1, k)]);
            let (ti5, ti2) = pm(cc[cc_(i, 2, k)], cc[cc_(ic, 1, k)]);
            let (tr3, tr4) = pm(cc[cc_(i - 1, 4, k)], cc[cc_(ic - 1, 3, k)]);
            let (ti4, ti3) = pm(cc[cc_(i, 4, k)], cc[cc_(ic, 3, k)]);
            let (c0r, c0i) = (cc[cc_(i - 1, 0, k)], cc[cc_(i, 0, k)]);
            ch[ch_(i - 1, k, 0)] = c0r + tr2 + tr3;
            ch[ch_(i, k, 0)] = c0i + ti2 + ti3;
            let cr2 = c0r + tr11 * tr2 + tr12 * tr3;
            let ci2 = c0i + tr11 * ti2 + tr12 * ti3;
            let cr3 = c0r + tr12 * tr2 + tr11 * tr3;
            let ci3 = c0i + tr12 * ti2 + tr11 * ti3;
            let (cr5, cr4) = mulpm(tr5, tr4, ti11, ti12);
            let (ci5, ci4) = mulpm(ti5, ti4, ti11, ti12);
            let (dr4, dr3) = pm(cr3, ci4);
            let (di3, di4) = pm(ci3, cr4);
            let (dr5, dr2) = pm(cr2, ci5);
            let (di2, di5) = pm(ci2, cr5);
            let w = |j: usize| (wa[x.wa(j, i - 2)], wa[x.wa(j, i - 1)]);
            let ((w0r, w0i), (w1r, w1i)) = (w(0), w(1));
            let ((w2r, w2i), (w3r, w3i)) = (w(2), w(3));
            (ch[ch_(i, k, 1)], ch[ch_(i - 1, k, 1)]) = mulpm(w0r, w0i, di2, dr2);
            (ch[ch_(i, k, 2)], ch[ch_(i - 1, k, 2)]) = mulpm(w1r, w1i, di3, dr3);
            (ch[ch_(i, k, 3)], ch[ch_(i - 1, k, 3)]) = mulpm(w2r, w2i, di4, dr4);
            (ch[ch_(i, k, 4)], ch[ch_(i - 1, k, 4)]) = mulpm(w3r, w3i, di5, dr5);
        }
    }
}

/// `radbg`: backward, any odd radix `ip > 5`. The result is in `ch`;
/// `cc` is overwritten.
fn radbg<T: Real>(
    ido: usize,
    ip: usize,
    l1: usize,
    cc: &mut [T],
    ch: &mut [T],
    wa: &[T],
    csarr: &[T],
) {
    let ipph = ip.div_ceil(2);
    let idl1 = ido * l1;
    let x = Idx { ido, l1, ip };
    // CC is [l1][ip][ido], CH and C1 are [ip][l1][ido], C2 and CH2 [ip][idl1].
    let cc_ = |a, b, c| x.y(a, b, c);
    let ch_ = |a, b, c| x.x(a, b, c);
    let c1 = |a, b, c| x.x(a, b, c);
    let c2 = |a: usize, b: usize| a + idl1 * b;
    let two = T::from_f64(2.0);

    for k in 0..l1 {
        for i in 0..ido {
            ch[ch_(i, k, 0)] = cc[cc_(i, 0, k)];
        }
    }
    for j in 1..ipph {
        let jc = ip - j;
        let j2 = 2 * j - 1;
        for k in 0..l1 {
            ch[ch_(0, k, j)] = two * cc[cc_(ido - 1, j2, k)];
            ch[ch_(0, k, jc)] = two * cc[cc_(0, j2 + 1, k)];
        }
    }

    if ido != 1 {
        for j in 1..ipph {
            let jc = ip - j;
            let j2 = 2 * j - 1;
            for k in 0..l1 {
                for i in (1..=ido - 2).step_by(2) {
                    let ic = ido - i - 2;
                    ch[ch_(i, k, j)] = cc[cc_(i, j2 + 1, k)] + cc[cc_(ic, j2, k)];
                    ch[ch_(i, k, jc)] = cc[cc_(i, j2 + 1, k)] - cc[cc_(ic, j2, k)];
                    ch[ch_(i + 1, k, j)] = cc[cc_(i + 1, j2 + 1, k)] - cc[cc_(ic + 1, j2, k)];
                    ch[ch_(i + 1, k, jc)] = cc[cc_(i + 1, j2 + 1, k)] + cc[cc_(ic + 1, j2, k)];
                }
            }
        }
    }
    // The header reduces an angle here only once it passes `ip`.
    twiddled_sums(cc, ch, csarr, ip, idl1, ip + 1);
    for j in 1..ipph {
        for ik in 0..idl1 {
            let v = ch[c2(ik, j)];
            ch[c2(ik, 0)] += v;
        }
    }
    for j in 1..ipph {
        let jc = ip - j;
        for k in 0..l1 {
            (ch[ch_(0, k, jc)], ch[ch_(0, k, j)]) = pm(cc[c1(0, k, j)], cc[c1(0, k, jc)]);
        }
    }

    if ido == 1 {
        return;
    }

    for j in 1..ipph {
        let jc = ip - j;
        for k in 0..l1 {
            for i in (1..=ido - 2).step_by(2) {
                ch[ch_(i, k, j)] = cc[c1(i, k, j)] - cc[c1(i + 1, k, jc)];
                ch[ch_(i, k, jc)] = cc[c1(i, k, j)] + cc[c1(i + 1, k, jc)];
                ch[ch_(i + 1, k, j)] = cc[c1(i + 1, k, j)] + cc[c1(i, k, jc)];
                ch[ch_(i + 1, k, jc)] = cc[c1(i + 1, k, j)] - cc[c1(i, k, jc)];
            }
        }
    }

    // All in CH
    for j in 1..ip {
        let is = (j - 1) * (ido - 1);
        for k in 0..l1 {
            let mut idij = is;
            for i in (1..=ido - 2).step_by(2) {
                let (t1, t2) = (ch[ch_(i, k, j)], ch[ch_(i + 1, k, j)]);
                ch[ch_(i, k, j)] = wa[idij] * t1 - wa[idij + 1] * t2;
                ch[ch_(i + 1, k, j)] = wa[idij] * t2 + wa[idij + 1] * t1;
                idij += 2;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factor_order() {
        // rfftp's factors as its header compiled with g++ lists them: 4s,
        // a 2 swapped to the front, odd primes.
        for (n, fact) in [
            (2, &[2][..]),
            (8, &[2, 4]),
            (12, &[4, 3]),
            (16, &[4, 4]),
            (32, &[2, 4, 4]),
            (96, &[2, 4, 4, 3]),
            (210, &[2, 3, 5, 7]),
            (289, &[17, 17]),
            (605, &[5, 11, 11]),
            (832, &[4, 4, 4, 13]),
            (1000, &[2, 4, 5, 5, 5]),
        ] {
            assert_eq!(Rfftp::<f64>::new(n).factors(), fact, "n = {n}");
        }
    }
}
