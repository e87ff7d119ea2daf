//! `numpy.random`'s seeding and bit generator classes: `SeedSequence`,
//! the `BitGenerator` base and its five subclasses (`MT19937`, `PCG64`,
//! `PCG64DXSM`, `Philox`, `SFC64`), as [`Object::SeedSequence`] and
//! [`Object::BitGenerator`] values. A `Generator` made from a bit
//! generator draws from that very object (their states are one), as in
//! NumPy. The streams are `xpush_npu::random`'s, bit for bit NumPy's.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use num_bigint::{BigInt, Sign};
use num_traits::{Signed, ToPrimitive, Zero};
use xpush_npu::random::{
    BitGen, BitGenerator, Generator, Mt19937, Pcg64, Pcg64Dxsm, Philox, PhiloxState, SeedSequence,
    Sfc64,
};
use xpush_npu::{Array, DType};

use super::conv::{as_array, wrap};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::{DictTable, Object, Value};
use crate::{Error, ExcKind, Result};

/// `np.random.SeedSequence(...)`: its arguments as given and the mixed pool.
pub struct SeedSeqObj {
    /// `entropy` as given (an int, a sequence of ints), or the random int
    /// drawn for `None`.
    pub entropy: Value,
    /// `spawn_key`, a tuple of ints.
    pub spawn_key: Value,
    /// `pool_size` (at least 4).
    pub pool_size: usize,
    /// How many children `spawn` has made.
    pub n_children_spawned: Cell<u64>,
    /// The mixed pool.
    pub ss: SeedSequence,
}

/// A bit generator object: its state (inside the [`Generator`] whose
/// methods draw from it) and the seed sequence it was seeded from.
pub struct BitGenObj {
    /// The generator over the bit generator's state.
    pub gen: RefCell<Generator>,
    /// The `SeedSequence` object, or `None` (`Philox(key=...)`).
    pub seed_seq: Value,
}

impl BitGenObj {
    /// The class name (`'PCG64'`).
    pub fn name(&self) -> &'static str {
        self.gen.borrow_mut().bit_generator().name()
    }

    /// Python's type name (`numpy.random._pcg64.PCG64`).
    pub fn type_name(&self) -> &'static str {
        match self.name() {
            "MT19937" => "numpy.random._mt19937.MT19937",
            "PCG64" => "numpy.random._pcg64.PCG64",
            "PCG64DXSM" => "numpy.random._pcg64.PCG64DXSM",
            "Philox" => "numpy.random._philox.Philox",
            _ => "numpy.random._sfc64.SFC64",
        }
    }

    /// The table modules of its methods: its class's, then the base's.
    pub fn methods_module(&self) -> &'static [&'static str] {
        match self.name() {
            "MT19937" => &["MT19937", "BitGenerator"],
            "PCG64" => &["PCG64", "BitGenerator"],
            "PCG64DXSM" => &["PCG64DXSM", "BitGenerator"],
            "Philox" => &["Philox", "BitGenerator"],
            _ => &["BitGenerator"],
        }
    }
}

/// The classes, their properties and methods.
pub const FUNCS: &[FuncDef] = &[
    entry!(Type, NumpyRandom, "numpy.random.bit_generator", "SeedSequence", "(entropy=None, *, spawn_key=(), pool_size=4, n_children_spawned=0)", seed_sequence_new,
        "Mixes entropy (an int or a sequence of ints; None draws from the OS) and a spawn key into a pool that seeds bit generators reproducibly.",
        ["np.random.SeedSequence(1).generate_state(2)  # array([1835504127, 1731038949], dtype=uint32)", "np.random.SeedSequence(-1)  # ValueError: expected non-negative integer"]),
    entry!(Property, NumpyRandom, "SeedSequence", "entropy", "(self, /)", ss_entropy,
        "The entropy as given (or the random int drawn for None).", ["np.random.SeedSequence([1, 2]).entropy  # [1, 2]"]),
    entry!(Property, NumpyRandom, "SeedSequence", "spawn_key", "(self, /)", ss_spawn_key,
        "The spawn key: the child indices from the root, a tuple.", ["np.random.SeedSequence(1).spawn(2)[1].spawn_key  # (1,)"]),
    entry!(Property, NumpyRandom, "SeedSequence", "pool_size", "(self, /)", ss_pool_size,
        "The number of 32-bit words in the entropy pool.", ["np.random.SeedSequence(1).pool_size  # 4"]),
    entry!(Property, NumpyRandom, "SeedSequence", "n_children_spawned", "(self, /)", ss_n_children,
        "How many children spawn has made so far.", ["np.random.SeedSequence(1).n_children_spawned  # 0"]),
    entry!(Property, NumpyRandom, "SeedSequence", "state", "(self, /)", ss_state,
        "A dict of entropy, spawn_key, pool_size and n_children_spawned.", ["np.random.SeedSequence(1).state['pool_size']  # 4"]),
    entry!(Property, NumpyRandom, "SeedSequence", "pool", "(self, /)", ss_pool,
        "The mixed entropy pool (uint32).", ["np.random.SeedSequence(1).pool.dtype  # dtype('uint32')"]),
    entry!(Method, NumpyRandom, "SeedSequence", "generate_state", "(self, n_words, dtype='uint32')", ss_generate_state,
        "n_words seed words (uint32, or uint64 from pairs of them) expanded from the pool.",
        ["np.random.SeedSequence(1).generate_state(1, np.uint64)  # array([7434755675892716031], dtype=uint64)", "np.random.SeedSequence(1).generate_state(1, np.int32)  # ValueError: only support uint32 or uint64"]),
    entry!(Method, NumpyRandom, "SeedSequence", "spawn", "(self, n_children)", ss_spawn,
        "n_children child SeedSequences, their spawn keys extended by their indices.",
        ["len(np.random.SeedSequence(1).spawn(3))  # 3"]),
    entry!(Type, NumpyRandom, "numpy.random.bit_generator", "BitGenerator", "(seed=None)", bitgen_base_new,
        "The base class of the bit generators (for isinstance); it cannot be instantiated.",
        ["isinstance(np.random.SFC64(1), np.random.BitGenerator)  # True", "np.random.BitGenerator(1)  # NotImplementedError: BitGenerator is a base class and cannot be instantized"]),
    entry!(Type, NumpyRandom, "numpy.random._pcg64", "PCG64", "(seed=None)", pcg64_new,
        "The 128-bit permuted congruential generator (XSL-RR output) that default_rng uses, seeded through SeedSequence.",
        ["np.random.PCG64(1).random_raw()  # 9441442522235856127", "np.random.PCG64('x')  # TypeError: SeedSequence expects int or sequence of ints for entropy not x"]),
    entry!(Type, NumpyRandom, "numpy.random._pcg64", "PCG64DXSM", "(seed=None)", pcg64dxsm_new,
        "PCG64 with the cheap multiplier and the DXSM output function.",
        ["np.random.PCG64DXSM(1).random_raw()  # 5001773312344742047"]),
    entry!(Type, NumpyRandom, "numpy.random._mt19937", "MT19937", "(seed=None)", mt19937_new,
        "The Mersenne Twister, seeded through SeedSequence (RandomState seeds it the legacy way).",
        ["np.random.MT19937(1).random_raw()  # 1033693557"]),
    entry!(Type, NumpyRandom, "numpy.random._philox", "Philox", "(seed=None, counter=None, key=None)", philox_new,
        "The counter-based Philox4x64-10 generator: a 256-bit counter under a 128-bit key (from the seed, or given).",
        ["np.random.Philox(1).random_raw()  # 1232279569898196538", "np.random.Philox(1, key=2)  # ValueError: seed and key cannot be both used"]),
    entry!(Type, NumpyRandom, "numpy.random._sfc64", "SFC64", "(seed=None)", sfc64_new,
        "The Small Fast Chaotic generator: 256 bits of state, one of them a counter.",
        ["np.random.SFC64(1).random_raw()  # 18365948275979584072"]),
    entry!(Property, NumpyRandom, "BitGenerator", "state", "(self, /)", bg_state,
        "The state as a dict (its layout depends on the class); assigning a dict of the same class restores it.",
        ["np.random.PCG64(1).state['has_uint32']  # 0"]),
    entry!(Property, NumpyRandom, "BitGenerator", "seed_seq", "(self, /)", bg_seed_seq,
        "The SeedSequence the bit generator was seeded from (None for Philox(key=...)).",
        ["np.random.SFC64(7).seed_seq.entropy  # 7"]),
    entry!(Method, NumpyRandom, "BitGenerator", "random_raw", "(self, size=None, output=True)", bg_random_raw,
        "Raw draws as uint64 (32-bit words for MT19937); a Python int when size is None, nothing when output is False.",
        ["np.random.SFC64(1).random_raw(2).dtype  # dtype('uint64')", "np.random.SFC64(1).random_raw(-1)  # ValueError: negative dimensions are not allowed"]),
    entry!(Method, NumpyRandom, "BitGenerator", "spawn", "(self, n_children)", bg_spawn,
        "n_children new bit generators of the same class, seeded from children of the seed sequence.",
        ["len(np.random.SFC64(1).spawn(2))  # 2"]),
    entry!(Method, NumpyRandom, "PCG64", "advance", "(self, delta)", bg_advance,
        "Advances the state as if delta draws had been made (modulo 2**128); returns the bit generator.",
        ["np.random.PCG64(1).advance(0).random_raw()  # 9441442522235856127"]),
    entry!(Method, NumpyRandom, "PCG64", "jumped", "(self, jumps=1)", bg_jumped,
        "A new PCG64 advanced by jumps * (phi - 1) * 2**128 draws.",
        ["np.random.PCG64(1).jumped().random_raw()  # 6240351607257276062"]),
    entry!(Method, NumpyRandom, "PCG64DXSM", "advance", "(self, delta)", bg_advance,
        "Advances the state as if delta draws had been made (modulo 2**128); returns the bit generator.",
        ["np.random.PCG64DXSM(1).advance(0).random_raw()  # 5001773312344742047"]),
    entry!(Method, NumpyRandom, "PCG64DXSM", "jumped", "(self, jumps=1)", bg_jumped,
        "A new PCG64DXSM advanced by jumps * (phi - 1) * 2**128 draws.",
        ["np.random.PCG64DXSM(1).jumped().random_raw()  # 12223510504721669520"]),
    entry!(Method, NumpyRandom, "MT19937", "jumped", "(self, jumps=1)", bg_jumped,
        "A new MT19937 whose state is jumped 2**128 draws ahead, jumps times.",
        ["np.random.MT19937(1).jumped().random_raw()  # 1649717886"]),
    entry!(Method, NumpyRandom, "Philox", "advance", "(self, delta)", bg_advance,
        "Advances the counter by delta blocks (modulo 2**256); returns the bit generator.",
        ["np.random.Philox(1).advance(0).random_raw()  # 1232279569898196538"]),
    entry!(Method, NumpyRandom, "Philox", "jumped", "(self, jumps=1)", bg_jumped,
        "A new Philox with the counter advanced by jumps * 2**128.",
        ["np.random.Philox(1).jumped().random_raw()  # 16696163417625222420"]),
];

// ------------------------------------------------------------ seeding

/// `_int_to_uint32_array`: the 32-bit words of a non-negative int.
fn int_words(n: &BigInt) -> Result<Vec<u32>> {
    if n.is_negative() {
        return Err(Error::value_error("expected non-negative integer"));
    }
    if n.is_zero() {
        return Ok(vec![0]);
    }
    Ok(n.to_u32_digits().1)
}

fn is_sequence(v: &Value) -> bool {
    matches!(
        v,
        Value::List(_) | Value::Tuple(_) | Value::Range(_) | Value::Array(_)
    )
}

/// `_coerce_to_uint32_array`: an int, a numeric string or a flat sequence
/// of them as 32-bit words.
fn coerce_words(v: &Value) -> Result<Vec<u32>> {
    if let Value::Str(s) = v {
        let n = if let Some(hex) = s.strip_prefix("0x") {
            BigInt::parse_bytes(hex.as_bytes(), 16)
        } else if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
            BigInt::parse_bytes(s.as_bytes(), 10)
        } else {
            None
        };
        return match n {
            Some(n) => int_words(&n),
            None => Err(Error::value_error("unrecognized seed string")),
        };
    }
    if let Some(n) = crate::py::num::to_bigint(v) {
        return int_words(&n);
    }
    match v {
        Value::Float(_) => return Err(Error::type_error("seed must be integer")),
        Value::Scalar(s) if s.dtype().is_inexact() => {
            return Err(Error::type_error("seed must be integer"))
        }
        Value::Array(a) if a.ndim() == 0 => {
            if a.dtype().is_inexact() {
                return Err(Error::type_error("seed must be integer"));
            }
            return coerce_words(&crate::numpy::conv::scalar(a.item()?));
        }
        _ => {}
    }
    let items = crate::py::iter::to_vec(v)?;
    let mut out = Vec::new();
    for item in &items {
        let nested = match item {
            Value::Array(a) => a.ndim() > 0,
            other => is_sequence(other),
        };
        if nested {
            return Err(Error::type_error(
                "SeedSequence does not accept nested sequences.",
            ));
        }
        out.extend(coerce_words(item)?);
    }
    Ok(out)
}

/// A random non-negative int of `bits` bits (for `entropy=None`): the
/// clock and a per-process counter, scrambled by a PCG64 stream.
fn random_int(bits: usize) -> BigInt {
    use std::sync::atomic::{AtomicU64, Ordering};
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let n = CALLS.fetch_add(1, Ordering::Relaxed);
    let mut g = Pcg64::new(super::random::entropy(), u128::from(n));
    let words: Vec<u32> = (0..bits.div_ceil(32)).map(|_| g.next_u32()).collect();
    BigInt::from_slice(Sign::Plus, &words)
}

/// `SeedSequence(entropy, spawn_key=, pool_size=, n_children_spawned=)`.
pub fn make_seed_sequence(
    entropy: &Value,
    spawn_key: &Value,
    pool_size: &Value,
    n_children: u64,
) -> Result<Value> {
    let pool_size = crate::py::num::index_i64(pool_size)?;
    if pool_size < 4 {
        return Err(Error::value_error(
            "The size of the entropy pool should be at least 4",
        ));
    }
    let pool_size = pool_size as usize;
    let entropy = match entropy {
        Value::None => Value::from_bigint(random_int(pool_size * 32)),
        v @ (Value::Int(_) | Value::BigInt(_) | Value::Bool(_)) => v.clone(),
        v @ Value::Scalar(s) if s.dtype().is_integer() || s.dtype() == DType::Bool => v.clone(),
        v if is_sequence(v) => v.clone(),
        other => {
            return Err(Error::type_error(format!(
                "SeedSequence expects int or sequence of ints for entropy not {}",
                crate::py::repr::to_str(other)
            )))
        }
    };
    let key_items = crate::py::iter::to_vec(spawn_key)?;
    let key_words = coerce_words(&Value::tuple(key_items.clone()))?;
    let ss = SeedSequence::new(&coerce_words(&entropy)?, &key_words, pool_size);
    Ok(Value::Object(Rc::new(Object::SeedSequence(SeedSeqObj {
        entropy,
        spawn_key: Value::tuple(key_items),
        pool_size,
        n_children_spawned: Cell::new(n_children),
        ss,
    }))))
}

fn seed_sequence_new(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = crate::py::num::index_i64(a.get(3))?;
    make_seed_sequence(a.get(0), a.get(1), a.get(2), n.max(0) as u64)
}

/// The receiver as a `SeedSequence`.
fn ss_of(v: &Value) -> Result<&SeedSeqObj> {
    match v {
        Value::Object(o) => match &**o {
            Object::SeedSequence(s) => Ok(s),
            _ => Err(Error::type_error(
                "descriptor requires a 'SeedSequence' object",
            )),
        },
        _ => Err(Error::type_error(
            "descriptor requires a 'SeedSequence' object",
        )),
    }
}

/// The repr NumPy prints (one argument a line).
pub fn seed_sequence_repr(s: &SeedSeqObj) -> String {
    let mut lines = vec![
        "SeedSequence(".to_string(),
        format!("    entropy={},", crate::py::repr::repr(&s.entropy)),
    ];
    if matches!(&s.spawn_key, Value::Tuple(t) if !t.is_empty()) {
        lines.push(format!(
            "    spawn_key={},",
            crate::py::repr::repr(&s.spawn_key)
        ));
    }
    if s.pool_size != 4 {
        lines.push(format!("    pool_size={},", s.pool_size));
    }
    if s.n_children_spawned.get() != 0 {
        lines.push(format!(
            "    n_children_spawned={},",
            s.n_children_spawned.get()
        ));
    }
    lines.push(")".into());
    lines.join("\n")
}

fn ss_entropy(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(ss_of(a.get(0))?.entropy.clone())
}

fn ss_spawn_key(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(ss_of(a.get(0))?.spawn_key.clone())
}

fn ss_pool_size(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(ss_of(a.get(0))?.pool_size as i64))
}

fn ss_n_children(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(ss_of(a.get(0))?.n_children_spawned.get() as i64))
}

fn ss_state(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let s = ss_of(a.get(0))?;
    let mut d = DictTable::new();
    d.insert(Value::str("entropy"), s.entropy.clone())?;
    d.insert(Value::str("spawn_key"), s.spawn_key.clone())?;
    d.insert(Value::str("pool_size"), Value::Int(s.pool_size as i64))?;
    d.insert(
        Value::str("n_children_spawned"),
        Value::Int(s.n_children_spawned.get() as i64),
    )?;
    Ok(Value::dict(d))
}

fn ss_pool(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let s = ss_of(a.get(0))?;
    let p = s.ss.pool().to_vec();
    let n = p.len();
    Ok(wrap(Array::from_vec(p, &[n])?))
}

fn ss_generate_state(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let s = ss_of(a.get(0))?;
    let n = crate::py::num::index_i64(a.get(1))?;
    let dtype = match a.get(2) {
        Value::Str(t) if &**t == "uint32" => Some(DType::UInt32),
        other => super::conv::dtype_arg(other)?,
    };
    let wide = match dtype {
        Some(DType::UInt32) | None => false,
        Some(DType::UInt64) => true,
        Some(_) => return Err(Error::value_error("only support uint32 or uint64")),
    };
    let n = usize::try_from(n)
        .map_err(|_| Error::value_error("negative dimensions are not allowed"))?;
    Ok(wrap(if wide {
        Array::from_vec(s.ss.generate_state_u64(n), &[n])?
    } else {
        Array::from_vec(s.ss.generate_state(n), &[n])?
    }))
}

/// `spawn(n)`'s count: NumPy converts it to a `uint32` first.
fn n_children(v: &Value) -> Result<u64> {
    let n = crate::py::num::index_i64(v)?;
    if n < 0 {
        return Err(Error::overflow("can't convert negative value to uint32_t"));
    }
    Ok(n as u64)
}

/// `SeedSequence.spawn(n)` on the object `me`.
fn spawn_seqs(s: &SeedSeqObj, n: u64) -> Result<Vec<Value>> {
    let start = s.n_children_spawned.get();
    let base = crate::py::iter::to_vec(&s.spawn_key)?;
    let mut out = Vec::with_capacity(n as usize);
    for i in start..start + n {
        let mut key = base.clone();
        key.push(Value::Int(i as i64));
        out.push(make_seed_sequence(
            &s.entropy,
            &Value::tuple(key),
            &Value::Int(s.pool_size as i64),
            0,
        )?);
    }
    s.n_children_spawned.set(start + n);
    Ok(out)
}

fn ss_spawn(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let s = ss_of(a.get(0))?;
    let n = n_children(a.get(1))?;
    Ok(Value::list(spawn_seqs(s, n)?))
}

// ------------------------------------------------------ bit generators

/// The seed sequence object for a `seed` argument: itself, or a new one.
fn seed_seq_of(seed: &Value) -> Result<Value> {
    match seed {
        Value::Object(o) if matches!(**o, Object::SeedSequence(_)) => Ok(seed.clone()),
        other => make_seed_sequence(other, &Value::tuple(Vec::new()), &Value::Int(4), 0),
    }
}

/// A new bit generator object of class `name` seeded from `seed_seq` (a
/// `SeedSequence` object).
fn new_bitgen(name: &str, seed_seq: Value) -> Result<Value> {
    let bg = {
        let s = ss_of(&seed_seq)?;
        let ss = &s.ss;
        match name {
            "MT19937" => BitGenerator::Mt19937(Mt19937::from_seed_sequence(ss)),
            "PCG64" => BitGenerator::Pcg64(Pcg64::from_seed_sequence(ss)),
            "PCG64DXSM" => BitGenerator::Pcg64Dxsm(Pcg64Dxsm::from_seed_sequence(ss)),
            "Philox" => BitGenerator::Philox(Philox::from_seed_sequence(ss, [0; 4])),
            _ => BitGenerator::Sfc64(Sfc64::from_seed_sequence(ss)),
        }
    };
    Ok(bitgen_value(bg, seed_seq))
}

/// Wraps a bit generator state as an object.
pub fn bitgen_value(bg: BitGenerator, seed_seq: Value) -> Value {
    Value::Object(Rc::new(Object::BitGenerator(BitGenObj {
        gen: RefCell::new(Generator::from_bit_generator(bg)),
        seed_seq,
    })))
}

/// `PCG64(seed)` as `default_rng(seed)` makes it.
pub fn pcg64_from_seed(seed: &Value) -> Result<Value> {
    new_bitgen("PCG64", seed_seq_of(seed)?)
}

fn bitgen_base_new(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Err(Error::not_implemented(
        "BitGenerator is a base class and cannot be instantized",
    ))
}

fn pcg64_new(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    new_bitgen("PCG64", seed_seq_of(a.get(0))?)
}

fn pcg64dxsm_new(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    new_bitgen("PCG64DXSM", seed_seq_of(a.get(0))?)
}

fn mt19937_new(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    new_bitgen("MT19937", seed_seq_of(a.get(0))?)
}

fn sfc64_new(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    new_bitgen("SFC64", seed_seq_of(a.get(0))?)
}

/// `int_to_array(value, name, bits, 64)`: a non-negative int below
/// `2**bits` as 64-bit words, least significant first.
fn int_to_words(v: &Value, name: &str, bits: u32) -> Result<Vec<u64>> {
    let n = crate::py::num::index_big(v)?;
    if n.is_negative() || n.bits() > u64::from(bits) {
        return Err(Error::value_error(format!(
            "{name} must be positive and less than 2**{bits}."
        )));
    }
    let mut w = n.to_u64_digits().1;
    w.resize((bits / 64) as usize, 0);
    Ok(w)
}

fn philox_new(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (seed, counter, key) = (a.get(0), a.get(1), a.get(2));
    if !seed.is_none() && !key.is_none() {
        return Err(Error::value_error("seed and key cannot be both used"));
    }
    let seed_seq = seed_seq_of(seed)?;
    let ctr = match counter {
        Value::None => vec![0; 4],
        c => int_to_words(c, "counter", 256)?,
    };
    let ctr = [ctr[0], ctr[1], ctr[2], ctr[3]];
    if !key.is_none() {
        let k = int_to_words(key, "key", 128)?;
        let bg = BitGenerator::Philox(Philox::from_key(ctr, [k[0], k[1]]));
        return Ok(bitgen_value(bg, Value::None));
    }
    let bg = {
        let s = ss_of(&seed_seq)?;
        BitGenerator::Philox(Philox::from_seed_sequence(&s.ss, ctr))
    };
    Ok(bitgen_value(bg, seed_seq))
}

/// The receiver as a bit generator.
pub fn bg_of(v: &Value) -> Result<&BitGenObj> {
    match v {
        Value::Object(o) => match &**o {
            Object::BitGenerator(b) => Ok(b),
            _ => Err(Error::type_error(
                "descriptor requires a 'BitGenerator' object",
            )),
        },
        _ => Err(Error::type_error(
            "descriptor requires a 'BitGenerator' object",
        )),
    }
}

fn u64_array(v: &[u64]) -> Result<Value> {
    Ok(wrap(Array::from_vec(v.to_vec(), &[v.len()])?))
}

fn bigint_u128(n: u128) -> Value {
    Value::from_bigint(BigInt::from(n))
}

fn state_dict(pairs: Vec<(&str, Value)>) -> Result<Value> {
    let mut d = DictTable::new();
    for (k, v) in pairs {
        d.insert(Value::str(k), v)?;
    }
    Ok(Value::dict(d))
}

/// The `state` dict of a bit generator, as NumPy lays it out per class.
pub fn state_of(bg: &BitGenerator) -> Result<Value> {
    let name = Value::str(bg.name());
    let flag = |b: bool| Value::Int(i64::from(b));
    match bg {
        BitGenerator::Mt19937(m) => {
            let (key, pos) = m.state();
            state_dict(vec![
                ("bit_generator", name),
                (
                    "state",
                    state_dict(vec![
                        ("key", wrap(Array::from_vec(key, &[624])?)),
                        ("pos", Value::Int(pos as i64)),
                    ])?,
                ),
            ])
        }
        BitGenerator::Pcg64(_) | BitGenerator::Pcg64Dxsm(_) => {
            let (state, inc, has, u) = match bg {
                BitGenerator::Pcg64(p) => p.state(),
                BitGenerator::Pcg64Dxsm(p) => p.state(),
                _ => return Err(Error::runtime_error("internal: pcg state")),
            };
            state_dict(vec![
                ("bit_generator", name),
                (
                    "state",
                    state_dict(vec![
                        ("state", bigint_u128(state)),
                        ("inc", bigint_u128(inc)),
                    ])?,
                ),
                ("has_uint32", flag(has)),
                ("uinteger", Value::Int(i64::from(u))),
            ])
        }
        BitGenerator::Philox(p) => {
            let s = p.state();
            state_dict(vec![
                ("bit_generator", name),
                (
                    "state",
                    state_dict(vec![
                        ("counter", u64_array(&s.counter)?),
                        ("key", u64_array(&s.key)?),
                    ])?,
                ),
                ("buffer", u64_array(&s.buffer)?),
                ("buffer_pos", Value::Int(s.buffer_pos as i64)),
                ("has_uint32", flag(s.has_uint32)),
                ("uinteger", Value::Int(i64::from(s.uinteger))),
            ])
        }
        BitGenerator::Sfc64(g) => {
            let (s, has, u) = g.state();
            state_dict(vec![
                ("bit_generator", name),
                ("state", state_dict(vec![("state", u64_array(&s)?)])?),
                ("has_uint32", flag(has)),
                ("uinteger", Value::Int(i64::from(u))),
            ])
        }
    }
}

fn bg_state(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let b = bg_of(a.get(0))?;
    let mut g = b.gen.borrow_mut();
    state_of(g.bit_generator())
}

fn bg_seed_seq(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(bg_of(a.get(0))?.seed_seq.clone())
}

/// `d[name]` (`KeyError` when missing).
fn item(d: &Value, name: &str) -> Result<Value> {
    crate::ops::getitem(d, &Value::str(name))
}

/// The words of an array-like as `u64` (wrapping as NumPy's casts do).
fn words_u64(v: &Value) -> Result<Vec<u64>> {
    let a = as_array(v)?;
    if a.dtype() == DType::UInt64 {
        return a.reshape(&[-1])?.to_contiguous().to_vec::<u64>();
    }
    Ok(xpush_npu::ops::cast(&a, DType::Int64)?
        .reshape(&[-1])?
        .to_contiguous()
        .to_vec::<i64>()?
        .into_iter()
        .map(|x| x as u64)
        .collect())
}

/// The `i`-th word of a state vector (NumPy's `IndexError` when short).
fn word(w: &[u64], i: usize) -> Result<u64> {
    w.get(i).copied().ok_or_else(|| {
        Error::index_error(format!(
            "index {i} is out of bounds for axis 0 with size {}",
            w.len()
        ))
    })
}

fn u128_of(v: &Value) -> Result<u128> {
    let n = crate::py::num::index_big(v)?;
    let m = (BigInt::from(1u8) << 128u32) - 1u8;
    (n & m)
        .to_u128()
        .ok_or_else(|| Error::overflow("int too large"))
}

fn u32_of(v: &Value) -> Result<u32> {
    let n = crate::py::num::index_i64(v)?;
    u32::try_from(n).map_err(|_| Error::overflow("can't convert negative value to uint32_t"))
}

/// `bg.state = value`.
pub fn set_state(b: &BitGenObj, value: &Value) -> Result<()> {
    let name = b.name();
    let mut value = value.clone();
    if name == "MT19937" {
        if let Value::Tuple(t) = &value {
            let ok = matches!(t.first(), Some(Value::Str(s)) if &**s == "MT19937")
                && (t.len() == 3 || t.len() == 5);
            if !ok {
                return Err(Error::value_error("state is not a legacy MT19937 state"));
            }
            let inner = state_dict(vec![("key", t[1].clone()), ("pos", t[2].clone())])?;
            value = state_dict(vec![
                ("bit_generator", Value::str("MT19937")),
                ("state", inner),
            ])?;
        }
    }
    let Value::Dict(d) = &value else {
        return Err(Error::type_error("state must be a dict"));
    };
    let given = d.borrow().get(&Value::str("bit_generator"))?;
    if !matches!(&given, Some(Value::Str(s)) if &**s == name) {
        return Err(Error::value_error(match name {
            "MT19937" | "Philox" => format!("state must be for a {name} PRNG"),
            "SFC64" => "state must be for a {self.__class__.__name__} RNG".to_string(),
            _ => format!("state must be for a {name} RNG"),
        }));
    }
    let st = item(&value, "state")?;
    let bg = match name {
        "MT19937" => {
            let key = words_u64(&item(&st, "key")?)?;
            let key: Vec<u32> = (0..624)
                .map(|i| word(&key, i).map(|k| k as u32))
                .collect::<Result<_>>()?;
            let pos = crate::py::num::index_i64(&item(&st, "pos")?)?;
            let pos =
                usize::try_from(pos).map_err(|_| Error::value_error("pos must be in [0, 624]"))?;
            BitGenerator::Mt19937(Mt19937::from_state(&key, pos)?)
        }
        "PCG64" | "PCG64DXSM" => {
            let s = u128_of(&item(&st, "state")?)?;
            let inc = u128_of(&item(&st, "inc")?)?;
            let has = crate::py::num::index_i64(&item(&value, "has_uint32")?)? != 0;
            let u = u32_of(&item(&value, "uinteger")?)?;
            if name == "PCG64" {
                BitGenerator::Pcg64(Pcg64::from_state(s, inc, has, u))
            } else {
                BitGenerator::Pcg64Dxsm(Pcg64Dxsm::from_state(s, inc, has, u))
            }
        }
        "Philox" => {
            let c = words_u64(&item(&st, "counter")?)?;
            let k = words_u64(&item(&st, "key")?)?;
            let buf = words_u64(&item(&value, "buffer")?)?;
            let has = crate::py::num::index_i64(&item(&value, "has_uint32")?)? != 0;
            let u = u32_of(&item(&value, "uinteger")?)?;
            let pos = crate::py::num::index_i64(&item(&value, "buffer_pos")?)?;
            BitGenerator::Philox(Philox::from_state(PhiloxState {
                counter: [word(&c, 0)?, word(&c, 1)?, word(&c, 2)?, word(&c, 3)?],
                key: [word(&k, 0)?, word(&k, 1)?],
                buffer: [
                    word(&buf, 0)?,
                    word(&buf, 1)?,
                    word(&buf, 2)?,
                    word(&buf, 3)?,
                ],
                buffer_pos: pos.clamp(0, 4) as usize,
                has_uint32: has,
                uinteger: u,
            }))
        }
        _ => {
            let s = words_u64(&item(&st, "state")?)?;
            let has = crate::py::num::index_i64(&item(&value, "has_uint32")?)? != 0;
            let u = u32_of(&item(&value, "uinteger")?)?;
            BitGenerator::Sfc64(Sfc64::from_state(
                [word(&s, 0)?, word(&s, 1)?, word(&s, 2)?, word(&s, 3)?],
                has,
                u,
            ))
        }
    };
    *b.gen.borrow_mut().bit_generator() = bg;
    Ok(())
}

fn bg_random_raw(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let b = bg_of(a.get(0))?;
    let output = crate::ops::truthy(a.get(2))?;
    let size = a.get(1);
    let dims: Option<Vec<i64>> = match size {
        Value::None => None,
        v => {
            let items = match v {
                Value::List(_) | Value::Tuple(_) => crate::py::iter::to_vec(v)?,
                other => vec![other.clone()],
            };
            let mut dims = Vec::new();
            for d in &items {
                dims.push(crate::py::num::index_i64(d).map_err(|_| {
                    Error::type_error(format!(
                        "expected a sequence of integers or a single integer, got '{}'",
                        crate::py::repr::repr(d)
                    ))
                })?);
            }
            Some(dims)
        }
    };
    let mut g = b.gen.borrow_mut();
    let bg = g.bit_generator();
    if !output {
        // NumPy draws the sum of the dimensions here, not their product.
        let n: i64 = dims.map_or(1, |d| d.iter().sum());
        for _ in 0..n.max(0) {
            bg.next_raw();
        }
        return Ok(Value::None);
    }
    let Some(dims) = dims else {
        return Ok(Value::from_bigint(BigInt::from(bg.next_raw())));
    };
    let shape: Vec<usize> = dims
        .iter()
        .map(|&d| usize::try_from(d))
        .collect::<std::result::Result<_, _>>()
        .map_err(|_| Error::value_error("negative dimensions are not allowed"))?;
    let n: usize = shape.iter().product();
    let v: Vec<u64> = (0..n).map(|_| bg.next_raw()).collect();
    Ok(wrap(Array::from_vec(v, &shape)?))
}

/// `BitGenerator.spawn(n)` of `b`.
pub fn spawn_bitgens(b: &BitGenObj, n: &Value) -> Result<Vec<Value>> {
    let n = n_children(n)?;
    let name = b.name();
    let s = match &b.seed_seq {
        Value::Object(o) => match &**o {
            Object::SeedSequence(s) => s,
            _ => return Err(no_spawn()),
        },
        _ => return Err(no_spawn()),
    };
    spawn_seqs(s, n)?
        .into_iter()
        .map(|ss| new_bitgen(name, ss))
        .collect()
}

fn no_spawn() -> Error {
    Error::type_error("The underlying SeedSequence does not implement spawning.")
}

fn bg_spawn(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let b = bg_of(a.get(0))?;
    Ok(Value::list(spawn_bitgens(b, a.get(1))?))
}

/// `wrap_int(delta, bits)`: `delta & (2**bits - 1)`.
fn wrap_int(v: &Value, bits: u32) -> Result<BigInt> {
    let n = crate::py::num::to_bigint(v).ok_or_else(|| {
        Error::type_error(format!(
            "unsupported operand type(s) for &: '{}' and 'int'",
            crate::ops::type_name(v)
        ))
    })?;
    Ok(n & ((BigInt::from(1u8) << bits) - 1u8))
}

fn advance_by(bg: &mut BitGenerator, delta: &BigInt) -> Result<()> {
    let words = {
        let mut w = delta.to_u64_digits().1;
        w.resize(4, 0);
        w
    };
    let d128 = u128::from(words[0]) | (u128::from(words[1]) << 64);
    match bg {
        BitGenerator::Pcg64(p) => p.advance(d128),
        BitGenerator::Pcg64Dxsm(p) => p.advance(d128),
        BitGenerator::Philox(p) => p.advance([words[0], words[1], words[2], words[3]]),
        _ => return Err(Error::runtime_error("internal: advance")),
    }
    Ok(())
}

fn bg_advance(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let b = bg_of(a.get(0))?;
    let bits = if b.name() == "Philox" { 256 } else { 128 };
    let delta = wrap_int(a.get(1), bits)?;
    advance_by(b.gen.borrow_mut().bit_generator(), &delta)?;
    Ok(a.get(0).clone())
}

fn bg_jumped(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let b = bg_of(a.get(0))?;
    let name = b.name();
    let jumps = crate::py::num::index_big(a.get(1))?;
    // NumPy makes the new one unseeded (fresh entropy) and copies the state.
    let fresh = new_bitgen(name, seed_seq_of(&Value::None)?)?;
    let mut bg = b.gen.borrow_mut().bit_generator().clone();
    match &mut bg {
        BitGenerator::Mt19937(m) => {
            let n = jumps.to_i64().unwrap_or(0);
            for _ in 0..n.max(0) {
                m.jump();
            }
        }
        BitGenerator::Philox(_) => {
            let delta = (jumps << 128u32) & ((BigInt::from(1u8) << 256u32) - 1u8);
            advance_by(&mut bg, &delta)?;
        }
        _ => {
            let step = BigInt::from(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835u128);
            let delta = (step * jumps) & ((BigInt::from(1u8) << 128u32) - 1u8);
            advance_by(&mut bg, &delta)?;
        }
    }
    *bg_of(&fresh)?.gen.borrow_mut().bit_generator() = bg;
    Ok(fresh)
}

/// The `AttributeError` NumPy raises for a `Generator` of a value that is
/// not a bit generator (it reads `.capsule`).
pub fn not_a_bitgen(v: &Value) -> Error {
    Error::new(
        ExcKind::AttributeError,
        format!(
            "'{}' object has no attribute 'capsule'",
            crate::ops::type_name(v)
        ),
    )
}
