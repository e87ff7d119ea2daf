//! Bit generators (MT19937 for the legacy `RandomState`, PCG64 for the
//! modern `Generator`), NumPy's `SeedSequence`, and the bounded-integer
//! samplers both front ends share (`random_bounded_*_fill`,
//! `random_interval`), each reproducing NumPy's C code bit for bit.

/// The raw streams a bit generator offers, as NumPy's `bitgen_t` does.
pub trait BitGen {
    /// The next 32 random bits (`next_uint32`).
    fn next_u32(&mut self) -> u32;
    /// The next 64 random bits (`next_uint64`).
    fn next_u64(&mut self) -> u64;
    /// A double in `[0, 1)` with 53 random bits (`next_double`).
    fn next_double(&mut self) -> f64;
}

use crate::error::{Error, Result};

const MT_N: usize = 624;
const MT_M: usize = 397;

/// The Mersenne Twister MT19937 as NumPy's `mt19937.c` implements it.
#[derive(Clone, Debug)]
pub struct Mt19937 {
    key: Box<[u32; MT_N]>,
    pos: usize,
}

impl Mt19937 {
    /// `mt19937_seed`: Knuth's linear seeding of the whole key from one
    /// 32-bit word (what `np.random.seed(int)` uses).
    pub fn from_u32(seed: u32) -> Mt19937 {
        let mut key = Box::new([0u32; MT_N]);
        let mut s = seed;
        for (pos, k) in key.iter_mut().enumerate() {
            *k = s;
            s = 1_812_433_253u32
                .wrapping_mul(s ^ (s >> 30))
                .wrapping_add(pos as u32 + 1);
        }
        Mt19937 { key, pos: MT_N }
    }

    /// The state as NumPy's `MT19937.state` shows it: the 624-word key and
    /// the position in it.
    pub fn state(&self) -> (Vec<u32>, usize) {
        (self.key.to_vec(), self.pos)
    }

    /// A generator at the given state (`MT19937.state = {...}`): `key`
    /// must hold at least 624 words (as NumPy reads them) and `pos` be at
    /// most 624.
    pub fn from_state(key: &[u32], pos: usize) -> Result<Mt19937> {
        if key.len() < MT_N {
            return Err(Error::index_error(format!(
                "index {} is out of bounds for axis 0 with size {}",
                key.len(),
                key.len()
            )));
        }
        if pos > MT_N {
            return Err(Error::value_error("pos must be in [0, 624]"));
        }
        let mut k = Box::new([0u32; MT_N]);
        k.copy_from_slice(&key[..MT_N]);
        Ok(Mt19937 { key: k, pos })
    }

    /// `mt19937_init_by_array`: the reference seeding from a key array
    /// (what `np.random.seed([a, b, ...])` uses).
    pub fn from_array(init_key: &[u32]) -> Mt19937 {
        let mut g = Mt19937::from_u32(19_650_218);
        let mt = &mut g.key;
        let len = init_key.len().max(1);
        let mut i = 1usize;
        let mut j = 0usize;
        for _ in 0..MT_N.max(len) {
            let prev = mt[i - 1];
            mt[i] = (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(init_key.get(j).copied().unwrap_or(0))
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= MT_N {
                mt[0] = mt[MT_N - 1];
                i = 1;
            }
            if j >= len {
                j = 0;
            }
        }
        for _ in 0..MT_N - 1 {
            let prev = mt[i - 1];
            mt[i] =
                (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= MT_N {
                mt[0] = mt[MT_N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        g.pos = MT_N;
        g
    }

    /// `MT19937(seed)`: the key from `generate_state(624)` of the seed
    /// sequence with its first word replaced by `0x80000000`, and the
    /// position left at 623 (as NumPy's constructor leaves it).
    pub fn from_seed_sequence(ss: &SeedSequence) -> Mt19937 {
        let val = ss.generate_state(MT_N);
        let mut key = Box::new([0u32; MT_N]);
        key.copy_from_slice(&val);
        key[0] = 0x8000_0000;
        Mt19937 { key, pos: MT_N - 1 }
    }

    /// `mt19937_jump`: the state as if `2**128` words had been drawn
    /// (Horner's method on NumPy's jump polynomial).
    pub fn jump(&mut self) {
        use super::mt_jump::POLY_COEF;
        let coef = |d: usize| (POLY_COEF[d >> 5] >> (d & 31)) & 1 == 1;
        if self.pos >= MT_N {
            self.pos = 0;
        }
        let mut i = 19_937 - 1;
        while i > 0 && !coef(i) {
            i -= 1;
        }
        let mut temp = self.clone();
        if i > 0 {
            temp.jump_step();
            i -= 1;
            while i > 0 {
                if coef(i) {
                    temp.add_state(self);
                }
                temp.jump_step();
                i -= 1;
            }
            if coef(0) {
                temp.add_state(self);
            }
        }
        *self = temp;
    }

    /// `gen_next` of the jump code: one word of the recurrence, in place.
    fn jump_step(&mut self) {
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7fff_ffff;
        const MATRIX_A: u32 = 0x9908_b0df;
        let num = self.pos;
        let k = &mut self.key;
        let next = (num + 1) % MT_N;
        let y = (k[num] & UPPER) | (k[next] & LOWER);
        let mag = if y & 1 == 1 { MATRIX_A } else { 0 };
        k[num] = k[(num + MT_M) % MT_N] ^ (y >> 1) ^ mag;
        self.pos = next;
    }

    /// `add_state`: XORs `other`'s key into this one, each read from its
    /// own position onwards (cyclically).
    fn add_state(&mut self, other: &Mt19937) {
        let (p1, p2) = (self.pos, other.pos);
        for i in 0..MT_N {
            self.key[(i + p1) % MT_N] ^= other.key[(i + p2) % MT_N];
        }
    }

    fn generate(&mut self) {
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7fff_ffff;
        const MATRIX_A: u32 = 0x9908_b0df;
        let mt = &mut self.key;
        for i in 0..MT_N {
            let y = (mt[i] & UPPER) | (mt[(i + 1) % MT_N] & LOWER);
            let mag = if y & 1 == 1 { MATRIX_A } else { 0 };
            mt[i] = mt[(i + MT_M) % MT_N] ^ (y >> 1) ^ mag;
        }
        self.pos = 0;
    }
}

impl BitGen for Mt19937 {
    fn next_u32(&mut self) -> u32 {
        if self.pos == MT_N {
            self.generate();
        }
        let mut y = self.key[self.pos];
        self.pos += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    fn next_u64(&mut self) -> u64 {
        let hi = u64::from(self.next_u32());
        let lo = u64::from(self.next_u32());
        (hi << 32) | lo
    }

    fn next_double(&mut self) -> f64 {
        let a = self.next_u32() >> 5;
        let b = self.next_u32() >> 6;
        (f64::from(a) * 67_108_864.0 + f64::from(b)) / 9_007_199_254_740_992.0
    }
}

const PCG_MULT: u128 = (2_549_297_995_355_413_924u128 << 64) | 4_865_540_595_714_422_341u128;

/// PCG64 (128-bit LCG with the XSL-RR output function), with NumPy's
/// buffering of the upper half of a 64-bit draw for 32-bit requests.
#[derive(Clone, Debug)]
pub struct Pcg64 {
    state: u128,
    inc: u128,
    has_uint32: bool,
    uinteger: u32,
}

impl Pcg64 {
    /// `pcg64_set_seed`: `state` and `seq` as NumPy builds them from the
    /// four 64-bit words of `SeedSequence.generate_state(4, uint64)`
    /// (`state = w0 << 64 | w1`, `seq = w2 << 64 | w3`).
    pub fn new(initstate: u128, initseq: u128) -> Pcg64 {
        let mut g = Pcg64 {
            state: 0,
            inc: (initseq << 1) | 1,
            has_uint32: false,
            uinteger: 0,
        };
        g.step();
        g.state = g.state.wrapping_add(initstate);
        g.step();
        g
    }

    /// A PCG64 seeded from a [`SeedSequence`], as `PCG64(seed)` does.
    pub fn from_seed_sequence(ss: &SeedSequence) -> Pcg64 {
        let w = ss.generate_state_u64(4);
        let s = (u128::from(w[0]) << 64) | u128::from(w[1]);
        let i = (u128::from(w[2]) << 64) | u128::from(w[3]);
        Pcg64::new(s, i)
    }

    fn step(&mut self) {
        self.state = self.state.wrapping_mul(PCG_MULT).wrapping_add(self.inc);
    }

    /// `(state, inc, has_uint32, uinteger)`, as `PCG64.state` shows them.
    pub fn state(&self) -> (u128, u128, bool, u32) {
        (self.state, self.inc, self.has_uint32, self.uinteger)
    }

    /// A generator at the given state (`PCG64.state = {...}`).
    pub fn from_state(state: u128, inc: u128, has_uint32: bool, uinteger: u32) -> Pcg64 {
        Pcg64 {
            state,
            inc,
            has_uint32,
            uinteger,
        }
    }

    /// `advance(delta)`: the state `delta` steps on (modulo `2**128`),
    /// with the buffered half-word dropped.
    pub fn advance(&mut self, delta: u128) {
        self.state = advance_lcg_128(self.state, delta, PCG_MULT, self.inc);
        self.has_uint32 = false;
        self.uinteger = 0;
    }
}

/// `pcg_advance_lcg_128`: `delta` steps of `x -> x * mult + plus` in
/// O(log delta).
pub(crate) fn advance_lcg_128(state: u128, delta: u128, mult: u128, plus: u128) -> u128 {
    let (mut acc_mult, mut acc_plus) = (1u128, 0u128);
    let (mut cur_mult, mut cur_plus) = (mult, plus);
    let mut delta = delta;
    while delta > 0 {
        if delta & 1 == 1 {
            acc_mult = acc_mult.wrapping_mul(cur_mult);
            acc_plus = acc_plus.wrapping_mul(cur_mult).wrapping_add(cur_plus);
        }
        cur_plus = cur_mult.wrapping_add(1).wrapping_mul(cur_plus);
        cur_mult = cur_mult.wrapping_mul(cur_mult);
        delta >>= 1;
    }
    acc_mult.wrapping_mul(state).wrapping_add(acc_plus)
}

impl BitGen for Pcg64 {
    fn next_u64(&mut self) -> u64 {
        self.step();
        let hi = (self.state >> 64) as u64;
        let lo = self.state as u64;
        (hi ^ lo).rotate_right((hi >> 58) as u32)
    }

    fn next_u32(&mut self) -> u32 {
        if self.has_uint32 {
            self.has_uint32 = false;
            return self.uinteger;
        }
        let next = self.next_u64();
        self.has_uint32 = true;
        self.uinteger = (next >> 32) as u32;
        next as u32
    }

    fn next_double(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
    }
}

const INIT_A: u32 = 0x43b0_d7e5;
const MULT_A: u32 = 0x931e_8875;
const INIT_B: u32 = 0x8b51_f9dd;
const MULT_B: u32 = 0x58f3_8ded;
const MIX_MULT_L: u32 = 0xca01_f9dd;
const MIX_MULT_R: u32 = 0x4973_f715;
const XSHIFT: u32 = 16;
const POOL_SIZE: usize = 4;

/// NumPy's `SeedSequence`: hashes the entropy words (and the spawn key)
/// into a pool and expands it with [`SeedSequence::generate_state`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedSequence {
    pool: Vec<u32>,
}

fn hashmix(value: u32, hash_const: &mut u32) -> u32 {
    let mut v = value ^ *hash_const;
    *hash_const = hash_const.wrapping_mul(MULT_A);
    v = v.wrapping_mul(*hash_const);
    v ^ (v >> XSHIFT)
}

fn mix(x: u32, y: u32) -> u32 {
    let r = MIX_MULT_L
        .wrapping_mul(x)
        .wrapping_sub(MIX_MULT_R.wrapping_mul(y));
    r ^ (r >> XSHIFT)
}

/// `_int_to_uint32_array(n)`: the 32-bit words of `n`, least significant
/// first (one zero word for 0).
pub fn int_words(n: u128) -> Vec<u32> {
    let mut words = Vec::new();
    let mut n = n;
    if n == 0 {
        words.push(0);
    }
    while n > 0 {
        words.push((n & 0xffff_ffff) as u32);
        n >>= 32;
    }
    words
}

impl SeedSequence {
    /// `SeedSequence(n)` for a non-negative integer `n` (split into 32-bit
    /// words, least significant first, as `_int_to_uint32_array` does).
    pub fn from_int(n: u128) -> SeedSequence {
        SeedSequence::from_words(&int_words(n))
    }

    /// `SeedSequence(entropy)` for entropy already given as 32-bit words
    /// (`SeedSequence([1, 2, 3])` with each entry below `2**32`).
    pub fn from_words(entropy: &[u32]) -> SeedSequence {
        SeedSequence::new(entropy, &[], POOL_SIZE)
    }

    /// `SeedSequence(entropy, spawn_key=..., pool_size=...)` with the
    /// entropy and the spawn key as 32-bit words (`pool_size` at least 4,
    /// which the caller checks). With a spawn key, the entropy is padded
    /// with zeros to the pool size first (`get_assembled_entropy`).
    pub fn new(entropy: &[u32], spawn_key: &[u32], pool_size: usize) -> SeedSequence {
        let mut all = entropy.to_vec();
        if !spawn_key.is_empty() && all.len() < pool_size {
            all.resize(pool_size, 0);
        }
        all.extend_from_slice(spawn_key);
        let mut pool = vec![0u32; pool_size];
        let mut hc = INIT_A;
        for (i, p) in pool.iter_mut().enumerate() {
            *p = hashmix(all.get(i).copied().unwrap_or(0), &mut hc);
        }
        for i_src in 0..pool_size {
            for i_dst in 0..pool_size {
                if i_src != i_dst {
                    pool[i_dst] = mix(pool[i_dst], hashmix(pool[i_src], &mut hc));
                }
            }
        }
        for &e in all.iter().skip(pool_size) {
            for p in pool.iter_mut() {
                *p = mix(*p, hashmix(e, &mut hc));
            }
        }
        SeedSequence { pool }
    }

    /// The mixed entropy pool (`SeedSequence.pool`).
    pub fn pool(&self) -> &[u32] {
        &self.pool
    }

    /// `generate_state(n_words)` with `dtype=uint32`.
    pub fn generate_state(&self, n_words: usize) -> Vec<u32> {
        let mut hc = INIT_B;
        (0..n_words)
            .map(|i| {
                let mut v = self.pool[i % self.pool.len()] ^ hc;
                hc = hc.wrapping_mul(MULT_B);
                v = v.wrapping_mul(hc);
                v ^ (v >> XSHIFT)
            })
            .collect()
    }

    /// `generate_state(n_words, np.uint64)`: pairs of 32-bit words, the
    /// first one low.
    pub fn generate_state_u64(&self, n_words: usize) -> Vec<u64> {
        self.generate_state(2 * n_words)
            .chunks(2)
            .map(|c| u64::from(c[0]) | (u64::from(c[1]) << 32))
            .collect()
    }
}

/// The smallest all-ones mask covering `max`.
pub(crate) fn gen_mask(max: u64) -> u64 {
    let mut m = max;
    m |= m >> 1;
    m |= m >> 2;
    m |= m >> 4;
    m |= m >> 8;
    m |= m >> 16;
    m |= m >> 32;
    m
}

/// `random_interval(max)`: a value in `[0, max]` by masked rejection (the
/// shuffles' draw).
pub(crate) fn random_interval<G: BitGen>(g: &mut G, max: u64) -> u64 {
    if max == 0 {
        return 0;
    }
    let mask = gen_mask(max);
    if max <= 0xffff_ffff {
        loop {
            let v = u64::from(g.next_u32()) & mask;
            if v <= max {
                return v;
            }
        }
    } else {
        loop {
            let v = g.next_u64() & mask;
            if v <= max {
                return v;
            }
        }
    }
}

fn lemire32<G: BitGen>(g: &mut G, rng: u32) -> u32 {
    let excl = rng + 1;
    let mut m = u64::from(g.next_u32()) * u64::from(excl);
    let mut left = m as u32;
    if left < excl {
        let threshold = (u32::MAX - rng) % excl;
        while left < threshold {
            m = u64::from(g.next_u32()) * u64::from(excl);
            left = m as u32;
        }
    }
    (m >> 32) as u32
}

fn lemire64<G: BitGen>(g: &mut G, rng: u64) -> u64 {
    let excl = rng + 1;
    let mut m = u128::from(g.next_u64()) * u128::from(excl);
    let mut left = m as u64;
    if left < excl {
        let threshold = (u64::MAX - rng) % excl;
        while left < threshold {
            m = u128::from(g.next_u64()) * u128::from(excl);
            left = m as u64;
        }
    }
    (m >> 64) as u64
}

/// NumPy's 8/16-bit draws carved out of one buffered 32-bit word.
struct Buffered {
    bits: u32,
    buf: u32,
    bcnt: u32,
}

impl Buffered {
    fn next<G: BitGen>(&mut self, g: &mut G) -> u32 {
        if self.bcnt == 0 {
            self.buf = g.next_u32();
            self.bcnt = 32 / self.bits - 1;
        } else {
            self.buf >>= self.bits;
            self.bcnt -= 1;
        }
        self.buf & ((1u32 << self.bits) - 1)
    }
}

/// NumPy's bounded integer draws for an integer type of `bits` bits (1
/// is bool): a value `off + [0, rng]` at a time, by masked rejection
/// (`masked`, the legacy `RandomState`) or Lemire's method (`Generator`).
/// The 8/16-bit and bool draws share one buffered 32-bit word across
/// calls, as `random_buffered_bounded_*` share `buf` within one fill or
/// one broadcast loop. Results wrap to `bits` bits.
pub(crate) struct BoundedDraw {
    masked: bool,
    bits: u32,
    buffered: Buffered,
}

impl BoundedDraw {
    pub(crate) fn new(masked: bool, bits: u32) -> BoundedDraw {
        BoundedDraw {
            masked,
            bits,
            buffered: Buffered {
                bits: bits.min(16),
                buf: 0,
                bcnt: 0,
            },
        }
    }

    /// One value in `off + [0, rng]`.
    pub(crate) fn draw<G: BitGen>(&mut self, g: &mut G, off: u64, rng: u64) -> u64 {
        match self.bits {
            1 => {
                if rng == 0 {
                    off
                } else {
                    u64::from(self.buffered.next(g))
                }
            }
            8 | 16 => {
                let bits = self.bits;
                let max = (1u64 << bits) - 1;
                let v = if rng == 0 {
                    0
                } else if rng == max {
                    u64::from(self.buffered.next(g))
                } else if self.masked {
                    let mask = gen_mask(rng);
                    loop {
                        let v = u64::from(self.buffered.next(g)) & mask;
                        if v <= rng {
                            break v;
                        }
                    }
                } else {
                    let excl = rng + 1;
                    let mut m = u64::from(self.buffered.next(g)) * excl;
                    let mut left = m & max;
                    if left < excl {
                        let threshold = (max - rng) % excl;
                        while left < threshold {
                            m = u64::from(self.buffered.next(g)) * excl;
                            left = m & max;
                        }
                    }
                    m >> bits
                };
                off.wrapping_add(v) & max
            }
            32 => off.wrapping_add(self.draw32(g, rng)) & 0xffff_ffff,
            _ => {
                let v = if rng <= 0xffff_ffff {
                    self.draw32(g, rng)
                } else if rng == u64::MAX {
                    g.next_u64()
                } else if self.masked {
                    let mask = gen_mask(rng);
                    loop {
                        let v = g.next_u64() & mask;
                        if v <= rng {
                            break v;
                        }
                    }
                } else {
                    lemire64(g, rng)
                };
                off.wrapping_add(v)
            }
        }
    }

    /// A value in `[0, rng]` for `rng < 2**32`, from 32-bit words.
    fn draw32<G: BitGen>(&self, g: &mut G, rng: u64) -> u64 {
        if rng == 0 {
            0
        } else if rng == 0xffff_ffff {
            u64::from(g.next_u32())
        } else if self.masked {
            let mask = gen_mask(rng);
            loop {
                let v = u64::from(g.next_u32()) & mask;
                if v <= rng {
                    break v;
                }
            }
        } else {
            u64::from(lemire32(g, rng as u32))
        }
    }
}

/// `random_bounded_{uint8,uint16,uint32,uint64,bool}_fill`: `cnt` values
/// `off + [0, rng]` drawn as [`BoundedDraw`] draws them.
pub(crate) fn bounded_fill<G: BitGen>(
    g: &mut G,
    off: u64,
    rng: u64,
    cnt: usize,
    masked: bool,
    bits: u32,
) -> Vec<u64> {
    let mut d = BoundedDraw::new(masked, bits);
    (0..cnt).map(|_| d.draw(g, off, rng)).collect()
}

/// `random_bounded_uint64(off, rng, mask=0, use_masked=false)`: one value
/// by Lemire's method (the `Generator`'s choice and `_shuffle_int`).
pub(crate) fn bounded_lemire_u64<G: BitGen>(g: &mut G, rng: u64) -> u64 {
    if rng == 0 {
        0
    } else if rng <= 0xffff_ffff {
        if rng == 0xffff_ffff {
            u64::from(g.next_u32())
        } else {
            u64::from(lemire32(g, rng as u32))
        }
    } else if rng == u64::MAX {
        g.next_u64()
    } else {
        lemire64(g, rng)
    }
}
