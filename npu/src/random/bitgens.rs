//! The bit generators of `numpy.random` beyond MT19937 and PCG64
//! (PCG64DXSM, Philox, SFC64), and [`BitGenerator`], any one of the five,
//! which the modern [`super::Generator`] draws from. Each reproduces
//! NumPy's C code bit for bit, including how a 32-bit request takes the
//! halves of a buffered 64-bit draw.

use super::bitgen::{advance_lcg_128, BitGen, Mt19937, Pcg64, SeedSequence};

/// The "cheap multiplier" of PCG64DXSM.
const CHEAP_MULT: u64 = 0xda94_2042_e4dd_58b5;

/// `(x >> 11) * 2**-53`: NumPy's `uint64_to_double`.
fn u64_to_double(x: u64) -> f64 {
    (x >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
}

/// A 32-bit draw from a 64-bit generator: the low half now, the high half
/// kept for the next request (`has_uint32` / `uinteger`).
fn split32(has: &mut bool, keep: &mut u32, next: impl FnOnce() -> u64) -> u32 {
    if *has {
        *has = false;
        return *keep;
    }
    let v = next();
    *has = true;
    *keep = (v >> 32) as u32;
    v as u32
}

/// PCG64DXSM: PCG64's 128-bit LCG with the cheap 64-bit multiplier and
/// the DXSM output function (applied to the state before the step).
#[derive(Clone, Debug)]
pub struct Pcg64Dxsm {
    state: u128,
    inc: u128,
    has_uint32: bool,
    uinteger: u32,
}

impl Pcg64Dxsm {
    /// `PCG64DXSM(seed)`: seeded exactly as PCG64 is (with PCG64's
    /// multiplier), from `generate_state(4, uint64)`.
    pub fn from_seed_sequence(ss: &SeedSequence) -> Pcg64Dxsm {
        let (state, inc, _, _) = Pcg64::from_seed_sequence(ss).state();
        Pcg64Dxsm::from_state(state, inc, false, 0)
    }

    /// A generator at the given state (`PCG64DXSM.state = {...}`).
    pub fn from_state(state: u128, inc: u128, has_uint32: bool, uinteger: u32) -> Pcg64Dxsm {
        Pcg64Dxsm {
            state,
            inc,
            has_uint32,
            uinteger,
        }
    }

    /// `(state, inc, has_uint32, uinteger)`.
    pub fn state(&self) -> (u128, u128, bool, u32) {
        (self.state, self.inc, self.has_uint32, self.uinteger)
    }

    /// `advance(delta)` (modulo `2**128`), dropping the buffered half-word.
    pub fn advance(&mut self, delta: u128) {
        self.state = advance_lcg_128(self.state, delta, u128::from(CHEAP_MULT), self.inc);
        self.has_uint32 = false;
        self.uinteger = 0;
    }
}

impl BitGen for Pcg64Dxsm {
    fn next_u64(&mut self) -> u64 {
        let mut hi = (self.state >> 64) as u64;
        let lo = (self.state as u64) | 1;
        hi ^= hi >> 32;
        hi = hi.wrapping_mul(CHEAP_MULT);
        hi ^= hi >> 48;
        hi = hi.wrapping_mul(lo);
        self.state = self
            .state
            .wrapping_mul(u128::from(CHEAP_MULT))
            .wrapping_add(self.inc);
        hi
    }

    fn next_u32(&mut self) -> u32 {
        let (mut has, mut keep) = (self.has_uint32, self.uinteger);
        let v = split32(&mut has, &mut keep, || self.next_u64());
        self.has_uint32 = has;
        self.uinteger = keep;
        v
    }

    fn next_double(&mut self) -> f64 {
        u64_to_double(self.next_u64())
    }
}

/// The state of a Philox generator as `Philox.state` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhiloxState {
    /// The 256-bit counter, least significant word first.
    pub counter: [u64; 4],
    /// The 128-bit key.
    pub key: [u64; 2],
    /// The last block of four outputs.
    pub buffer: [u64; 4],
    /// How many of the buffered outputs are used (4: none left).
    pub buffer_pos: usize,
    /// Whether the high half of a 64-bit draw is kept for a 32-bit request.
    pub has_uint32: bool,
    /// That kept half.
    pub uinteger: u32,
}

/// Philox4x64-10, a counter-based generator: each block of four 64-bit
/// outputs is ten rounds of the Philox function of the (incremented)
/// counter under the key.
#[derive(Clone, Debug)]
pub struct Philox {
    s: PhiloxState,
}

fn philox_round(ctr: [u64; 4], key: [u64; 2]) -> [u64; 4] {
    let p0 = u128::from(0xD2E7_470E_E14C_6C93u64) * u128::from(ctr[0]);
    let p1 = u128::from(0xCA5A_8263_9512_1157u64) * u128::from(ctr[2]);
    let (hi0, lo0) = ((p0 >> 64) as u64, p0 as u64);
    let (hi1, lo1) = ((p1 >> 64) as u64, p1 as u64);
    [hi1 ^ ctr[1] ^ key[0], lo1, hi0 ^ ctr[3] ^ key[1], lo0]
}

impl Philox {
    /// `Philox(seed, counter)`: the key from `generate_state(2, uint64)`.
    pub fn from_seed_sequence(ss: &SeedSequence, counter: [u64; 4]) -> Philox {
        let k = ss.generate_state_u64(2);
        Philox::from_key(counter, [k[0], k[1]])
    }

    /// `Philox(key=..., counter=...)`: an explicit key, an empty buffer.
    pub fn from_key(counter: [u64; 4], key: [u64; 2]) -> Philox {
        Philox {
            s: PhiloxState {
                counter,
                key,
                buffer: [0; 4],
                buffer_pos: 4,
                has_uint32: false,
                uinteger: 0,
            },
        }
    }

    /// A generator at the given state (`Philox.state = {...}`).
    pub fn from_state(s: PhiloxState) -> Philox {
        Philox { s }
    }

    /// The state.
    pub fn state(&self) -> PhiloxState {
        self.s.clone()
    }

    /// `philox_advance`: adds the 256-bit `step` to the counter (with
    /// NumPy's carry handling) and empties the buffer.
    pub fn advance(&mut self, step: [u64; 4]) {
        let ctr = &mut self.s.counter;
        let mut carry = false;
        for i in 0..4 {
            if carry {
                ctr[i] = ctr[i].wrapping_add(1);
                carry = ctr[i] == 0;
            }
            let orig = ctr[i];
            ctr[i] = ctr[i].wrapping_add(step[i]);
            if ctr[i] < orig && !carry {
                carry = true;
            }
        }
        self.s.has_uint32 = false;
        self.s.uinteger = 0;
        self.s.buffer_pos = 4;
        self.s.buffer = [0; 4];
    }
}

impl BitGen for Philox {
    fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        if s.buffer_pos < 4 {
            let out = s.buffer[s.buffer_pos];
            s.buffer_pos += 1;
            return out;
        }
        for i in 0..4 {
            s.counter[i] = s.counter[i].wrapping_add(1);
            if s.counter[i] != 0 {
                break;
            }
        }
        let mut key = s.key;
        let mut ctr = philox_round(s.counter, key);
        for _ in 1..10 {
            key[0] = key[0].wrapping_add(0x9E37_79B9_7F4A_7C15);
            key[1] = key[1].wrapping_add(0xBB67_AE85_84CA_A73B);
            ctr = philox_round(ctr, key);
        }
        s.buffer = ctr;
        s.buffer_pos = 1;
        ctr[0]
    }

    fn next_u32(&mut self) -> u32 {
        let (mut has, mut keep) = (self.s.has_uint32, self.s.uinteger);
        let v = split32(&mut has, &mut keep, || self.next_u64());
        self.s.has_uint32 = has;
        self.s.uinteger = keep;
        v
    }

    fn next_double(&mut self) -> f64 {
        u64_to_double(self.next_u64())
    }
}

/// SFC64, Chris Doty-Humphrey's Small Fast Chaotic generator: 256 bits of
/// state, the last word a counter.
#[derive(Clone, Debug)]
pub struct Sfc64 {
    s: [u64; 4],
    has_uint32: bool,
    uinteger: u32,
}

impl Sfc64 {
    /// `SFC64(seed)`: three words of `generate_state(3, uint64)`, the
    /// counter at 1, then twelve discarded draws.
    pub fn from_seed_sequence(ss: &SeedSequence) -> Sfc64 {
        let w = ss.generate_state_u64(3);
        let mut g = Sfc64::from_state([w[0], w[1], w[2], 1], false, 0);
        for _ in 0..12 {
            g.step();
        }
        g
    }

    /// A generator at the given state (`SFC64.state = {...}`).
    pub fn from_state(s: [u64; 4], has_uint32: bool, uinteger: u32) -> Sfc64 {
        Sfc64 {
            s,
            has_uint32,
            uinteger,
        }
    }

    /// `(state, has_uint32, uinteger)`.
    pub fn state(&self) -> ([u64; 4], bool, u32) {
        (self.s, self.has_uint32, self.uinteger)
    }

    fn step(&mut self) -> u64 {
        let s = &mut self.s;
        let tmp = s[0].wrapping_add(s[1]).wrapping_add(s[3]);
        s[3] = s[3].wrapping_add(1);
        s[0] = s[1] ^ (s[1] >> 11);
        s[1] = s[2].wrapping_add(s[2] << 3);
        s[2] = s[2].rotate_left(24).wrapping_add(tmp);
        tmp
    }
}

impl BitGen for Sfc64 {
    fn next_u64(&mut self) -> u64 {
        self.step()
    }

    fn next_u32(&mut self) -> u32 {
        let (mut has, mut keep) = (self.has_uint32, self.uinteger);
        let v = split32(&mut has, &mut keep, || self.step());
        self.has_uint32 = has;
        self.uinteger = keep;
        v
    }

    fn next_double(&mut self) -> f64 {
        u64_to_double(self.step())
    }
}

/// `$body` with `$g` bound to the bit generator inside a
/// [`BitGenerator`], whichever it is (the delegations of [`BitGen`]).
macro_rules! each_bitgen {
    ($bg:expr, $g:ident => $body:expr) => {
        match $bg {
            BitGenerator::Mt19937($g) => $body,
            BitGenerator::Pcg64($g) => $body,
            BitGenerator::Pcg64Dxsm($g) => $body,
            BitGenerator::Philox($g) => $body,
            BitGenerator::Sfc64($g) => $body,
        }
    };
}

/// Any of NumPy's five bit generators: what a `Generator` draws from.
#[derive(Clone, Debug)]
pub enum BitGenerator {
    /// `MT19937`.
    Mt19937(Mt19937),
    /// `PCG64` (what `default_rng` uses).
    Pcg64(Pcg64),
    /// `PCG64DXSM`.
    Pcg64Dxsm(Pcg64Dxsm),
    /// `Philox` (4x64-10).
    Philox(Philox),
    /// `SFC64`.
    Sfc64(Sfc64),
}

impl BitGenerator {
    /// The class name NumPy gives it (`'PCG64'`, the `bit_generator` of its
    /// state dict).
    pub fn name(&self) -> &'static str {
        match self {
            BitGenerator::Mt19937(_) => "MT19937",
            BitGenerator::Pcg64(_) => "PCG64",
            BitGenerator::Pcg64Dxsm(_) => "PCG64DXSM",
            BitGenerator::Philox(_) => "Philox",
            BitGenerator::Sfc64(_) => "SFC64",
        }
    }

    /// `next_raw`, what `random_raw` returns: 32 bits for MT19937, 64 for
    /// the others.
    pub fn next_raw(&mut self) -> u64 {
        match self {
            BitGenerator::Mt19937(g) => u64::from(g.next_u32()),
            other => other.next_u64(),
        }
    }
}

impl BitGen for BitGenerator {
    fn next_u32(&mut self) -> u32 {
        each_bitgen!(self, g => g.next_u32())
    }

    fn next_u64(&mut self) -> u64 {
        each_bitgen!(self, g => g.next_u64())
    }

    fn next_double(&mut self) -> f64 {
        each_bitgen!(self, g => g.next_double())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_streams_match_numpy() {
        // python3: np.random.<Class>(1).random_raw(2) under NumPy 2.4.6.
        let ss = SeedSequence::from_int(1);
        let mut p = BitGenerator::Philox(Philox::from_seed_sequence(&ss, [0; 4]));
        let mut s = BitGenerator::Sfc64(Sfc64::from_seed_sequence(&ss));
        let mut d = BitGenerator::Pcg64Dxsm(Pcg64Dxsm::from_seed_sequence(&ss));
        let mut m = BitGenerator::Mt19937(Mt19937::from_seed_sequence(&ss));
        let got: Vec<u64> = [&mut p, &mut s, &mut d, &mut m]
            .into_iter()
            .flat_map(|g| [g.next_raw(), g.next_raw()])
            .collect();
        assert_eq!(got, EXPECTED.to_vec());
    }

    const EXPECTED: [u64; 8] = [
        1_232_279_569_898_196_538,
        1_457_532_264_001_425_278,
        18_365_948_275_979_584_072,
        6_864_396_556_639_111_295,
        5_001_773_312_344_742_047,
        5_153_105_853_343_410_367,
        1_033_693_557,
        3_869_576_402,
    ];
}
