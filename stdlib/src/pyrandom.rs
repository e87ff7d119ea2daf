//! Python's `random` module: the same Mersenne Twister stream as CPython
//! (`random.seed(42); random.random()` gives CPython's number), with
//! CPython's algorithms on top of it: `_randbelow` by rejection of
//! `getrandbits`, `shuffle` from the end, `sample`'s two strategies,
//! `gauss` with its cached second value, `choices` by bisection of the
//! cumulative weights. Module functions share one hidden `Random`;
//! `random.Random(seed)` makes an independent one.

use std::cell::RefCell;
use std::rc::Rc;

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};
use xpush_npu::random::{BitGen, Mt19937};

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::ops;
use crate::py::lazy::collect;
use crate::table::FuncDef;
use crate::value::{Object, Value};
use crate::{Error, Result};

/// The state of one `random.Random`.
pub struct PyRandom {
    mt: Mt19937,
    /// `gauss`'s second value, kept for the next call.
    gauss_next: Option<f64>,
}

impl PyRandom {
    /// `Random(seed)` for an int seed: CPython's `init_by_array` of the
    /// seed's absolute value in 32-bit words, least significant first.
    fn from_int(seed: &BigInt) -> PyRandom {
        let (_, mut words) = seed.abs().to_u32_digits();
        if words.is_empty() {
            words.push(0);
        }
        PyRandom {
            mt: Mt19937::from_array(&words),
            gauss_next: None,
        }
    }

    fn from_entropy() -> PyRandom {
        PyRandom::from_int(&BigInt::from(crate::numpy::random::entropy()))
    }

    /// `random()`: 53 random bits in [0, 1).
    fn random(&mut self) -> f64 {
        self.mt.next_double()
    }

    /// `getrandbits(k)`: words filled least significant first, the last
    /// one's surplus high bits dropped.
    fn getrandbits(&mut self, k: u64) -> BigInt {
        if k <= 32 {
            return BigInt::from(self.mt.next_u32().checked_shr(32 - k as u32).unwrap_or(0));
        }
        let words = k.div_ceil(32) as usize;
        let mut out = Vec::with_capacity(words);
        let mut left = k;
        for _ in 0..words {
            let mut r = self.mt.next_u32();
            if left < 32 {
                r >>= 32 - left;
            }
            out.push(r);
            left = left.saturating_sub(32);
        }
        BigInt::from_slice(Sign::Plus, &out)
    }

    /// `_randbelow(n)`: a uniform int in [0, n) (0 for n == 0).
    fn randbelow(&mut self, n: &BigInt) -> BigInt {
        if n.is_zero() {
            return BigInt::zero();
        }
        let k = n.bits();
        loop {
            let r = self.getrandbits(k);
            if &r < n {
                return r;
            }
        }
    }

    /// `_randbelow` for a length.
    fn below(&mut self, n: usize) -> usize {
        self.randbelow(&BigInt::from(n)).to_usize().unwrap_or(0)
    }

    fn gauss(&mut self, mu: f64, sigma: f64) -> f64 {
        let z = match self.gauss_next.take() {
            Some(z) => z,
            None => {
                let x2pi = self.random() * std::f64::consts::TAU;
                let g2rad = (-2.0 * (1.0 - self.random()).ln()).sqrt();
                self.gauss_next = Some(x2pi.sin() * g2rad);
                x2pi.cos() * g2rad
            }
        };
        mu + z * sigma
    }

    fn normalvariate(&mut self, mu: f64, sigma: f64) -> f64 {
        let magic = 4.0 * (-0.5f64).exp() / 2.0f64.sqrt();
        loop {
            let u1 = self.random();
            let u2 = 1.0 - self.random();
            let z = magic * (u1 - 0.5) / u2;
            let zz = z * z / 4.0;
            if zz <= -u2.ln() {
                return mu + z * sigma;
            }
        }
    }
}

/// The functions of `random`, and the methods of `random.Random`.
pub const FUNCS: &[FuncDef] =
    &[
        entry!(
            Type,
            Builtin,
            "random",
            "Random",
            "(x=None)",
            random_type,
            "An independent random number generator seeded with x (an int; None: from the clock).",
            ["random.Random(42).random()  # 0.6394267984578837"]
        ),
        entry!(
            Function,
            Builtin,
            "random",
            "seed",
            "(a=None)",
            seed,
            "Seed the module's generator with an int (None: from the clock), as CPython's.",
            ["random.seed(1)  # None"]
        ),
        entry!(
            Function,
            Builtin,
            "random",
            "random",
            "()",
            random,
            "A float in [0, 1), from CPython's Mersenne Twister stream.",
            ["random.seed(42); random.random()  # 0.6394267984578837"]
        ),
        entry!(
            Function,
            Builtin,
            "random",
            "uniform",
            "(a, b)",
            uniform,
            "A float a + (b - a) * random().",
            ["random.seed(42); random.uniform(1, 2)  # 1.6394267984578836"]
        ),
        entry!(
            Function,
            Builtin,
            "random",
            "randint",
            "(a, b)",
            randint,
            "An int in [a, b], both ends included.",
            ["random.seed(42); random.randint(1, 10)  # 2"]
        ),
        entry!(
            Function,
            Builtin,
            "random",
            "randrange",
            "(start, stop=None, step=1)",
            randrange,
            "An int from range(start, stop, step).",
            [
                "random.seed(42); random.randrange(10)  # 1",
                "random.randrange(0)  # ValueError: empty range for randrange()"
            ]
        ),
        entry!(
            Function,
            Builtin,
            "random",
            "getrandbits",
            "(k, /)",
            getrandbits,
            "A non-negative int of k random bits.",
            ["random.seed(42); random.getrandbits(8)  # 163"]
        ),
        entry!(
            Function,
            Builtin,
            "random",
            "choice",
            "(seq)",
            choice,
            "An item of a non-empty sequence.",
            [
                "random.seed(42); random.choice('abc')  # 'c'",
                "random.choice([])  # IndexError: Cannot choose from an empty sequence"
            ]
        ),
        entry!(
            Function,
            Builtin,
            "random",
            "choices",
            "(population, weights=None, *, cum_weights=None, k=1)",
            choices,
            "A list of k items chosen with replacement, optionally weighted.",
            ["random.seed(42); random.choices('ab', k=3)  # ['b', 'a', 'a']"]
        ),
        entry!(
            Function,
            Builtin,
            "random",
            "shuffle",
            "(x)",
            shuffle,
            "Shuffle a list in place.",
            ["random.seed(42); x = [1, 2, 3, 4]; random.shuffle(x); x  # [3, 2, 4, 1]"]
        ),
        entry!(
            Function,
            Builtin,
            "random",
            "sample",
            "(population, k)",
            sample,
            "A list of k distinct items chosen without replacement.",
            ["random.seed(42); random.sample(range(10), 3)  # [1, 0, 4]"]
        ),
        entry!(Function, Builtin, "random", "gauss", "(mu=0.0, sigma=1.0)", gauss,
        "A normal variate by Box-Muller (the second value of each pair kept for the next call).",
        ["random.seed(42); random.gauss()  # -0.14409032957792836"]),
        entry!(
            Function,
            Builtin,
            "random",
            "normalvariate",
            "(mu=0.0, sigma=1.0)",
            normalvariate,
            "A normal variate by Kinderman and Monahan's ratio method.",
            ["random.seed(42); random.normalvariate()  # 0.2453263417078634"]
        ),
        entry!(
            Function,
            Builtin,
            "random",
            "expovariate",
            "(lambd)",
            expovariate,
            "An exponential variate with rate lambd.",
            ["random.seed(42); random.expovariate(1.0)  # 1.020060287274801"]
        ),
        entry!(
            Method,
            Builtin,
            "Random",
            "seed",
            "(self, a=None)",
            m_seed,
            "Seed this generator with an int (None: from the clock).",
            ["random.Random(1).seed(2)  # None"]
        ),
        entry!(
            Method,
            Builtin,
            "Random",
            "random",
            "(self)",
            m_random,
            "A float in [0, 1).",
            ["random.Random(42).random()  # 0.6394267984578837"]
        ),
        entry!(
            Method,
            Builtin,
            "Random",
            "uniform",
            "(self, a, b)",
            m_uniform,
            "A float a + (b - a) * random().",
            ["random.Random(42).uniform(1, 2)  # 1.6394267984578836"]
        ),
        entry!(
            Method,
            Builtin,
            "Random",
            "randint",
            "(self, a, b)",
            m_randint,
            "An int in [a, b].",
            ["random.Random(42).randint(1, 10)  # 2"]
        ),
        entry!(
            Method,
            Builtin,
            "Random",
            "randrange",
            "(self, start, stop=None, step=1)",
            m_randrange,
            "An int from range(start, stop, step).",
            ["random.Random(42).randrange(10)  # 1"]
        ),
        entry!(
            Method,
            Builtin,
            "Random",
            "getrandbits",
            "(self, k, /)",
            m_getrandbits,
            "A non-negative int of k random bits.",
            ["random.Random(42).getrandbits(8)  # 163"]
        ),
        entry!(
            Method,
            Builtin,
            "Random",
            "choice",
            "(self, seq)",
            m_choice,
            "An item of a non-empty sequence.",
            ["random.Random(42).choice('abc')  # 'c'"]
        ),
        entry!(
            Method,
            Builtin,
            "Random",
            "choices",
            "(self, population, weights=None, *, cum_weights=None, k=1)",
            m_choices,
            "A list of k items chosen with replacement.",
            ["random.Random(42).choices('ab', k=3)  # ['b', 'a', 'a']"]
        ),
        entry!(
            Method,
            Builtin,
            "Random",
            "shuffle",
            "(self, x)",
            m_shuffle,
            "Shuffle a list in place.",
            ["r = random.Random(42); x = [1, 2, 3, 4]; r.shuffle(x); x  # [3, 2, 4, 1]"]
        ),
        entry!(
            Method,
            Builtin,
            "Random",
            "sample",
            "(self, population, k)",
            m_sample,
            "A list of k distinct items.",
            ["random.Random(42).sample(range(10), 3)  # [1, 0, 4]"]
        ),
        entry!(
            Method,
            Builtin,
            "Random",
            "gauss",
            "(self, mu=0.0, sigma=1.0)",
            m_gauss,
            "A normal variate by Box-Muller.",
            ["random.Random(42).gauss()  # -0.14409032957792836"]
        ),
        entry!(
            Method,
            Builtin,
            "Random",
            "normalvariate",
            "(self, mu=0.0, sigma=1.0)",
            m_normalvariate,
            "A normal variate by the ratio method.",
            ["random.Random(42).normalvariate()  # 0.2453263417078634"]
        ),
        entry!(
            Method,
            Builtin,
            "Random",
            "expovariate",
            "(self, lambd)",
            m_expovariate,
            "An exponential variate with rate lambd.",
            ["random.Random(42).expovariate(1.0)  # 1.020060287274801"]
        ),
    ];

thread_local! {
    static GLOBAL: Value = Value::Object(Rc::new(Object::PyRandom(RefCell::new(PyRandom::from_entropy()))));
}

/// The module's hidden generator.
fn global() -> Value {
    GLOBAL.with(Value::clone)
}

fn state(v: &Value) -> Result<&RefCell<PyRandom>> {
    match v {
        Value::Object(o) => match &**o {
            Object::PyRandom(r) => Ok(r),
            _ => Err(not_random(v)),
        },
        _ => Err(not_random(v)),
    }
}

fn not_random(v: &Value) -> Error {
    Error::type_error(format!(
        "descriptor requires a 'random.Random' object but received a '{}'",
        ops::type_name(v)
    ))
}

/// A generator seeded from `seed` (None: the clock).
fn seeded(seed: &Value) -> Result<PyRandom> {
    Ok(match seed {
        Value::None => PyRandom::from_entropy(),
        Value::Bool(_) | Value::Int(_) | Value::BigInt(_) => {
            PyRandom::from_int(&crate::py::num::index_big(seed)?)
        }
        Value::Float(f) => PyRandom::from_int(&BigInt::from(crate::py::hash::hash(&Value::Float(*f))?)),
        other => {
            return Err(Error::type_error(format!(
                "The only supported seed types are: None, int, float, str, bytes, and bytearray (xpush: int, float and None), not {}",
                ops::type_name(other)
            )))
        }
    })
}

fn float_arg(v: &Value) -> Result<f64> {
    crate::py::num::to_f64(v)
}

fn random_type(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Object(Rc::new(Object::PyRandom(RefCell::new(
        seeded(a.get(0))?,
    )))))
}

fn do_seed(this: &Value, seed: &Value) -> Result<Value> {
    *state(this)?.borrow_mut() = seeded(seed)?;
    Ok(Value::None)
}

fn do_random(this: &Value) -> Result<Value> {
    Ok(Value::Float(state(this)?.borrow_mut().random()))
}

fn do_uniform(this: &Value, a: &Value, b: &Value) -> Result<Value> {
    let (a, b) = (float_arg(a)?, float_arg(b)?);
    let r = state(this)?.borrow_mut().random();
    Ok(Value::Float(a + (b - a) * r))
}

fn do_randrange(this: &Value, start: &Value, stop: &Value, step: &Value) -> Result<Value> {
    let int = |v: &Value, which: &str| -> Result<BigInt> {
        match v {
            Value::Float(f) if f.fract() == 0.0 && f.is_finite() => Ok(BigInt::from(*f as i64)),
            Value::Float(_) => Err(Error::value_error(format!(
                "non-integer {which} for randrange()"
            ))),
            other => crate::py::num::index_big(other),
        }
    };
    let istart = int(start, "arg 1")?;
    let mut r = state(this)?.borrow_mut();
    if stop.is_none() {
        if istart.is_positive() {
            return Ok(Value::from_bigint(r.randbelow(&istart)));
        }
        return Err(Error::value_error("empty range for randrange()"));
    }
    let istop = int(stop, "stop")?;
    let width = &istop - &istart;
    let istep = int(step, "step")?;
    if istep == BigInt::from(1) {
        if width.is_positive() {
            return Ok(Value::from_bigint(&istart + r.randbelow(&width)));
        }
        return Err(Error::value_error(format!(
            "empty range for randrange() ({istart}, {istop}, {width})"
        )));
    }
    if istep.is_zero() {
        return Err(Error::value_error("zero step for randrange()"));
    }
    let one = BigInt::from(1);
    let n = if istep.is_positive() {
        let num: BigInt = &width + &istep - &one;
        num.div_floor(&istep)
    } else {
        let num: BigInt = &width + &istep + &one;
        num.div_floor(&istep)
    };
    if !n.is_positive() {
        return Err(Error::value_error("empty range for randrange()"));
    }
    Ok(Value::from_bigint(&istart + &istep * r.randbelow(&n)))
}

fn do_randint(this: &Value, a: &Value, b: &Value) -> Result<Value> {
    let stop = Value::from_bigint(crate::py::num::index_big(b)? + 1);
    do_randrange(this, a, &stop, &Value::Int(1))
}

fn do_getrandbits(this: &Value, k: &Value) -> Result<Value> {
    let k = crate::py::num::index_i64(k)?;
    if k < 0 {
        return Err(Error::value_error("number of bits must be non-negative"));
    }
    Ok(Value::from_bigint(
        state(this)?.borrow_mut().getrandbits(k as u64),
    ))
}

fn do_choice(host: &mut dyn Host, this: &Value, seq: &Value) -> Result<Value> {
    let user = crate::py::class::is_instance(seq);
    let n = if user {
        crate::py::class::len(host, seq)?
    } else {
        crate::builtins::length(seq)?
    };
    if n == 0 {
        return Err(Error::index_error("Cannot choose from an empty sequence"));
    }
    let i = Value::Int(state(this)?.borrow_mut().below(n) as i64);
    if user {
        let missing = "'{}' object is not subscriptable";
        return crate::py::class::call_special(host, seq, "__getitem__", vec![i], missing);
    }
    ops::getitem(seq, &i)
}

fn do_choices(
    host: &mut dyn Host,
    this: &Value,
    population: &Value,
    weights: &Value,
    cum_weights: &Value,
    k: &Value,
) -> Result<Value> {
    let items = collect(host, population)?;
    let n = items.len();
    let k = crate::py::num::index_i64(k)?.max(0) as usize;
    let mut r = state(this)?.borrow_mut();
    if cum_weights.is_none() && weights.is_none() {
        let nf = n as f64;
        let mut out = Vec::with_capacity(k);
        for _ in 0..k {
            let i = (r.random() * nf).floor() as usize;
            out.push(
                items
                    .get(i)
                    .cloned()
                    .ok_or_else(|| Error::index_error("Cannot choose from an empty sequence"))?,
            );
        }
        return Ok(Value::list(out));
    }
    if !cum_weights.is_none() && !weights.is_none() {
        return Err(Error::type_error(
            "Cannot specify both weights and cumulative weights",
        ));
    }
    let cum: Vec<f64> = if cum_weights.is_none() {
        let mut acc = 0.0;
        collect(host, weights)?
            .iter()
            .map(|w| {
                acc += float_arg(w)?;
                Ok(acc)
            })
            .collect::<Result<_>>()?
    } else {
        collect(host, cum_weights)?
            .iter()
            .map(float_arg)
            .collect::<Result<_>>()?
    };
    if cum.len() != n {
        return Err(Error::value_error(
            "The number of weights does not match the population",
        ));
    }
    let total = cum.last().copied().unwrap_or(0.0);
    if total <= 0.0 {
        return Err(Error::value_error(
            "Total of weights must be greater than zero",
        ));
    }
    if !total.is_finite() {
        return Err(Error::value_error("Total of weights must be finite"));
    }
    let hi = n - 1;
    let mut out = Vec::with_capacity(k);
    for _ in 0..k {
        let x = r.random() * total;
        // bisect_right(cum, x, 0, hi)
        let (mut lo, mut h) = (0usize, hi);
        while lo < h {
            let mid = (lo + h) / 2;
            if x < cum[mid] {
                h = mid;
            } else {
                lo = mid + 1;
            }
        }
        out.push(items[lo].clone());
    }
    Ok(Value::list(out))
}

fn do_shuffle(this: &Value, x: &Value) -> Result<Value> {
    let Value::List(list) = x else {
        return Err(Error::type_error(format!(
            "'{}' object does not support item assignment",
            ops::type_name(x)
        )));
    };
    let mut r = state(this)?.borrow_mut();
    let mut items = list.borrow_mut();
    for i in (1..items.len()).rev() {
        let j = r.below(i + 1);
        items.swap(i, j);
    }
    Ok(Value::None)
}

fn do_sample(host: &mut dyn Host, this: &Value, population: &Value, k: &Value) -> Result<Value> {
    if matches!(
        population,
        Value::Set(_) | Value::FrozenSet(_) | Value::Dict(_)
    ) {
        return Err(Error::type_error(
            "Population must be a sequence.  For dicts or sets, use sorted(d).",
        ));
    }
    let pool_src = collect(host, population)?;
    let n = pool_src.len();
    let k = crate::py::num::index_i64(k)?;
    if k < 0 || k as usize > n {
        return Err(Error::value_error(
            "Sample larger than population or is negative",
        ));
    }
    let k = k as usize;
    let mut setsize = 21usize;
    if k > 5 {
        let e = ((k as f64 * 3.0).ln() / 4f64.ln()).ceil();
        setsize += 4usize.pow(e as u32);
    }
    let mut r = state(this)?.borrow_mut();
    let mut result = Vec::with_capacity(k);
    if n <= setsize {
        let mut pool = pool_src;
        for i in 0..k {
            let j = r.below(n - i);
            result.push(pool[j].clone());
            pool[j] = pool[n - i - 1].clone();
        }
    } else {
        let mut selected = std::collections::HashSet::new();
        for _ in 0..k {
            let mut j = r.below(n);
            while selected.contains(&j) {
                j = r.below(n);
            }
            selected.insert(j);
            result.push(pool_src[j].clone());
        }
    }
    Ok(Value::list(result))
}

fn do_gauss(this: &Value, mu: &Value, sigma: &Value) -> Result<Value> {
    let (mu, sigma) = (float_arg(mu)?, float_arg(sigma)?);
    Ok(Value::Float(state(this)?.borrow_mut().gauss(mu, sigma)))
}

fn do_normalvariate(this: &Value, mu: &Value, sigma: &Value) -> Result<Value> {
    let (mu, sigma) = (float_arg(mu)?, float_arg(sigma)?);
    Ok(Value::Float(
        state(this)?.borrow_mut().normalvariate(mu, sigma),
    ))
}

fn do_expovariate(this: &Value, lambd: &Value) -> Result<Value> {
    let lambd = float_arg(lambd)?;
    let u = state(this)?.borrow_mut().random();
    if lambd == 0.0 {
        return Err(Error::new(
            crate::ExcKind::ZeroDivisionError,
            "float division by zero",
        ));
    }
    Ok(Value::Float(-(1.0 - u).ln() / lambd))
}

// The module functions run on the hidden generator; the methods on `self`.

fn seed(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_seed(&global(), a.get(0))
}
fn random(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    do_random(&global())
}
fn uniform(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_uniform(&global(), a.get(0), a.get(1))
}
fn randint(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_randint(&global(), a.get(0), a.get(1))
}
fn randrange(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_randrange(&global(), a.get(0), a.get(1), a.get(2))
}
fn getrandbits(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_getrandbits(&global(), a.get(0))
}
fn choice(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_choice(host, &global(), a.get(0))
}
fn choices(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_choices(host, &global(), a.get(0), a.get(1), a.get(2), a.get(3))
}
fn shuffle(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_shuffle(&global(), a.get(0))
}
fn sample(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_sample(host, &global(), a.get(0), a.get(1))
}
fn gauss(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_gauss(&global(), a.get(0), a.get(1))
}
fn normalvariate(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_normalvariate(&global(), a.get(0), a.get(1))
}
fn expovariate(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_expovariate(&global(), a.get(0))
}

fn m_seed(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_seed(a.get(0), a.get(1))
}
fn m_random(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_random(a.get(0))
}
fn m_uniform(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_uniform(a.get(0), a.get(1), a.get(2))
}
fn m_randint(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_randint(a.get(0), a.get(1), a.get(2))
}
fn m_randrange(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_randrange(a.get(0), a.get(1), a.get(2), a.get(3))
}
fn m_getrandbits(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_getrandbits(a.get(0), a.get(1))
}
fn m_choice(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_choice(host, a.get(0), a.get(1))
}
fn m_choices(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_choices(host, a.get(0), a.get(1), a.get(2), a.get(3), a.get(4))
}
fn m_shuffle(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_shuffle(a.get(0), a.get(1))
}
fn m_sample(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_sample(host, a.get(0), a.get(1), a.get(2))
}
fn m_gauss(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_gauss(a.get(0), a.get(1), a.get(2))
}
fn m_normalvariate(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_normalvariate(a.get(0), a.get(1), a.get(2))
}
fn m_expovariate(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    do_expovariate(a.get(0), a.get(1))
}
