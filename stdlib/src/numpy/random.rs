//! The `numpy.random` module: the legacy global `RandomState` functions
//! (`seed`, `rand`, `randn`, `randint`, ...) and `default_rng`, whose
//! `Generator` is a [`Object::Generator`] with the methods below. Every
//! stream is NumPy's bit for bit (`xpush_npu::random`).
//!
//! The legacy state belongs to the session: the interpreter runs one
//! session per thread, so it lives in a thread-local (as the print
//! options do). Unseeded, it starts from the clock, as NumPy starts from
//! OS entropy.
//!
//! With `size=None` NumPy returns Python scalars (`float`, `int`) from
//! most samplers; the results below follow its types exactly.

use std::cell::RefCell;
use std::rc::Rc;

use xpush_npu::random::{Generator, IntBounds, Population, RandomState};
use xpush_npu::{Array, DType};

use super::bitgen;
use super::conv::{as_array, dtype_arg, opt_int, pyint, scalar, shape_arg, to_python, wrap};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::{self, FuncDef, Kind};
use crate::value::{Object, Value};
use crate::{Error, Result};

/// `np.random.Generator(bit_generator)`: a generator drawing from that
/// bit generator object (their state is shared).
fn generator_new(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if a.rest.len() != 1 {
        return Err(Error::type_error(format!(
            "__init__() takes exactly 1 positional argument ({} given)",
            a.rest.len()
        )));
    }
    generator_of(&a.rest[0])
}

/// A `Generator` object over the bit generator object `bg`.
fn generator_of(bg: &Value) -> Result<Value> {
    bitgen::bg_of(bg).map_err(|_| bitgen::not_a_bitgen(bg))?;
    Ok(Value::Object(Rc::new(Object::Generator(bg.clone()))))
}

/// `str(generator)`: `Generator(PCG64)`, naming its bit generator.
pub fn generator_str(bg: &Value) -> String {
    match bitgen::bg_of(bg) {
        Ok(b) => format!("Generator({})", b.name()),
        Err(_) => "Generator".into(),
    }
}

/// The legacy functions, `default_rng` and the `Generator` methods.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, NumpyRandom, "numpy.random", "seed", "(seed=None)", seed,
        "Reseeds the global legacy generator (MT19937) with an int or a list of ints in [0, 2**32).",
        ["np.random.seed(-1)  # ValueError: Seed must be between 0 and 2**32 - 1"]),
    entry!(Function, NumpyRandom, "numpy.random", "rand", "(*args)", rand,
        "Uniform samples in [0, 1) of the given dimensions (a float when there are none).",
        ["np.random.rand(2, 3).shape  # (2, 3)"]),
    entry!(Function, NumpyRandom, "numpy.random", "randn", "(*args)", randn,
        "Standard normal samples of the given dimensions (a float when there are none).",
        ["np.random.randn(4).shape  # (4,)"]),
    entry!(Function, NumpyRandom, "numpy.random", "random", "(size=None)", random_sample,
        "Uniform samples in [0, 1).", ["np.random.random((2,)).dtype  # dtype('float64')"]),
    entry!(Function, NumpyRandom, "numpy.random", "random_sample", "(size=None)", random_sample,
        "Uniform samples in [0, 1) (same as random).", ["np.random.random_sample(3).shape  # (3,)"]),
    entry!(Function, NumpyRandom, "numpy.random", "randint", "(low, high=None, size=None, dtype=None)", randint,
        "Integers in [low, high) ([0, low) without high); dtype defaults to int64 (a Python int when size is None). low and high may be array-like: broadcast, one draw per element.",
        ["np.random.randint(3, 4)  # 3", "np.random.randint(5, 5)  # ValueError: low >= high", "np.random.seed(0); np.random.randint([1, 5], 10)  # array([6, 5])"]),
    entry!(Function, NumpyRandom, "numpy.random", "uniform", "(low=0.0, high=1.0, size=None)", uniform,
        "Uniform samples in [low, high).", ["np.random.uniform(2, 2)  # 2.0"]),
    entry!(Function, NumpyRandom, "numpy.random", "normal", "(loc=0.0, scale=1.0, size=None)", normal,
        "Normal samples with mean loc and standard deviation scale.",
        ["np.random.normal(1, 0)  # 1.0", "np.random.normal(0, -1)  # ValueError: scale < 0"]),
    entry!(Function, NumpyRandom, "numpy.random", "standard_normal", "(size=None)", standard_normal,
        "Standard normal samples.", ["np.random.standard_normal((2, 2)).shape  # (2, 2)"]),
    entry!(Function, NumpyRandom, "numpy.random", "choice", "(a, size=None, replace=True, p=None)", choice,
        "Random samples from arange(a) or the entries of a, with or without replacement, optionally weighted by p.",
        ["np.random.choice([7], 2)  # array([7, 7])", "np.random.choice(3, 4, replace=False)  # ValueError: Cannot take a larger sample than population when 'replace=False'"]),
    entry!(Function, NumpyRandom, "numpy.random", "permutation", "(x)", permutation,
        "A shuffled arange(x), or a shuffled copy of x along its first axis.", ["np.random.permutation(1)  # array([0])"]),
    entry!(Function, NumpyRandom, "numpy.random", "shuffle", "(x)", shuffle,
        "Shuffles an array (along its first axis) or a list in place.", ["np.random.shuffle([1])  # None"]),
    entry!(Function, NumpyRandom, "numpy.random", "exponential", "(scale=1.0, size=None)", exponential,
        "Exponential samples with the given scale (1 / rate).", ["np.random.exponential(0)  # 0.0"]),
    entry!(Function, NumpyRandom, "numpy.random", "standard_exponential", "(size=None)", standard_exponential,
        "Exponential samples with scale 1.", ["np.random.standard_exponential(2).shape  # (2,)"]),
    entry!(Function, NumpyRandom, "numpy.random", "poisson", "(lam=1.0, size=None)", poisson,
        "Poisson samples (int64; a Python int when size is None).", ["np.random.poisson(0)  # 0", "np.random.poisson(-1)  # ValueError: lam < 0 or lam is NaN"]),
    entry!(Function, NumpyRandom, "numpy.random", "binomial", "(n, p, size=None)", binomial,
        "Binomial samples: successes in n trials of probability p (int64).", ["np.random.binomial(5, 1.0)  # 5"]),
    entry!(Function, NumpyRandom, "numpy.random", "beta", "(a, b, size=None)", beta,
        "Beta distribution samples.", ["np.random.beta(1, 0)  # ValueError: b <= 0"]),
    entry!(Function, NumpyRandom, "numpy.random", "gamma", "(shape, scale=1.0, size=None)", gamma,
        "Gamma distribution samples.", ["np.random.gamma(0)  # 0.0"]),
    entry!(Function, NumpyRandom, "numpy.random", "standard_gamma", "(shape, size=None)", standard_gamma,
        "Gamma distribution samples with scale 1.", ["np.random.standard_gamma(-1)  # ValueError: shape < 0"]),
    entry!(Function, NumpyRandom, "numpy.random", "default_rng", "(seed=None)", default_rng,
        "A new Generator: over PCG64 seeded through SeedSequence from an int, a list of ints, a SeedSequence or None; over a given bit generator; or the Generator given.",
        ["np.random.default_rng(42).integers(5, 6)  # np.int64(5)"]),
    entry!(Type, NumpyRandom, "numpy.random._generator", "Generator", "(*args)", generator_new,
        "Generator(bit_generator): the sampling methods over a bit generator (PCG64, PCG64DXSM, MT19937, Philox, SFC64), drawing from that very object; np.random.default_rng(seed) makes one over PCG64.",
        ["isinstance(np.random.default_rng(0), np.random.Generator)  # True", "np.random.Generator(np.random.MT19937(5)).random()  # 0.3407984189512352", "np.random.Generator()  # TypeError: __init__() takes exactly 1 positional argument (0 given)"]),
    entry!(Function, NumpyRandom, "numpy.random", "get_bit_generator", "()", get_bit_generator,
        "The MT19937 bit generator under the global legacy functions (np.random.rand, ...): it shares their state.",
        ["type(np.random.get_bit_generator()).__name__  # 'MT19937'"]),
    entry!(Function, NumpyRandom, "numpy.random", "set_bit_generator", "(bitgen)", set_bit_generator,
        "Makes the global legacy functions draw from the given bit generator (MT19937 in xpush).",
        ["np.random.set_bit_generator(np.random.MT19937(5))  # None", "np.random.set_bit_generator(5)  # AttributeError: 'int' object has no attribute 'capsule'"]),
    entry!(Function, NumpyRandom, "numpy.random", "multivariate_normal", "(mean, cov, size=None, check_valid='warn', tol=1e-8)", multivariate_normal,
        "Multivariate normal samples (size + (len(mean),)): standard normals times sqrt(s) * vh of the SVD of cov, plus mean. A cov that is not symmetric positive-semidefinite warns (check_valid='warn'), raises ('raise') or passes ('ignore').",
        ["np.random.multivariate_normal([1, 2], [[0, 0], [0, 0]], 2).tolist()  # [[1.0, 2.0], [1.0, 2.0]]", "np.random.multivariate_normal([0], [[1, 2]])  # ValueError: cov must be 2 dimensional and square"]),
    entry!(Method, NumpyRandom, "Generator", "multivariate_normal", "(self, mean, cov, size=None, check_valid='warn', tol=1e-8, *, method='svd')", gen_multivariate_normal,
        "Multivariate normal samples (size + (len(mean),)): mean + x @ factor.T with standard normals x, the factor from cov by method 'svd' (default), 'eigh' or 'cholesky'. The svd and eigh factors are xpush's own decompositions, whose signs can differ from LAPACK's, so those samples can differ from NumPy's unless cov is diagonal; 'cholesky' matches.",
        ["np.random.default_rng(1).multivariate_normal([0, 0], [[1, 0], [0, 4]], method='cholesky').shape  # (2,)", "np.random.default_rng(1).multivariate_normal([0], [[1]], method='qr')  # ValueError: method must be one of {'eigh', 'svd', 'cholesky'}"]),
    entry!(Method, NumpyRandom, "Generator", "multivariate_hypergeometric", "(self, colors, nsample, size=None, method='marginals')", gen_multivariate_hypergeometric,
        "Counts of each color among nsample balls drawn without replacement from colors[i] balls of color i (size + (len(colors),), int64), by method 'marginals' (hypergeometric draws, sum(colors) below 10**9) or 'count' (a partial shuffle).",
        ["np.random.default_rng(1).multivariate_hypergeometric([3, 2], 5)  # array([3, 2])", "np.random.default_rng(1).multivariate_hypergeometric([3, 2], 6)  # ValueError: nsample > sum(colors)"]),
    entry!(Property, NumpyRandom, "Generator", "bit_generator", "(self, /)", gen_bit_generator,
        "The bit generator object the generator draws from.",
        ["np.random.default_rng(np.random.SFC64(1)).bit_generator.state['bit_generator']  # 'SFC64'"]),
    entry!(Method, NumpyRandom, "Generator", "spawn", "(self, n_children)", gen_spawn,
        "n_children new Generators over bit generators spawned from this one's seed sequence.",
        ["np.random.default_rng(1).spawn(2)[1].random()  # 0.4757645185899906"]),
    entry!(Method, NumpyRandom, "Generator", "random", "(self, size=None)", gen_random,
        "Uniform samples in [0, 1).", ["np.random.default_rng(0).random()  # 0.6369616873214543"]),
    entry!(Method, NumpyRandom, "Generator", "integers", "(self, low, high=None, size=None, dtype=None, endpoint=False)", gen_integers,
        "Integers in [low, high) (or [low, high] with endpoint); dtype defaults to int64. low and high may be array-like: broadcast, one draw per element.",
        ["np.random.default_rng(0).integers(10, size=3)  # array([8, 6, 5])", "np.random.default_rng(0).integers([1, 5], [3, 9])  # array([2, 7])"]),
    entry!(Method, NumpyRandom, "Generator", "normal", "(self, loc=0.0, scale=1.0, size=None)", gen_normal,
        "Normal samples (ziggurat).", ["np.random.default_rng(0).normal()  # 0.1257302210933933"]),
    entry!(Method, NumpyRandom, "Generator", "standard_normal", "(self, size=None)", gen_standard_normal,
        "Standard normal samples (ziggurat).", ["np.random.default_rng(0).standard_normal(2).shape  # (2,)"]),
    entry!(Method, NumpyRandom, "Generator", "uniform", "(self, low=0.0, high=1.0, size=None)", gen_uniform,
        "Uniform samples in [low, high).", ["np.random.default_rng(0).uniform(1, 1)  # 1.0"]),
    entry!(Method, NumpyRandom, "Generator", "choice", "(self, a, size=None, replace=True, p=None, axis=0, shuffle=True)", gen_choice,
        "Random samples from arange(a) or the entries of a (axis 0), with or without replacement.",
        ["np.random.default_rng(0).choice([5], 2)  # array([5, 5])"]),
    entry!(Method, NumpyRandom, "Generator", "permutation", "(self, x, axis=0)", gen_permutation,
        "A shuffled arange(x), or a shuffled copy of x along an axis.", ["np.random.default_rng(0).permutation(1)  # array([0])"]),
    entry!(Method, NumpyRandom, "Generator", "shuffle", "(self, x, axis=0)", gen_shuffle,
        "Shuffles an array (along an axis) or a list in place.", ["np.random.default_rng(0).shuffle([1])  # None"]),
    entry!(Method, NumpyRandom, "Generator", "exponential", "(self, scale=1.0, size=None)", gen_exponential,
        "Exponential samples (ziggurat).", ["np.random.default_rng(0).exponential(0)  # 0.0"]),
    entry!(Method, NumpyRandom, "Generator", "standard_exponential", "(self, size=None)", gen_standard_exponential,
        "Exponential samples with scale 1 (ziggurat).", ["np.random.default_rng(0).standard_exponential(3).shape  # (3,)"]),
    entry!(Function, NumpyRandom, "numpy.random", "chisquare", "(df, size=None)", chisquare,
        "Chi-square samples with df degrees of freedom.", ["np.random.chisquare(0)  # ValueError: df <= 0"]),
    entry!(Function, NumpyRandom, "numpy.random", "f", "(dfnum, dfden, size=None)", f,
        "F distribution samples.", ["np.random.f(1, 0)  # ValueError: dfden <= 0"]),
    entry!(Function, NumpyRandom, "numpy.random", "noncentral_chisquare", "(df, nonc, size=None)", noncentral_chisquare,
        "Noncentral chi-square samples.", ["np.random.noncentral_chisquare(1, -1)  # ValueError: nonc < 0"]),
    entry!(Function, NumpyRandom, "numpy.random", "noncentral_f", "(dfnum, dfden, nonc, size=None)", noncentral_f,
        "Noncentral F distribution samples.", ["np.random.noncentral_f(1, 1, -1)  # ValueError: nonc < 0"]),
    entry!(Function, NumpyRandom, "numpy.random", "standard_cauchy", "(size=None)", standard_cauchy,
        "Standard Cauchy (Lorentz) samples.", ["np.random.standard_cauchy(3).shape  # (3,)"]),
    entry!(Function, NumpyRandom, "numpy.random", "standard_t", "(df, size=None)", standard_t,
        "Student's t samples with df degrees of freedom.", ["np.random.standard_t(0)  # ValueError: df <= 0"]),
    entry!(Function, NumpyRandom, "numpy.random", "vonmises", "(mu, kappa, size=None)", vonmises,
        "Von Mises (circular normal) samples in [-pi, pi].", ["np.random.vonmises(0, -1)  # ValueError: kappa < 0"]),
    entry!(Function, NumpyRandom, "numpy.random", "pareto", "(a, size=None)", pareto,
        "Pareto II (Lomax) samples with shape a.", ["np.random.pareto(0)  # ValueError: a <= 0"]),
    entry!(Function, NumpyRandom, "numpy.random", "weibull", "(a, size=None)", weibull,
        "Weibull samples with shape a.", ["np.random.weibull(0)  # 0.0"]),
    entry!(Function, NumpyRandom, "numpy.random", "power", "(a, size=None)", power,
        "Power distribution samples in [0, 1] with exponent a - 1.", ["np.random.power(0)  # ValueError: a <= 0"]),
    entry!(Function, NumpyRandom, "numpy.random", "laplace", "(loc=0.0, scale=1.0, size=None)", laplace,
        "Laplace (double exponential) samples.", ["np.random.laplace(2, 0)  # 2.0"]),
    entry!(Function, NumpyRandom, "numpy.random", "gumbel", "(loc=0.0, scale=1.0, size=None)", gumbel,
        "Gumbel (extreme value type I) samples.", ["np.random.gumbel(2, 0)  # 2.0"]),
    entry!(Function, NumpyRandom, "numpy.random", "logistic", "(loc=0.0, scale=1.0, size=None)", logistic,
        "Logistic distribution samples.", ["np.random.logistic(2, 0)  # 2.0"]),
    entry!(Function, NumpyRandom, "numpy.random", "lognormal", "(mean=0.0, sigma=1.0, size=None)", lognormal,
        "Log-normal samples (exp of a normal with the given mean and sigma).", ["np.random.lognormal(0, 0)  # 1.0"]),
    entry!(Function, NumpyRandom, "numpy.random", "rayleigh", "(scale=1.0, size=None)", rayleigh,
        "Rayleigh distribution samples.", ["np.random.rayleigh(0)  # 0.0"]),
    entry!(Function, NumpyRandom, "numpy.random", "wald", "(mean, scale, size=None)", wald,
        "Wald (inverse Gaussian) samples.", ["np.random.wald(0, 1)  # ValueError: mean <= 0"]),
    entry!(Function, NumpyRandom, "numpy.random", "triangular", "(left, mode, right, size=None)", triangular,
        "Triangular distribution samples over [left, right].", ["np.random.triangular(1, 0, 2)  # ValueError: left > mode"]),
    entry!(Function, NumpyRandom, "numpy.random", "negative_binomial", "(n, p, size=None)", negative_binomial,
        "Negative binomial samples: failures before n successes of probability p (int64).", ["np.random.negative_binomial(1, 1.0)  # 0"]),
    entry!(Function, NumpyRandom, "numpy.random", "zipf", "(a, size=None)", zipf,
        "Zipf distribution samples (int64).", ["np.random.zipf(1)  # ValueError: a <= 1 or a is NaN"]),
    entry!(Function, NumpyRandom, "numpy.random", "geometric", "(p, size=None)", geometric,
        "Geometric samples: trials until the first success (int64).", ["np.random.geometric(1.0)  # 1"]),
    entry!(Function, NumpyRandom, "numpy.random", "logseries", "(p, size=None)", logseries,
        "Logarithmic series samples (int64).", ["np.random.logseries(0)  # 1"]),
    entry!(Function, NumpyRandom, "numpy.random", "hypergeometric", "(ngood, nbad, nsample, size=None)", hypergeometric,
        "Hypergeometric samples: good items in nsample drawn without replacement (int64).", ["np.random.hypergeometric(3, 0, 2)  # 2"]),
    entry!(Function, NumpyRandom, "numpy.random", "multinomial", "(n, pvals, size=None)", multinomial,
        "Multinomial counts of n trials over the categories of pvals (int64).", ["np.random.multinomial(4, [1.0])  # array([4])"]),
    entry!(Function, NumpyRandom, "numpy.random", "dirichlet", "(alpha, size=None)", dirichlet,
        "Dirichlet samples (rows sum to 1).", ["np.random.dirichlet([1, 2], 3).shape  # (3, 2)"]),
    entry!(Function, NumpyRandom, "numpy.random", "random_integers", "(low, high=None, size=None)", random_integers,
        "Integers in [low, high] ([1, low] without high); deprecated (warns), use randint.", ["np.random.random_integers(3, 3)  # np.int64(3)"]),
    entry!(Function, NumpyRandom, "numpy.random", "ranf", "(size=None)", random_sample,
        "Uniform samples in [0, 1) (alias of random_sample).", ["np.random.ranf(2).shape  # (2,)"]),
    entry!(Function, NumpyRandom, "numpy.random", "sample", "(size=None)", random_sample,
        "Uniform samples in [0, 1) (alias of random_sample).", ["np.random.sample(2).shape  # (2,)"]),
    entry!(Function, NumpyRandom, "numpy.random", "bytes", "(length)", bytes,
        "length random bytes.", ["len(np.random.bytes(5))  # 5"]),
    entry!(Method, NumpyRandom, "Generator", "standard_gamma", "(self, shape, size=None)", gen_standard_gamma,
        "Gamma samples with scale 1.", ["np.random.default_rng(0).standard_gamma(-1)  # ValueError: shape < 0"]),
    entry!(Method, NumpyRandom, "Generator", "gamma", "(self, shape, scale=1.0, size=None)", gen_gamma,
        "Gamma distribution samples.", ["np.random.default_rng(0).gamma(0)  # 0.0"]),
    entry!(Method, NumpyRandom, "Generator", "beta", "(self, a, b, size=None)", gen_beta,
        "Beta distribution samples.", ["np.random.default_rng(0).beta(1, 0)  # ValueError: b <= 0"]),
    entry!(Method, NumpyRandom, "Generator", "chisquare", "(self, df, size=None)", gen_chisquare,
        "Chi-square samples with df degrees of freedom.", ["np.random.default_rng(0).chisquare(0)  # ValueError: df <= 0"]),
    entry!(Method, NumpyRandom, "Generator", "f", "(self, dfnum, dfden, size=None)", gen_f,
        "F distribution samples.", ["np.random.default_rng(0).f(0, 1)  # ValueError: dfnum <= 0"]),
    entry!(Method, NumpyRandom, "Generator", "noncentral_chisquare", "(self, df, nonc, size=None)", gen_noncentral_chisquare,
        "Noncentral chi-square samples.", ["np.random.default_rng(0).noncentral_chisquare(0, 1)  # ValueError: df <= 0"]),
    entry!(Method, NumpyRandom, "Generator", "noncentral_f", "(self, dfnum, dfden, nonc, size=None)", gen_noncentral_f,
        "Noncentral F distribution samples.", ["np.random.default_rng(0).noncentral_f(1, 1, -1)  # ValueError: nonc < 0"]),
    entry!(Method, NumpyRandom, "Generator", "standard_cauchy", "(self, size=None)", gen_standard_cauchy,
        "Standard Cauchy (Lorentz) samples.", ["np.random.default_rng(0).standard_cauchy(2).shape  # (2,)"]),
    entry!(Method, NumpyRandom, "Generator", "standard_t", "(self, df, size=None)", gen_standard_t,
        "Student's t samples with df degrees of freedom.", ["np.random.default_rng(0).standard_t(0)  # ValueError: df <= 0"]),
    entry!(Method, NumpyRandom, "Generator", "vonmises", "(self, mu, kappa, size=None)", gen_vonmises,
        "Von Mises (circular normal) samples in [-pi, pi].", ["np.random.default_rng(0).vonmises(0, -1)  # ValueError: kappa < 0"]),
    entry!(Method, NumpyRandom, "Generator", "pareto", "(self, a, size=None)", gen_pareto,
        "Pareto II (Lomax) samples with shape a.", ["np.random.default_rng(0).pareto(0)  # ValueError: a <= 0"]),
    entry!(Method, NumpyRandom, "Generator", "weibull", "(self, a, size=None)", gen_weibull,
        "Weibull samples with shape a.", ["np.random.default_rng(0).weibull(0)  # 0.0"]),
    entry!(Method, NumpyRandom, "Generator", "power", "(self, a, size=None)", gen_power,
        "Power distribution samples in [0, 1] with exponent a - 1.", ["np.random.default_rng(0).power(0)  # ValueError: a <= 0"]),
    entry!(Method, NumpyRandom, "Generator", "laplace", "(self, loc=0.0, scale=1.0, size=None)", gen_laplace,
        "Laplace (double exponential) samples.", ["np.random.default_rng(0).laplace(2, 0)  # 2.0"]),
    entry!(Method, NumpyRandom, "Generator", "gumbel", "(self, loc=0.0, scale=1.0, size=None)", gen_gumbel,
        "Gumbel (extreme value type I) samples.", ["np.random.default_rng(0).gumbel(2, 0)  # 2.0"]),
    entry!(Method, NumpyRandom, "Generator", "logistic", "(self, loc=0.0, scale=1.0, size=None)", gen_logistic,
        "Logistic distribution samples.", ["np.random.default_rng(0).logistic(2, 0)  # 2.0"]),
    entry!(Method, NumpyRandom, "Generator", "lognormal", "(self, mean=0.0, sigma=1.0, size=None)", gen_lognormal,
        "Log-normal samples (exp of a normal with the given mean and sigma).", ["np.random.default_rng(0).lognormal(0, 0)  # 1.0"]),
    entry!(Method, NumpyRandom, "Generator", "rayleigh", "(self, scale=1.0, size=None)", gen_rayleigh,
        "Rayleigh distribution samples.", ["np.random.default_rng(0).rayleigh(0)  # 0.0"]),
    entry!(Method, NumpyRandom, "Generator", "wald", "(self, mean, scale, size=None)", gen_wald,
        "Wald (inverse Gaussian) samples.", ["np.random.default_rng(0).wald(1, 0)  # ValueError: scale <= 0"]),
    entry!(Method, NumpyRandom, "Generator", "triangular", "(self, left, mode, right, size=None)", gen_triangular,
        "Triangular distribution samples over [left, right].", ["np.random.default_rng(0).triangular(0, 3, 2)  # ValueError: mode > right"]),
    entry!(Method, NumpyRandom, "Generator", "poisson", "(self, lam=1.0, size=None)", gen_poisson,
        "Poisson samples (int64; a Python int when size is None).", ["np.random.default_rng(0).poisson(0)  # 0", "np.random.default_rng(0).poisson(-1)  # ValueError: lam < 0 or lam is NaN"]),
    entry!(Method, NumpyRandom, "Generator", "binomial", "(self, n, p, size=None)", gen_binomial,
        "Binomial samples: successes in n trials of probability p (int64).", ["np.random.default_rng(0).binomial(5, 1.0)  # 5"]),
    entry!(Method, NumpyRandom, "Generator", "negative_binomial", "(self, n, p, size=None)", gen_negative_binomial,
        "Negative binomial samples: failures before n successes of probability p (int64).", ["np.random.default_rng(0).negative_binomial(1, 0)  # ValueError: p <= 0, p > 1 or p contains NaNs"]),
    entry!(Method, NumpyRandom, "Generator", "zipf", "(self, a, size=None)", gen_zipf,
        "Zipf distribution samples (int64).", ["np.random.default_rng(0).zipf(1)  # ValueError: a <= 1 or a is NaN"]),
    entry!(Method, NumpyRandom, "Generator", "geometric", "(self, p, size=None)", gen_geometric,
        "Geometric samples: trials until the first success (int64).", ["np.random.default_rng(0).geometric(1.0)  # 1"]),
    entry!(Method, NumpyRandom, "Generator", "logseries", "(self, p, size=None)", gen_logseries,
        "Logarithmic series samples (int64).", ["np.random.default_rng(0).logseries(1)  # ValueError: p < 0, p >= 1 or p is NaN"]),
    entry!(Method, NumpyRandom, "Generator", "hypergeometric", "(self, ngood, nbad, nsample, size=None)", gen_hypergeometric,
        "Hypergeometric samples: good items in nsample drawn without replacement (int64).", ["np.random.default_rng(0).hypergeometric(3, 0, 2)  # 2"]),
    entry!(Method, NumpyRandom, "Generator", "multinomial", "(self, n, pvals, size=None)", gen_multinomial,
        "Multinomial counts of n trials over the categories of pvals (int64).", ["np.random.default_rng(0).multinomial(4, [1.0])  # array([4])"]),
    entry!(Method, NumpyRandom, "Generator", "dirichlet", "(self, alpha, size=None)", gen_dirichlet,
        "Dirichlet samples (rows sum to 1).", ["np.random.default_rng(0).dirichlet([1, 2], 3).shape  # (3, 2)"]),
    entry!(Method, NumpyRandom, "Generator", "bytes", "(self, length)", gen_bytes,
        "length random bytes.", ["np.random.default_rng(0).bytes(3)  # b'_\\x82\\xc2'"]),
    entry!(Method, NumpyRandom, "Generator", "permuted", "(self, x, *, axis=None, out=None)", gen_permuted,
        "A copy of x with each slice along axis shuffled independently (the flattened array without axis).", ["np.random.default_rng(0).permuted([7])  # array([7])"]),
    entry!(Function, NumpyRandom, "numpy.random", "get_state", "(legacy=True)", get_state,
        "The global legacy generator's state: ('MT19937', key, pos, has_gauss, gauss), or a dict with legacy=False.",
        ["np.random.get_state()[1].shape  # (624,)"]),
    entry!(Function, NumpyRandom, "numpy.random", "set_state", "(state)", set_state,
        "Restores the global legacy generator's state from get_state()'s tuple or dict.",
        ["np.random.set_state(np.random.get_state())  # None", "np.random.set_state(('PCG64',))  # ValueError: set_state can only be used with legacy MT19937 state instances."]),
];

/// `np.random.RandomState`: the legacy generator as an object of its own.
/// Each method is the module-level function of the same name
/// ([`on_state`] runs it on the receiver's state instead of the global
/// one), so the streams are the same as NumPy's.
pub const STATE_FUNCS: &[FuncDef] = &[
    entry!(Type, NumpyRandom, "numpy.random.mtrand", "RandomState", "(seed=None)", random_state_new,
        "NumPy's legacy MT19937 generator as an object: seeded like np.random.seed, or drawing from a given MT19937 object (sharing its state), with the legacy functions as its methods (rand, randn, randint, normal, choice, shuffle, ...). Other bit generators are not supported under it.",
        ["np.random.RandomState(42).rand()  # 0.3745401188473625", "np.random.RandomState(0).randint(10, size=3)  # array([5, 0, 3])", "np.random.RandomState(np.random.MT19937(1)).rand()  # 0.24067553804036945"]),
    entry!(Method, NumpyRandom, "RandomState", "beta", "(self, a, b, size=None)", |h, a| on_state(h, a, beta),
        "np.random.beta on this RandomState's own MT19937 state.", ["np.random.RandomState(0).beta(2, 3)  # 0.6035897484783911"]),
    entry!(Method, NumpyRandom, "RandomState", "binomial", "(self, n, p, size=None)", |h, a| on_state(h, a, binomial),
        "np.random.binomial on this RandomState's own MT19937 state.", ["np.random.RandomState(0).binomial(10, 0.5, 3)  # array([5, 6, 5])"]),
    entry!(Method, NumpyRandom, "RandomState", "bytes", "(self, length)", |h, a| on_state(h, a, bytes),
        "np.random.bytes on this RandomState's own MT19937 state.", ["np.random.RandomState(0).bytes(3)  # b'\\xac\\n\\x7f'"]),
    entry!(Method, NumpyRandom, "RandomState", "chisquare", "(self, df, size=None)", |h, a| on_state(h, a, chisquare),
        "np.random.chisquare on this RandomState's own MT19937 state.", ["np.random.RandomState(0).chisquare(3)  # 8.595176347917409"]),
    entry!(Method, NumpyRandom, "RandomState", "choice", "(self, a, size=None, replace=True, p=None)", |h, a| on_state(h, a, choice),
        "np.random.choice on this RandomState's own MT19937 state.", ["np.random.RandomState(0).choice(5, 3)  # array([4, 0, 3])"]),
    entry!(Method, NumpyRandom, "RandomState", "dirichlet", "(self, alpha, size=None)", |h, a| on_state(h, a, dirichlet),
        "np.random.dirichlet on this RandomState's own MT19937 state.", ["np.random.RandomState(0).dirichlet([1, 2])  # array([0.22016185, 0.77983815])"]),
    entry!(Method, NumpyRandom, "RandomState", "exponential", "(self, scale=1.0, size=None)", |h, a| on_state(h, a, exponential),
        "np.random.exponential on this RandomState's own MT19937 state.", ["np.random.RandomState(0).exponential(2.0)  # 1.59174901632622"]),
    entry!(Method, NumpyRandom, "RandomState", "f", "(self, dfnum, dfden, size=None)", |h, a| on_state(h, a, f),
        "np.random.f on this RandomState's own MT19937 state.", ["np.random.RandomState(0).f(3, 4)  # 2.5598241803588575"]),
    entry!(Method, NumpyRandom, "RandomState", "gamma", "(self, shape, scale=1.0, size=None)", |h, a| on_state(h, a, gamma),
        "np.random.gamma on this RandomState's own MT19937 state.", ["np.random.RandomState(0).gamma(2.0)  # 5.138829576340244"]),
    entry!(Method, NumpyRandom, "RandomState", "geometric", "(self, p, size=None)", |h, a| on_state(h, a, geometric),
        "np.random.geometric on this RandomState's own MT19937 state.", ["np.random.RandomState(0).geometric(0.3)  # 3"]),
    entry!(Method, NumpyRandom, "RandomState", "get_state", "(self, legacy=True)", |h, a| on_state(h, a, get_state),
        "np.random.get_state on this RandomState's own MT19937 state.", ["np.random.RandomState(0).get_state()[2]  # 624"]),
    entry!(Method, NumpyRandom, "RandomState", "gumbel", "(self, loc=0.0, scale=1.0, size=None)", |h, a| on_state(h, a, gumbel),
        "np.random.gumbel on this RandomState's own MT19937 state.", ["np.random.RandomState(0).gumbel()  # 0.2283137586277238"]),
    entry!(Method, NumpyRandom, "RandomState", "hypergeometric", "(self, ngood, nbad, nsample, size=None)", |h, a| on_state(h, a, hypergeometric),
        "np.random.hypergeometric on this RandomState's own MT19937 state.", ["np.random.RandomState(0).hypergeometric(5, 5, 3)  # 2"]),
    entry!(Method, NumpyRandom, "RandomState", "laplace", "(self, loc=0.0, scale=1.0, size=None)", |h, a| on_state(h, a, laplace),
        "np.random.laplace on this RandomState's own MT19937 state.", ["np.random.RandomState(0).laplace()  # 0.10272732760316473"]),
    entry!(Method, NumpyRandom, "RandomState", "logistic", "(self, loc=0.0, scale=1.0, size=None)", |h, a| on_state(h, a, logistic),
        "np.random.logistic on this RandomState's own MT19937 state.", ["np.random.RandomState(0).logistic()  # 0.19587791157148726"]),
    entry!(Method, NumpyRandom, "RandomState", "lognormal", "(self, mean=0.0, sigma=1.0, size=None)", |h, a| on_state(h, a, lognormal),
        "np.random.lognormal on this RandomState's own MT19937 state.", ["np.random.RandomState(0).lognormal()  # 5.836039190663969"]),
    entry!(Method, NumpyRandom, "RandomState", "logseries", "(self, p, size=None)", |h, a| on_state(h, a, logseries),
        "np.random.logseries on this RandomState's own MT19937 state.", ["np.random.RandomState(0).logseries(0.5)  # 1"]),
    entry!(Method, NumpyRandom, "RandomState", "multivariate_normal", "(self, mean, cov, size=None, check_valid='warn', tol=1e-8)", |h, a| on_state(h, a, multivariate_normal),
        "np.random.multivariate_normal on this RandomState's own state.", ["np.random.RandomState(0).multivariate_normal([0, 0], [[1, 0], [0, 1]], 3).shape  # (3, 2)"]),
    entry!(Method, NumpyRandom, "RandomState", "multinomial", "(self, n, pvals, size=None)", |h, a| on_state(h, a, multinomial),
        "np.random.multinomial on this RandomState's own MT19937 state.", ["np.random.RandomState(0).multinomial(6, [0.5, 0.5])  # array([3, 3])"]),
    entry!(Method, NumpyRandom, "RandomState", "negative_binomial", "(self, n, p, size=None)", |h, a| on_state(h, a, negative_binomial),
        "np.random.negative_binomial on this RandomState's own MT19937 state.", ["np.random.RandomState(0).negative_binomial(5, 0.5)  # 12"]),
    entry!(Method, NumpyRandom, "RandomState", "noncentral_chisquare", "(self, df, nonc, size=None)", |h, a| on_state(h, a, noncentral_chisquare),
        "np.random.noncentral_chisquare on this RandomState's own MT19937 state.", ["np.random.RandomState(0).noncentral_chisquare(3, 1.5)  # 5.458228688807344"]),
    entry!(Method, NumpyRandom, "RandomState", "noncentral_f", "(self, dfnum, dfden, nonc, size=None)", |h, a| on_state(h, a, noncentral_f),
        "np.random.noncentral_f on this RandomState's own MT19937 state.", ["np.random.RandomState(0).noncentral_f(3, 4, 1.5)  # 0.7940245960091776"]),
    entry!(Method, NumpyRandom, "RandomState", "normal", "(self, loc=0.0, scale=1.0, size=None)", |h, a| on_state(h, a, normal),
        "np.random.normal on this RandomState's own MT19937 state.", ["np.random.RandomState(0).normal(5, 2)  # 8.528104691935328"]),
    entry!(Method, NumpyRandom, "RandomState", "pareto", "(self, a, size=None)", |h, a| on_state(h, a, pareto),
        "np.random.pareto on this RandomState's own MT19937 state.", ["np.random.RandomState(0).pareto(3)  # 0.30381098483863833"]),
    entry!(Method, NumpyRandom, "RandomState", "permutation", "(self, x)", |h, a| on_state(h, a, permutation),
        "np.random.permutation on this RandomState's own MT19937 state.", ["np.random.RandomState(0).permutation(5)  # array([2, 0, 1, 3, 4])"]),
    entry!(Method, NumpyRandom, "RandomState", "poisson", "(self, lam=1.0, size=None)", |h, a| on_state(h, a, poisson),
        "np.random.poisson on this RandomState's own MT19937 state.", ["np.random.RandomState(0).poisson(3, 4)  # array([5, 6, 2, 0])"]),
    entry!(Method, NumpyRandom, "RandomState", "power", "(self, a, size=None)", |h, a| on_state(h, a, power),
        "np.random.power on this RandomState's own MT19937 state.", ["np.random.RandomState(0).power(2)  # 0.7408194813362596"]),
    entry!(Method, NumpyRandom, "RandomState", "rand", "(self, *args)", |h, a| on_state(h, a, rand),
        "np.random.rand on this RandomState's own MT19937 state.", ["np.random.RandomState(0).rand(2)  # array([0.5488135 , 0.71518937])"]),
    entry!(Method, NumpyRandom, "RandomState", "randint", "(self, low, high=None, size=None, dtype=None)", |h, a| on_state(h, a, randint),
        "np.random.randint on this RandomState's own MT19937 state.", ["np.random.RandomState(0).randint(10, size=3)  # array([5, 0, 3])"]),
    entry!(Method, NumpyRandom, "RandomState", "randn", "(self, *args)", |h, a| on_state(h, a, randn),
        "np.random.randn on this RandomState's own MT19937 state.", ["np.random.RandomState(0).randn(2)  # array([1.76405235, 0.40015721])"]),
    entry!(Method, NumpyRandom, "RandomState", "random", "(self, size=None)", |h, a| on_state(h, a, random_sample),
        "np.random.random on this RandomState's own MT19937 state.", ["np.random.RandomState(0).random()  # 0.5488135039273248"]),
    entry!(Method, NumpyRandom, "RandomState", "random_integers", "(self, low, high=None, size=None)", |h, a| on_state(h, a, random_integers),
        "np.random.random_integers on this RandomState's own MT19937 state.", ["np.random.RandomState(0).random_integers(5, size=3)  # array([5, 1, 4])"]),
    entry!(Method, NumpyRandom, "RandomState", "random_sample", "(self, size=None)", |h, a| on_state(h, a, random_sample),
        "np.random.random_sample on this RandomState's own MT19937 state.", ["np.random.RandomState(0).random_sample()  # 0.5488135039273248"]),
    entry!(Method, NumpyRandom, "RandomState", "rayleigh", "(self, scale=1.0, size=None)", |h, a| on_state(h, a, rayleigh),
        "np.random.rayleigh on this RandomState's own MT19937 state.", ["np.random.RandomState(0).rayleigh()  # 1.2616453607595994"]),
    entry!(Method, NumpyRandom, "RandomState", "seed", "(self, seed=None)", |h, a| on_state(h, a, seed),
        "np.random.seed on this RandomState's own MT19937 state.", ["np.random.RandomState(0).seed(1)  # None"]),
    entry!(Method, NumpyRandom, "RandomState", "set_state", "(self, state)", |h, a| on_state(h, a, set_state),
        "np.random.set_state on this RandomState's own MT19937 state.", ["np.random.RandomState(0).set_state(np.random.RandomState(1).get_state())  # None"]),
    entry!(Method, NumpyRandom, "RandomState", "shuffle", "(self, x)", |h, a| on_state(h, a, shuffle),
        "np.random.shuffle on this RandomState's own MT19937 state.", ["np.random.RandomState(0).shuffle([1, 2, 3])  # None"]),
    entry!(Method, NumpyRandom, "RandomState", "standard_cauchy", "(self, size=None)", |h, a| on_state(h, a, standard_cauchy),
        "np.random.standard_cauchy on this RandomState's own MT19937 state.", ["np.random.RandomState(0).standard_cauchy()  # 4.40839827218306"]),
    entry!(Method, NumpyRandom, "RandomState", "standard_exponential", "(self, size=None)", |h, a| on_state(h, a, standard_exponential),
        "np.random.standard_exponential on this RandomState's own MT19937 state.", ["np.random.RandomState(0).standard_exponential()  # 0.79587450816311"]),
    entry!(Method, NumpyRandom, "RandomState", "standard_gamma", "(self, shape, size=None)", |h, a| on_state(h, a, standard_gamma),
        "np.random.standard_gamma on this RandomState's own MT19937 state.", ["np.random.RandomState(0).standard_gamma(2.0)  # 5.138829576340244"]),
    entry!(Method, NumpyRandom, "RandomState", "standard_normal", "(self, size=None)", |h, a| on_state(h, a, standard_normal),
        "np.random.standard_normal on this RandomState's own MT19937 state.", ["np.random.RandomState(0).standard_normal(2)  # array([1.76405235, 0.40015721])"]),
    entry!(Method, NumpyRandom, "RandomState", "standard_t", "(self, df, size=None)", |h, a| on_state(h, a, standard_t),
        "np.random.standard_t on this RandomState's own MT19937 state.", ["np.random.RandomState(0).standard_t(5)  # 1.6637059546931376"]),
    entry!(Method, NumpyRandom, "RandomState", "triangular", "(self, left, mode, right, size=None)", |h, a| on_state(h, a, triangular),
        "np.random.triangular on this RandomState's own MT19937 state.", ["np.random.RandomState(0).triangular(0, 1, 3)  # 1.354667517966034"]),
    entry!(Method, NumpyRandom, "RandomState", "uniform", "(self, low=0.0, high=1.0, size=None)", |h, a| on_state(h, a, uniform),
        "np.random.uniform on this RandomState's own MT19937 state.", ["np.random.RandomState(0).uniform(-1, 1)  # 0.0976270078546495"]),
    entry!(Method, NumpyRandom, "RandomState", "vonmises", "(self, mu, kappa, size=None)", |h, a| on_state(h, a, vonmises),
        "np.random.vonmises on this RandomState's own MT19937 state.", ["np.random.RandomState(0).vonmises(0, 1)  # 1.0312035905013754"]),
    entry!(Method, NumpyRandom, "RandomState", "wald", "(self, mean, scale, size=None)", |h, a| on_state(h, a, wald),
        "np.random.wald on this RandomState's own MT19937 state.", ["np.random.RandomState(0).wald(1, 2)  # 0.3078756406229838"]),
    entry!(Method, NumpyRandom, "RandomState", "weibull", "(self, a, size=None)", |h, a| on_state(h, a, weibull),
        "np.random.weibull on this RandomState's own MT19937 state.", ["np.random.RandomState(0).weibull(2)  # 0.892117990045661"]),
    entry!(Method, NumpyRandom, "RandomState", "zipf", "(self, a, size=None)", |h, a| on_state(h, a, zipf),
        "np.random.zipf on this RandomState's own MT19937 state.", ["np.random.RandomState(0).zipf(2)  # 2"]),
];

// ------------------------------------------------------------ the state

thread_local! {
    static LEGACY: RefCell<Option<RandomState>> = const { RefCell::new(None) };
    /// The MT19937 object sharing the global legacy state, if any.
    static LEGACY_BG: RefCell<Option<Value>> = const { RefCell::new(None) };
    /// The `RandomState` objects whose methods are running, innermost
    /// last: the legacy functions draw from the last one's state.
    static ACTIVE: RefCell<Vec<Rc<Object>>> = const { RefCell::new(Vec::new()) };
}

/// A `RandomState` method call in progress: its receiver is the state the
/// legacy functions use until the guard drops (also on an error).
struct Active;

impl Active {
    fn enter(o: Rc<Object>) -> Active {
        ACTIVE.with(|s| s.borrow_mut().push(o));
        Active
    }
}

impl Drop for Active {
    fn drop(&mut self) {
        ACTIVE.with(|s| s.borrow_mut().pop());
    }
}

/// The receiver of the innermost `RandomState` method call, if any.
fn active() -> Option<Rc<Object>> {
    ACTIVE.with(|s| s.borrow().last().cloned())
}

/// A `RandomState` method: the module-level `legacy` function on the
/// receiver's own state (`self` is taken off the arguments, which are
/// bound by the same signature plus `self`).
fn on_state(h: &mut dyn Host, a: &mut Args, legacy: table::Imp) -> Result<Value> {
    let me = match a.get(0) {
        Value::Object(o) if matches!(**o, Object::RandomState(..)) => o.clone(),
        other => {
            return Err(Error::type_error(format!(
            "descriptor requires a 'numpy.random.mtrand.RandomState' object but received a '{}'",
            crate::ops::type_name(other)
        )))
        }
    };
    a.values.remove(0);
    let _active = Active::enter(me);
    legacy(h, a)
}

/// `np.random.RandomState(seed=None)`.
fn random_state_new(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (rs, link) = match bitgen::bg_of(a.get(0)) {
        Ok(b) => (from_mt19937(b)?, Some(a.get(0).clone())),
        Err(_) => (seeded(a.get(0))?, None),
    };
    Ok(Value::Object(Rc::new(Object::RandomState(
        RefCell::new(rs),
        link,
    ))))
}

/// `RandomState(MT19937(...))`: a legacy state starting where the bit
/// generator is (the object stays linked to it: see [`with_legacy`]).
fn from_mt19937(b: &bitgen::BitGenObj) -> Result<RandomState> {
    let mut g = b.gen.borrow_mut();
    match g.bit_generator() {
        xpush_npu::random::BitGenerator::Mt19937(m) => {
            let (key, pos) = m.state();
            let mut rs = RandomState::new(0)?;
            rs.set_state(&key, pos, false, 0.0)?;
            Ok(rs)
        }
        other => Err(Error::not_implemented(format!(
            "np.random.RandomState({}(...)): xpush's RandomState runs on MT19937 only",
            other.name()
        ))),
    }
}

/// Makes `rs` the state of the running `RandomState` method's receiver,
/// or the global legacy state.
fn install(rs: RandomState) {
    if let Some(o) = active() {
        if let Object::RandomState(c, link) = &*o {
            if let Some(bg) = link {
                let _ = mt_to_bitgen(&rs, bg);
            }
            *c.borrow_mut() = rs;
            return;
        }
    }
    if let Some(bg) = linked_bitgen() {
        let _ = mt_to_bitgen(&rs, &bg);
    }
    LEGACY.with(|cell| *cell.borrow_mut() = Some(rs));
}

/// The bit generator object of the global legacy state, once
/// `get_bit_generator` or `set_bit_generator` has made one.
fn linked_bitgen() -> Option<Value> {
    LEGACY_BG.with(|c| c.borrow().clone())
}

/// Copies the MT19937 state of `rs` into the bit generator object `bg`.
fn mt_to_bitgen(rs: &RandomState, bg: &Value) -> Result<()> {
    let (key, pos, _, _) = rs.get_state();
    let mt = xpush_npu::random::Mt19937::from_state(&key, pos)?;
    *bitgen::bg_of(bg)?.gen.borrow_mut().bit_generator() =
        xpush_npu::random::BitGenerator::Mt19937(mt);
    Ok(())
}

/// Copies the state of the MT19937 object `bg` into `rs` (keeping its
/// cached Gaussian unless `reset_gauss`).
fn bitgen_to_mt(bg: &Value, rs: &mut RandomState, reset_gauss: bool) -> Result<()> {
    let b = bitgen::bg_of(bg)?;
    let mut g = b.gen.borrow_mut();
    let xpush_npu::random::BitGenerator::Mt19937(m) = g.bit_generator() else {
        return Err(Error::not_implemented(
            "the legacy np.random functions run on MT19937 only in xpush",
        ));
    };
    let (key, pos) = m.state();
    let (_, _, has_gauss, gauss) = rs.get_state();
    if reset_gauss {
        rs.set_state(&key, pos, false, 0.0)
    } else {
        rs.set_state(&key, pos, has_gauss, gauss)
    }
}

/// `np.random.get_bit_generator()`: the global legacy state's MT19937, an
/// object sharing that state from now on.
fn get_bit_generator(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    if let Some(bg) = linked_bitgen() {
        return Ok(bg);
    }
    let (key, pos, _, _) = with_legacy(|rs| Ok(rs.get_state()))?;
    let mt = xpush_npu::random::Mt19937::from_state(&key, pos)?;
    let bg = bitgen::bitgen_value(xpush_npu::random::BitGenerator::Mt19937(mt), Value::None);
    LEGACY_BG.with(|c| *c.borrow_mut() = Some(bg.clone()));
    Ok(bg)
}

/// `np.random.set_bit_generator(bitgen)`: the global legacy functions draw
/// from `bitgen` from now on (its cached Gaussian dropped).
fn set_bit_generator(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let bg = a.get(0).clone();
    let b = bitgen::bg_of(&bg).map_err(|_| bitgen::not_a_bitgen(&bg))?;
    if b.name() != "MT19937" {
        return Err(Error::not_implemented(format!(
            "np.random.set_bit_generator({}(...)): xpush's legacy functions run on MT19937 only",
            b.name()
        )));
    }
    LEGACY_BG.with(|c| *c.borrow_mut() = None);
    with_legacy(|rs| bitgen_to_mt(&bg, rs, true))?;
    LEGACY_BG.with(|c| *c.borrow_mut() = Some(bg));
    Ok(Value::None)
}

/// A seed from the clock, for unseeded generators.
pub(crate) fn entropy() -> u128 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    t ^ (u128::from(std::process::id()) << 64)
}

/// Runs `f` on the legacy state: the running `RandomState` method's
/// receiver's, else the session's (seeded from the clock on first use).
/// A state made from (or handed) a bit generator object shares it: the
/// object's state comes in before `f` and goes back after.
fn with_legacy<R>(f: impl FnOnce(&mut RandomState) -> Result<R>) -> Result<R> {
    if let Some(o) = active() {
        if let Object::RandomState(c, link) = &*o {
            let mut rs = c.borrow_mut();
            if let Some(bg) = link {
                bitgen_to_mt(bg, &mut rs, false)?;
            }
            let r = f(&mut rs);
            if let Some(bg) = link {
                mt_to_bitgen(&rs, bg)?;
            }
            return r;
        }
    }
    LEGACY.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = Some(RandomState::new((entropy() & 0xffff_ffff) as i128)?);
        }
        let Some(rs) = slot.as_mut() else {
            return Err(Error::runtime_error("internal: no random state"));
        };
        // A linked bit generator object may have drawn since: its state
        // comes in first, and goes back after.
        let linked = linked_bitgen();
        if let Some(bg) = &linked {
            bitgen_to_mt(bg, rs, false)?;
        }
        let r = f(rs);
        if let Some(bg) = &linked {
            mt_to_bitgen(rs, bg)?;
        }
        r
    })
}

// --------------------------------------------------------- arguments

/// `size=`: `None` or an int / sequence of ints.
fn size_arg(v: &Value) -> Result<Option<Vec<usize>>> {
    match v {
        Value::None => Ok(None),
        other => shape_arg(other).map(Some),
    }
}

/// A float parameter (`loc`, `scale`, `lam`, ...).
fn float_arg(v: &Value) -> Result<f64> {
    crate::py::num::to_f64(&super::conv::py_number(v)?)
}

/// How a sample drawn with `size=None` is returned.
#[derive(Clone, Copy)]
enum One {
    /// A Python `float` / `int` (most samplers).
    Python,
    /// A NumPy scalar (`randint` with a dtype, `Generator.integers`,
    /// elements chosen from an array).
    Numpy,
}

/// A sampler's result: the array, or its only element when `size` was `None`.
fn out(a: Array, size: &Option<Vec<usize>>, one: One) -> Result<Value> {
    if size.is_some() {
        return Ok(wrap(a));
    }
    if a.ndim() != 0 {
        return Ok(wrap(a));
    }
    let s = a.item()?;
    Ok(match one {
        One::Python => to_python(&s),
        One::Numpy => scalar(s),
    })
}

/// `dtype=` of `randint` / `integers`: `None` is int64 (Python ints for
/// one legacy sample), anything else its dtype (NumPy scalars).
fn int_dtype(v: &Value) -> Result<(DType, One)> {
    let is_int_type = matches!(v, Value::Builtin(id)
        if table::get(*id).kind == Kind::Type && table::get(*id).name == "int"
            && table::get(*id).module == "builtins");
    match dtype_arg(v)? {
        None => Ok((DType::Int64, One::Python)),
        Some(d) if is_int_type => Ok((d, One::Python)),
        Some(d) => Ok((d, One::Numpy)),
    }
}

/// `choice`'s `a`: an int population or an array (and how one sample is returned).
fn population(v: &Value) -> Result<(Option<i64>, Option<Array>)> {
    match v {
        Value::Int(_) | Value::BigInt(_) | Value::Bool(_) => Ok((opt_int(v)?, None)),
        Value::Scalar(s) if s.dtype().is_integer() => Ok((opt_int(v)?, None)),
        other => {
            let a = as_array(other)?;
            if a.ndim() == 0 {
                if a.dtype().is_integer() {
                    return Ok((Some(a.item()?.as_f64() as i64), None));
                }
                return Err(Error::value_error("a must be 1-dimensional or an integer"));
            }
            Ok((None, Some(a)))
        }
    }
}

/// `p=`: `None` or a sequence of probabilities.
fn probs(v: &Value) -> Result<Option<Vec<f64>>> {
    match v {
        Value::None => Ok(None),
        // NumPy reads `p` as float64: a list of Python floats keeps its
        // doubles even where the session's default float is float32 (the
        // npu), or [0.1, 0.2, 0.3, 0.2, 0.2] would not sum to 1.
        Value::Array(a) => Ok(Some(flat_f64(&xpush_npu::ops::cast(a, DType::Float64)?)?)),
        other => {
            let a = crate::numpy::conv::array_from(other, Some(DType::Float64))?;
            Ok(Some(flat_f64(&a)?))
        }
    }
}

/// The elements of a float64 array, in C order.
fn flat_f64(a: &Array) -> Result<Vec<f64>> {
    a.reshape(&[-1])?.to_contiguous().to_vec::<f64>()
}

/// `choice(a, size, replace, p)` with a sampler given the population.
fn choice_with(
    a: &Args,
    draw: impl FnOnce(Population<'_>, Option<&[usize]>, bool, Option<&[f64]>) -> Result<Array>,
) -> Result<Value> {
    let size = size_arg(a.get(1))?;
    let replace = crate::ops::truthy(a.get(2))?;
    let p = probs(a.get(3))?;
    // A population of strings (or other host-dtype elements): NumPy draws
    // the indices as for `range(len(a))` and returns `a[indices]`.
    let v = a.get(0);
    if matches!(v, Value::HostArray(_)) || crate::numpy::host::holds_text(v) {
        let h = match v {
            Value::HostArray(h) => h.clone(),
            other => Rc::new(crate::numpy::host::from_value(other, None)?),
        };
        if h.shape().len() != 1 {
            return Err(Error::value_error("a must be 1-dimensional"));
        }
        let r = draw(
            Population::Range(h.shape()[0] as i64),
            size.as_deref(),
            replace,
            p.as_deref(),
        )?;
        let idx = out(r, &size, One::Python)?;
        return crate::ops::getitem(&Value::HostArray(h), &idx);
    }
    let (n, arr) = population(a.get(0))?;
    let (pop, one) = match (&n, &arr) {
        (Some(n), _) => (Population::Range(*n), One::Python),
        (None, Some(x)) => (Population::Array(x), One::Numpy),
        (None, None) => return Err(Error::runtime_error("internal: choice population")),
    };
    let r = draw(pop, size.as_deref(), replace, p.as_deref())?;
    out(r, &size, one)
}

/// `shuffle` of a list value: the index permutation `perm` (drawn by
/// shuffling `arange(n)` exactly as NumPy shuffles the list) applied to it.
fn shuffle_list(
    list: &RefCell<Vec<Value>>,
    shuffle: impl FnOnce(&Array) -> Result<()>,
) -> Result<()> {
    let n = list.borrow().len();
    let idx = Array::from_vec((0..n as i64).collect::<Vec<_>>(), &[n])?;
    shuffle(&idx)?;
    let perm = idx.to_vec::<i64>()?;
    let mut items = list.borrow_mut();
    let old = items.clone();
    for (slot, &j) in items.iter_mut().zip(&perm) {
        *slot = old[j as usize].clone();
    }
    Ok(())
}

/// The array `shuffle` works on in place (NumPy refuses immutable inputs).
fn shuffle_target(v: &Value) -> Result<&Array> {
    match v {
        Value::Array(a) => Ok(a),
        other => Err(Error::type_error(format!(
            "'{}' object does not support item assignment",
            crate::ops::type_name(other)
        ))),
    }
}

// ------------------------------------------------------------ legacy

fn seed(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    install(seeded(a.get(0))?);
    Ok(Value::None)
}

/// A legacy state seeded as `np.random.seed(v)` seeds it: from the clock
/// for `None`, an int, or a sequence of ints.
fn seeded(v: &Value) -> Result<RandomState> {
    let inexact = match v {
        Value::Float(_) => Some(DType::Float64),
        Value::Complex(_) => Some(DType::Complex128),
        Value::Scalar(s) if s.dtype().is_inexact() => Some(s.dtype()),
        _ => None,
    };
    if let Some(d) = inexact {
        return Err(Error::type_error(format!(
            "Cannot cast scalar from dtype('{}') to dtype('int64') according to the rule 'safe'",
            d.name()
        )));
    }
    Ok(match v {
        Value::None => RandomState::new((entropy() & 0xffff_ffff) as i128)?,
        v @ (Value::List(_) | Value::Tuple(_) | Value::Array(_)) => {
            let a = as_array(v)?;
            if !a.dtype().is_integer() {
                return Err(Error::type_error(
                    "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'",
                ));
            }
            let words: Vec<i128> = xpush_npu::ops::cast(&a, DType::Int64)?
                .reshape(&[-1])?
                .to_contiguous()
                .to_vec::<i64>()?
                .into_iter()
                .map(i128::from)
                .collect();
            RandomState::from_array(&words)?
        }
        v => RandomState::new(pyint_or_scalar(v)?)?,
    })
}

/// The dimensions of `rand(d0, d1, ...)`.
fn dims(a: &Args) -> Result<Vec<usize>> {
    a.rest
        .iter()
        .map(|v| {
            let d = crate::py::num::index_i64(v)?;
            usize::try_from(d)
                .map_err(|_| Error::value_error("negative dimensions are not allowed"))
        })
        .collect()
}

fn rand(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = dims(a)?;
    let r = with_legacy(|rs| Ok(rs.rand(&d)))?;
    out(r, &(!d.is_empty()).then_some(d), One::Python)
}

fn randn(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = dims(a)?;
    let r = with_legacy(|rs| Ok(rs.randn(&d)))?;
    out(r, &(!d.is_empty()).then_some(d), One::Python)
}

fn random_sample(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let size = size_arg(a.get(0))?;
    let r = with_legacy(|rs| Ok(rs.random_sample(size.as_deref())))?;
    out(r, &size, One::Python)
}

/// `low` or `high` of `randint` / `integers`: a Python int, an integer
/// NumPy scalar or a 0-d array takes NumPy's scalar path; anything
/// array-like its broadcast one.
enum Bound {
    One(i128),
    Many(IntBounds),
}

impl Bound {
    fn of(v: &Value) -> Result<Bound> {
        match v {
            Value::List(_) | Value::Tuple(_) | Value::HostArray(_) => {
                Ok(Bound::Many(int_bounds(v)?))
            }
            Value::Array(a) if a.ndim() > 0 => Ok(Bound::Many(int_bounds(v)?)),
            Value::Array(a) => Ok(Bound::One(bound_value(&a.item()?.to_elem())?)),
            other => Ok(Bound::One(pyint_or_scalar(other)?)),
        }
    }

    fn into_bounds(self) -> IntBounds {
        match self {
            Bound::One(v) => IntBounds {
                values: vec![v],
                shape: Vec::new(),
            },
            Bound::Many(b) => b,
        }
    }
}

/// One element of an array-like bound as NumPy reads it (`int(x)`: floats
/// truncated toward zero).
fn bound_value(e: &xpush_npu::Elem) -> Result<i128> {
    use xpush_npu::Elem;
    match *e {
        Elem::Bool(b) => Ok(i128::from(b)),
        Elem::Int(i) => Ok(i128::from(i)),
        Elem::UInt(u) => Ok(i128::from(u)),
        Elem::Float(f) if f.is_nan() => {
            Err(Error::value_error("cannot convert float NaN to integer"))
        }
        Elem::Float(f) if f.is_infinite() => {
            Err(Error::overflow("cannot convert float infinity to integer"))
        }
        Elem::Float(f) => Ok(f.trunc() as i128),
        _ => Err(Error::type_error("randint bounds must be real numbers")),
    }
}

/// The elements of an array-like bound: a numeric array's, or for a list
/// of Python ints too large for int64, the ints themselves.
fn int_bounds(v: &Value) -> Result<IntBounds> {
    if let Ok(a) = as_array(v) {
        return Ok(IntBounds {
            values: a
                .to_elems()
                .iter()
                .map(bound_value)
                .collect::<Result<_>>()?,
            shape: a.shape().to_vec(),
        });
    }
    let h = crate::numpy::host::object::from_value(v)?;
    Ok(IntBounds {
        values: h
            .cells()
            .iter()
            .map(|c| pyint(&c.to_value()))
            .collect::<Result<_>>()?,
        shape: h.shape().to_vec(),
    })
}

/// `low` and `high` of `randint` / `integers`: both scalars, or (when
/// either is array-like) both arrays.
enum IntRange {
    Scalars(i128, Option<i128>),
    Arrays(IntBounds, Option<IntBounds>),
}

fn int_range(a: &Args, low: usize) -> Result<IntRange> {
    let lo = Bound::of(a.get(low))?;
    let hi = match a.get(low + 1) {
        Value::None => None,
        v => Some(Bound::of(v)?),
    };
    Ok(match (lo, hi) {
        (Bound::One(lo), None) => IntRange::Scalars(lo, None),
        (Bound::One(lo), Some(Bound::One(hi))) => IntRange::Scalars(lo, Some(hi)),
        (lo, hi) => IntRange::Arrays(lo.into_bounds(), hi.map(Bound::into_bounds)),
    })
}

/// A Python int or an integer NumPy scalar.
fn pyint_or_scalar(v: &Value) -> Result<i128> {
    match v {
        Value::Scalar(s) if s.dtype().is_integer() => Ok(opt_int(v)?.unwrap_or(0).into()),
        other => pyint(other),
    }
}

fn randint(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let size = size_arg(a.get(2))?;
    let (dtype, one) = int_dtype(a.get(3))?;
    let r = match int_range(a, 0)? {
        IntRange::Scalars(lo, hi) => with_legacy(|rs| rs.randint(lo, hi, size.as_deref(), dtype))?,
        IntRange::Arrays(lo, hi) => {
            with_legacy(|rs| rs.randint_broadcast(&lo, hi.as_ref(), size.as_deref(), dtype))?
        }
    };
    out(r, &size, one)
}

fn standard_normal(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let size = size_arg(a.get(0))?;
    let r = with_legacy(|rs| Ok(rs.standard_normal(size.as_deref())))?;
    out(r, &size, One::Python)
}

fn choice(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    choice_with(a, |pop, size, replace, p| {
        with_legacy(|rs| rs.choice(pop, size, replace, p))
    })
}

fn permutation(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let r = match population(a.get(0))? {
        (Some(n), _) => with_legacy(|rs| rs.permutation_n(n))?,
        (None, Some(x)) => with_legacy(|rs| rs.permutation(&x))?,
        (None, None) => return Err(Error::runtime_error("internal: permutation")),
    };
    Ok(wrap(r))
}

fn shuffle(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if let Value::List(l) = a.get(0) {
        shuffle_list(l, |idx| with_legacy(|rs| rs.shuffle(idx)))?;
        return Ok(Value::None);
    }
    let x = shuffle_target(a.get(0))?;
    with_legacy(|rs| rs.shuffle(x))?;
    Ok(Value::None)
}

fn standard_exponential(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let size = size_arg(a.get(0))?;
    let r = with_legacy(|rs| Ok(rs.standard_exponential(size.as_deref())))?;
    out(r, &size, One::Python)
}

fn binomial(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if is_array_param(a.get(0)) || is_array_param(a.get(1)) {
        let size = size_arg(a.get(2))?;
        return broadcast_params(&[a.get(0), a.get(1)], &size, |p, sz| {
            with_legacy(|rs| rs.binomial(p[0] as i64, p[1], sz))
        });
    }
    let n = pyint_or_scalar(a.get(0))?;
    let n = i64::try_from(n)
        .map_err(|_| Error::overflow("Python int too large to convert to C long"))?;
    let p = float_arg(a.get(1))?;
    let size = size_arg(a.get(2))?;
    let r = with_legacy(|rs| rs.binomial(n, p, size.as_deref()))?;
    out(r, &size, One::Python)
}

// --------------------------------------------------------- Generator

/// `default_rng(seed)`: a Generator is returned as is, a bit generator
/// wrapped, anything else seeds a PCG64 (through a SeedSequence).
fn default_rng(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let seed = a.get(0);
    if let Value::Object(o) = seed {
        match &**o {
            Object::Generator(_) => return Ok(seed.clone()),
            Object::BitGenerator(_) => return generator_of(seed),
            _ => {}
        }
    }
    generator_of(&bitgen::pcg64_from_seed(seed)?)
}

/// `Generator.bit_generator`.
fn gen_bit_generator(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match a.get(0) {
        Value::Object(o) => match &**o {
            Object::Generator(bg) => Ok(bg.clone()),
            _ => Err(Error::type_error(
                "descriptor requires a 'Generator' object",
            )),
        },
        _ => Err(Error::type_error(
            "descriptor requires a 'Generator' object",
        )),
    }
}

/// `Generator.spawn(n)`: generators over `bit_generator.spawn(n)`.
fn gen_spawn(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let bg = gen_bit_generator(h, a)?;
    let kids = bitgen::spawn_bitgens(bitgen::bg_of(&bg)?, a.get(1))?;
    Ok(Value::list(
        kids.iter().map(generator_of).collect::<Result<_>>()?,
    ))
}

/// Runs `f` on the receiver's generator.
fn with_gen<R>(a: &Args, f: impl FnOnce(&mut Generator) -> Result<R>) -> Result<R> {
    match a.get(0) {
        Value::Object(o) => match &**o {
            Object::Generator(bg) => f(&mut bitgen::bg_of(bg)?.gen.borrow_mut()),
            _ => Err(Error::type_error(
                "descriptor requires a 'Generator' object",
            )),
        },
        other => Err(Error::type_error(format!(
            "descriptor requires a 'numpy.random._generator.Generator' object but received a '{}'",
            crate::ops::type_name(other)
        ))),
    }
}

fn gen_random(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let size = size_arg(a.get(1))?;
    let r = with_gen(a, |g| Ok(g.random(size.as_deref())))?;
    out(r, &size, One::Python)
}

fn gen_integers(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let range = int_range(a, 1)?;
    let size = size_arg(a.get(3))?;
    let dtype = dtype_arg(a.get(4))?.unwrap_or(DType::Int64);
    let endpoint = crate::ops::truthy(a.get(5))?;
    let r = match range {
        IntRange::Scalars(lo, hi) => {
            with_gen(a, |g| g.integers(lo, hi, size.as_deref(), dtype, endpoint))?
        }
        IntRange::Arrays(lo, hi) => with_gen(a, |g| {
            g.integers_broadcast(&lo, hi.as_ref(), size.as_deref(), dtype, endpoint)
        })?,
    };
    out(r, &size, One::Numpy)
}

fn gen_standard_normal(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let size = size_arg(a.get(1))?;
    let r = with_gen(a, |g| Ok(g.standard_normal(size.as_deref())))?;
    out(r, &size, One::Python)
}

/// The method's arguments without the receiver (for helpers shared with
/// the legacy functions).
fn after_self(a: &Args) -> Args {
    Args {
        values: a.values.iter().skip(1).cloned().collect(),
        rest: a.rest.clone(),
    }
}

fn gen_choice(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if opt_int(a.get(5))?.unwrap_or(0) != 0 {
        return Err(Error::not_implemented(
            "Generator.choice: only axis=0 is supported",
        ));
    }
    let shuffle = crate::ops::truthy(a.get(6))?;
    let rest = after_self(a);
    choice_with(&rest, |pop, size, replace, p| {
        with_gen(a, |g| g.choice(pop, size, replace, p, shuffle))
    })
}

fn gen_permutation(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let axis = opt_int(a.get(2))?.unwrap_or(0) as isize;
    let r = match population(a.get(1))? {
        (Some(n), _) => with_gen(a, |g| g.permutation_n(n))?,
        (None, Some(x)) => with_gen(a, |g| g.permutation(&x, axis))?,
        (None, None) => return Err(Error::runtime_error("internal: permutation")),
    };
    Ok(wrap(r))
}

fn gen_shuffle(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let axis = opt_int(a.get(2))?.unwrap_or(0) as isize;
    if let Value::List(l) = a.get(1) {
        shuffle_list(l, |idx| with_gen(a, |g| g.shuffle(idx, 0)))?;
        return Ok(Value::None);
    }
    let x = shuffle_target(a.get(1))?;
    with_gen(a, |g| g.shuffle(x, axis))?;
    Ok(Value::None)
}

fn gen_standard_exponential(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let size = size_arg(a.get(1))?;
    let r = with_gen(a, |g| Ok(g.standard_exponential(size.as_deref())))?;
    out(r, &size, One::Python)
}

// ------------------------------------------------- more distributions

/// The error for array-valued distribution parameters (only scalars are
/// supported; NumPy would broadcast them).
fn array_param_error() -> Error {
    Error::not_implemented(
        "array-valued distribution parameters are not supported yet; pass scalars",
    )
}

/// Whether NumPy would broadcast this parameter (an array of at least one
/// dimension, a list or a tuple).
fn is_array_param(v: &Value) -> bool {
    match v {
        Value::Array(a) => a.ndim() > 0,
        Value::List(_) | Value::Tuple(_) => true,
        _ => false,
    }
}

/// The next broadcast parameter value (the macro's parameters in order).
fn next_param(k: &mut std::slice::Iter<'_, f64>) -> f64 {
    k.next().copied().unwrap_or(f64::NAN)
}

/// A sampler with array parameters, as NumPy's `cont_broadcast_*` /
/// `discrete_broadcast_*` draw it: the parameters (as float64) broadcast
/// together, and against `size` when given (which must then be their
/// broadcast shape); every element is validated first, then drawn in C
/// order. `one(params, size)` is the scalar sampler.
fn broadcast_params(
    params: &[&Value],
    size: &Option<Vec<usize>>,
    mut one: impl FnMut(&[f64], Option<&[usize]>) -> Result<Array>,
) -> Result<Value> {
    let arrays: Vec<Array> = params
        .iter()
        .map(|v| match v {
            Value::Array(a) => xpush_npu::ops::cast(a, DType::Float64),
            other => crate::numpy::conv::array_from(other, Some(DType::Float64)),
        })
        .collect::<Result<_>>()?;
    let shapes: Vec<&[usize]> = arrays.iter().map(Array::shape).collect();
    let shape = match size {
        None => multi_iter_shape(&shapes)?,
        Some(s) => {
            let mut all: Vec<&[usize]> = vec![s];
            all.extend_from_slice(&shapes);
            let it = multi_iter_shape(&all)?;
            if &it != s {
                return Err(Error::value_error(format!(
                    "Output size {} is not compatible with broadcast dimensions of inputs {}.",
                    shape_repr(s),
                    shape_repr(&it)
                )));
            }
            s.clone()
        }
    };
    let flat: Vec<Vec<f64>> = arrays
        .iter()
        .map(|a| a.broadcast_to(&shape)?.to_contiguous().to_vec::<f64>())
        .collect::<Result<_>>()?;
    let n: usize = shape.iter().product();
    let at = |i: usize| flat.iter().map(|v| v[i]).collect::<Vec<f64>>();
    let mut dtype = DType::Float64;
    for i in 0..n {
        // `check_array_constraint` words NaN failures "contains NaNs".
        dtype = one(&at(i), Some(&[0]))
            .map_err(|e| match e.msg().strip_suffix(" is NaN") {
                Some(head) if e.kind() == crate::ExcKind::ValueError => {
                    Error::value_error(format!("{head} contains NaNs"))
                }
                _ => e,
            })?
            .dtype();
    }
    let r = if dtype == DType::Int64 {
        let mut v = Vec::with_capacity(n);
        for i in 0..n {
            v.push(one(&at(i), None)?.to_vec::<i64>()?[0]);
        }
        Array::from_vec(v, &shape)?
    } else {
        let mut v = Vec::with_capacity(n);
        for i in 0..n {
            v.push(one(&at(i), None)?.to_vec::<f64>()?[0]);
        }
        Array::from_vec(v, &shape)?
    };
    Ok(wrap(r))
}

/// The broadcast shape of `np.broadcast(*args)` (NumPy's multi-iterator),
/// with its message naming the two arguments that disagree.
fn multi_iter_shape(shapes: &[&[usize]]) -> Result<Vec<usize>> {
    let nd = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = vec![1usize; nd];
    let mut owner = vec![0usize; nd];
    for (j, s) in shapes.iter().enumerate() {
        let off = nd - s.len();
        for (k, &d) in s.iter().enumerate() {
            let o = off + k;
            if d == 1 {
                continue;
            }
            if out[o] == 1 {
                out[o] = d;
                owner[o] = j;
            } else if out[o] != d {
                let i = owner[o];
                return Err(Error::value_error(format!(
                    "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg {i} with shape {} and arg {j} with shape {}.",
                    shape_repr(shapes[i]),
                    shape_repr(s)
                )));
            }
        }
    }
    Ok(out)
}

/// A shape as Python prints the tuple: `(3,)`, `(2, 3)`.
fn shape_repr(s: &[usize]) -> String {
    match s {
        [one] => format!("({one},)"),
        _ => format!(
            "({})",
            s.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A scalar float distribution parameter (arrays and sequences refused).
fn param(v: &Value) -> Result<f64> {
    match v {
        Value::Array(a) if a.ndim() > 0 => Err(array_param_error()),
        Value::List(_) | Value::Tuple(_) => Err(array_param_error()),
        other => float_arg(other),
    }
}

/// A scalar integer distribution parameter (`<int64_t>n`).
fn int_param(v: &Value) -> Result<i64> {
    let n = match v {
        Value::Array(a) if a.ndim() > 0 => return Err(array_param_error()),
        Value::List(_) | Value::Tuple(_) => return Err(array_param_error()),
        Value::Float(f) => return Ok(*f as i64),
        Value::Array(a) => return Ok(a.item()?.as_f64() as i64),
        other => pyint_or_scalar(other)?,
    };
    i64::try_from(n).map_err(|_| Error::overflow("Python int too large to convert to C long"))
}

/// A 1-d float64 parameter (`pvals`, `alpha`); `what` names it in errors.
fn vector_param(v: &Value, legacy_pvals: bool) -> Result<Vec<f64>> {
    let a = match v {
        Value::Array(a) => xpush_npu::ops::cast(a, DType::Float64)?,
        other => crate::numpy::conv::array_from(other, Some(DType::Float64))?,
    };
    match a.ndim() {
        0 if legacy_pvals => Err(Error::type_error("pvals must be a 1-d sequence")),
        0 => Err(Error::value_error(
            "pvals must have at least 1 dimension and the last dimension of pvals must be greater than 0.",
        )),
        1 => flat_f64(&a),
        _ => Err(Error::not_implemented(
            "only 1-d pvals / alpha are supported yet",
        )),
    }
}

/// Defines bindings `fn NAME(host, args)` that read scalar float parameters
/// at the given argument positions and `size=` after them, call the sampler
/// and return a Python scalar for `size=None`: `legacy` ones on the global
/// state, `gen` ones on the receiver (`self` is argument 0).
macro_rules! samplers {
    ($( $kind:ident $fname:ident => $method:ident ( $($i:literal),* ) size $s:literal; )*) => {
        $( samplers!(@one $kind $fname $method [$($i),*] $s); )*
    };
    (@one legacy $fname:ident $method:ident [$($i:literal),*] $s:literal) => {
        fn $fname(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
            let size = size_arg(a.get($s))?;
            let params = [$(a.get($i)),*];
            if params.iter().any(|v| is_array_param(v)) {
                #[allow(unused_variables, unused_mut)]
                return broadcast_params(&params, &size, |p, sz| {
                    let mut k = p.iter();
                    with_legacy(|rs| rs.$method($({ let _ = $i; next_param(&mut k) },)* sz))
                });
            }
            let r = with_legacy(|rs| rs.$method($(param(a.get($i))?,)* size.as_deref()))?;
            out(r, &size, One::Python)
        }
    };
    (@one gen $fname:ident $method:ident [$($i:literal),*] $s:literal) => {
        fn $fname(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
            let size = size_arg(a.get($s))?;
            let params = [$(a.get($i)),*];
            if params.iter().any(|v| is_array_param(v)) {
                #[allow(unused_variables, unused_mut)]
                return broadcast_params(&params, &size, |p, sz| {
                    let mut k = p.iter();
                    with_gen(a, |g| g.$method($({ let _ = $i; next_param(&mut k) },)* sz))
                });
            }
            let r = with_gen(a, |g| g.$method($(param(a.get($i))?,)* size.as_deref()))?;
            out(r, &size, One::Python)
        }
    };
}

samplers! {
    legacy uniform => uniform(0, 1) size 2;
    legacy normal => normal(0, 1) size 2;
    legacy exponential => exponential(0) size 1;
    legacy poisson => poisson(0) size 1;
    legacy beta => beta(0, 1) size 2;
    legacy gamma => gamma(0, 1) size 2;
    legacy standard_gamma => standard_gamma(0) size 1;
    gen gen_normal => normal(1, 2) size 3;
    gen gen_uniform => uniform(1, 2) size 3;
    gen gen_exponential => exponential(1) size 2;
    legacy chisquare => chisquare(0) size 1;
    legacy f => f(0, 1) size 2;
    legacy noncentral_chisquare => noncentral_chisquare(0, 1) size 2;
    legacy noncentral_f => noncentral_f(0, 1, 2) size 3;
    legacy standard_t => standard_t(0) size 1;
    legacy vonmises => vonmises(0, 1) size 2;
    legacy pareto => pareto(0) size 1;
    legacy weibull => weibull(0) size 1;
    legacy power => power(0) size 1;
    legacy laplace => laplace(0, 1) size 2;
    legacy gumbel => gumbel(0, 1) size 2;
    legacy logistic => logistic(0, 1) size 2;
    legacy lognormal => lognormal(0, 1) size 2;
    legacy rayleigh => rayleigh(0) size 1;
    legacy wald => wald(0, 1) size 2;
    legacy triangular => triangular(0, 1, 2) size 3;
    legacy negative_binomial => negative_binomial(0, 1) size 2;
    legacy zipf => zipf(0) size 1;
    legacy geometric => geometric(0) size 1;
    legacy logseries => logseries(0) size 1;
    gen gen_standard_gamma => standard_gamma(1) size 2;
    gen gen_gamma => gamma(1, 2) size 3;
    gen gen_beta => beta(1, 2) size 3;
    gen gen_chisquare => chisquare(1) size 2;
    gen gen_f => f(1, 2) size 3;
    gen gen_noncentral_chisquare => noncentral_chisquare(1, 2) size 3;
    gen gen_noncentral_f => noncentral_f(1, 2, 3) size 4;
    gen gen_standard_t => standard_t(1) size 2;
    gen gen_vonmises => vonmises(1, 2) size 3;
    gen gen_pareto => pareto(1) size 2;
    gen gen_weibull => weibull(1) size 2;
    gen gen_power => power(1) size 2;
    gen gen_laplace => laplace(1, 2) size 3;
    gen gen_gumbel => gumbel(1, 2) size 3;
    gen gen_logistic => logistic(1, 2) size 3;
    gen gen_lognormal => lognormal(1, 2) size 3;
    gen gen_rayleigh => rayleigh(1) size 2;
    gen gen_wald => wald(1, 2) size 3;
    gen gen_triangular => triangular(1, 2, 3) size 4;
    gen gen_poisson => poisson(1) size 2;
    gen gen_negative_binomial => negative_binomial(1, 2) size 3;
    gen gen_zipf => zipf(1) size 2;
    gen gen_geometric => geometric(1) size 2;
    gen gen_logseries => logseries(1) size 2;
}

fn standard_cauchy(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let size = size_arg(a.get(0))?;
    let r = with_legacy(|rs| Ok(rs.standard_cauchy(size.as_deref())))?;
    out(r, &size, One::Python)
}

fn hypergeometric(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if (0..3).any(|i| is_array_param(a.get(i))) {
        let size = size_arg(a.get(3))?;
        return broadcast_params(&[a.get(0), a.get(1), a.get(2)], &size, |p, sz| {
            with_legacy(|rs| rs.hypergeometric(p[0] as i64, p[1] as i64, p[2] as i64, sz))
        });
    }
    let (g, b, n) = (
        int_param(a.get(0))?,
        int_param(a.get(1))?,
        int_param(a.get(2))?,
    );
    let size = size_arg(a.get(3))?;
    let r = with_legacy(|rs| rs.hypergeometric(g, b, n, size.as_deref()))?;
    out(r, &size, One::Python)
}

fn multinomial(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = int_param(a.get(0))?;
    let p = vector_param(a.get(1), true)?;
    let size = size_arg(a.get(2))?;
    Ok(wrap(with_legacy(|rs| {
        rs.multinomial(n, &p, size.as_deref())
    })?))
}

fn dirichlet(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let alpha = vector_param(a.get(0), true)?;
    let size = size_arg(a.get(1))?;
    Ok(wrap(with_legacy(|rs| {
        rs.dirichlet(&alpha, size.as_deref())
    })?))
}

fn random_integers(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let low = pyint_or_scalar(a.get(0))?;
    let (lo, hi) = match a.get(1) {
        Value::None => {
            crate::warnings::warn(
                host,
                crate::ExcKind::DeprecationWarning,
                &format!("This function is deprecated. Please call randint(1, {low} + 1) instead"),
            )?;
            (1, low)
        }
        v => {
            let high = pyint_or_scalar(v)?;
            crate::warnings::warn(
                host,
                crate::ExcKind::DeprecationWarning,
                &format!(
                    "This function is deprecated. Please call randint({low}, {high} + 1) instead"
                ),
            )?;
            (low, high)
        }
    };
    let size = size_arg(a.get(2))?;
    let r = with_legacy(|rs| rs.randint(lo, Some(hi + 1), size.as_deref(), DType::Int64))?;
    out(r, &size, One::Numpy)
}

/// `length` of `bytes(length)`.
fn length_arg(v: &Value) -> Result<usize> {
    let n = crate::py::num::index_i64(v)?;
    usize::try_from(n).map_err(|_| Error::value_error("negative dimensions are not allowed"))
}

fn bytes(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = length_arg(a.get(0))?;
    let b = with_legacy(|rs| Ok(rs.bytes(n)))?;
    Ok(Value::Bytes(b.into()))
}

fn gen_standard_cauchy(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let size = size_arg(a.get(1))?;
    let r = with_gen(a, |g| Ok(g.standard_cauchy(size.as_deref())))?;
    out(r, &size, One::Python)
}

fn gen_binomial(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if is_array_param(a.get(1)) || is_array_param(a.get(2)) {
        let size = size_arg(a.get(3))?;
        return broadcast_params(&[a.get(1), a.get(2)], &size, |p, sz| {
            with_gen(a, |g| g.binomial(p[0] as i64, p[1], sz))
        });
    }
    let (n, p) = (int_param(a.get(1))?, param(a.get(2))?);
    let size = size_arg(a.get(3))?;
    let r = with_gen(a, |g| g.binomial(n, p, size.as_deref()))?;
    out(r, &size, One::Python)
}

fn gen_hypergeometric(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if (1..4).any(|i| is_array_param(a.get(i))) {
        let size = size_arg(a.get(4))?;
        return broadcast_params(&[a.get(1), a.get(2), a.get(3)], &size, |p, sz| {
            with_gen(a, |g| {
                g.hypergeometric(p[0] as i64, p[1] as i64, p[2] as i64, sz)
            })
        });
    }
    let (g0, b, n) = (
        int_param(a.get(1))?,
        int_param(a.get(2))?,
        int_param(a.get(3))?,
    );
    let size = size_arg(a.get(4))?;
    let r = with_gen(a, |g| g.hypergeometric(g0, b, n, size.as_deref()))?;
    out(r, &size, One::Python)
}

fn gen_multinomial(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = int_param(a.get(1))?;
    let p = vector_param(a.get(2), false)?;
    let size = size_arg(a.get(3))?;
    Ok(wrap(with_gen(a, |g| {
        g.multinomial(n, &p, size.as_deref())
    })?))
}

fn gen_dirichlet(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let alpha = vector_param(a.get(1), false)?;
    let size = size_arg(a.get(2))?;
    Ok(wrap(with_gen(a, |g| g.dirichlet(&alpha, size.as_deref()))?))
}

fn gen_bytes(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = length_arg(a.get(1))?;
    let b = with_gen(a, |g| Ok(g.bytes(n)))?;
    Ok(Value::Bytes(b.into()))
}

fn gen_permuted(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if !matches!(a.get(3), Value::None) {
        return Err(Error::not_implemented(
            "Generator.permuted: out= is not supported yet",
        ));
    }
    let x = as_array(a.get(1))?;
    let axis = match a.get(2) {
        Value::None => None,
        v => Some(opt_int(v)?.unwrap_or(0) as isize),
    };
    Ok(wrap(with_gen(a, |g| g.permuted(&x, axis))?))
}

fn get_state(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let legacy = crate::ops::truthy(a.get(0))?;
    let (key, pos, has_gauss, gauss) = with_legacy(|rs| Ok(rs.get_state()))?;
    let key = wrap(Array::from_vec(key, &[624])?);
    let (pos, has_gauss, gauss) = (
        Value::Int(pos as i64),
        Value::Int(i64::from(has_gauss)),
        Value::Float(gauss),
    );
    if legacy {
        return Ok(Value::tuple(vec![
            Value::str("MT19937"),
            key,
            pos,
            has_gauss,
            gauss,
        ]));
    }
    let mut st = crate::value::DictTable::new();
    st.insert(Value::str("key"), key)?;
    st.insert(Value::str("pos"), pos)?;
    let mut d = crate::value::DictTable::new();
    d.insert(Value::str("bit_generator"), Value::str("MT19937"))?;
    d.insert(Value::str("state"), Value::dict(st))?;
    d.insert(Value::str("has_gauss"), has_gauss)?;
    d.insert(Value::str("gauss"), gauss)?;
    Ok(Value::dict(d))
}

/// `d[name]` of a state dict (`KeyError` when missing).
fn state_item(d: &Value, name: &str) -> Result<Value> {
    match d {
        Value::Dict(t) => t
            .borrow()
            .get(&Value::str(name))?
            .ok_or_else(|| Error::new(crate::ExcKind::KeyError, format!("'{name}'"))),
        other => Err(Error::type_error(format!(
            "'{}' object is not subscriptable",
            crate::ops::type_name(other)
        ))),
    }
}

fn set_state(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let st = a.get(0);
    let (key, pos, has_gauss, gauss) = match st {
        Value::Dict(t) => {
            let has = |k: &str| t.borrow().get(&Value::str(k)).map(|v| v.is_some());
            if !has("bit_generator")? || !has("state")? {
                return Err(Error::value_error("state dictionary is not valid."));
            }
            let name = state_item(st, "bit_generator")?;
            if !matches!(&name, Value::Str(s) if &**s == "MT19937") {
                return Err(Error::value_error("state must be for a MT19937 PRNG"));
            }
            let inner = state_item(st, "state")?;
            let opt = |k: &str| t.borrow().get(&Value::str(k));
            (
                state_item(&inner, "key")?,
                state_item(&inner, "pos")?,
                opt("has_gauss")?.unwrap_or(Value::Int(0)),
                opt("gauss")?.unwrap_or(Value::Float(0.0)),
            )
        }
        Value::Tuple(_) | Value::List(_) => {
            let items = crate::py::iter::to_vec(st)?;
            let bad = || {
                Error::value_error(
                    "set_state can only be used with legacy MT19937 state instances.",
                )
            };
            match items.first() {
                Some(Value::Str(s)) if &**s == "MT19937" => {}
                Some(_) => return Err(bad()),
                None => {
                    return Err(Error::index_error("tuple index out of range"));
                }
            }
            if items.len() < 3 {
                return Err(Error::index_error("tuple index out of range"));
            }
            let (hg, g) = if items.len() > 4 {
                (items[3].clone(), items[4].clone())
            } else {
                (Value::Int(0), Value::Float(0.0))
            };
            (items[1].clone(), items[2].clone(), hg, g)
        }
        _ => return Err(Error::type_error("state must be a dict or a tuple.")),
    };
    let key = as_array(&key)?;
    let key: Vec<u32> = xpush_npu::ops::cast(&key, DType::Int64)?
        .reshape(&[-1])?
        .to_contiguous()
        .to_vec::<i64>()?
        .into_iter()
        .map(|k| {
            u32::try_from(k)
                .map_err(|_| Error::overflow("can't convert negative value to uint32_t"))
        })
        .collect::<Result<_>>()?;
    let pos = usize::try_from(int_param(&pos)?)
        .map_err(|_| Error::value_error("pos must be in [0, 624]"))?;
    let has_gauss = crate::ops::truthy(&has_gauss)?;
    let gauss = float_arg(&gauss)?;
    with_legacy(|rs| rs.set_state(&key, pos, has_gauss, gauss))?;
    Ok(Value::None)
}

// ------------------------------------------------- multivariate normal

/// `mean` and `cov` of `multivariate_normal`, checked as NumPy checks
/// them; returns `(mean, cov as float64 row-major, n)`.
fn mvn_args(mean: &Value, cov: &Value, modern: bool) -> Result<(Vec<f64>, Vec<f64>, usize)> {
    let m = as_array(mean)?;
    let c = as_array(cov)?;
    // NumPy reads both as float64 (the npu session's float32 default
    // would round them).
    let exact = |v: &Value, a: &Array| -> Result<Array> {
        match v {
            Value::Array(_) => Ok(a.clone()),
            _ if a.dtype().is_complex() => Ok(a.clone()),
            other => crate::numpy::conv::array_from(other, Some(DType::Float64)),
        }
    };
    let (m, c) = (exact(mean, &m)?, exact(cov, &c)?);
    if modern && (m.dtype().is_complex() || c.dtype().is_complex()) {
        return Err(Error::type_error("mean and cov must not be complex"));
    }
    if m.ndim() != 1 {
        return Err(Error::value_error("mean must be 1 dimensional"));
    }
    if c.ndim() != 2 || c.shape()[0] != c.shape()[1] {
        return Err(Error::value_error("cov must be 2 dimensional and square"));
    }
    if m.shape()[0] != c.shape()[0] {
        return Err(Error::value_error("mean and cov must have same length"));
    }
    let n = m.shape()[0];
    let f = |a: &Array| -> Result<Vec<f64>> {
        flat_f64(&xpush_npu::ops::cast(a, DType::Float64)?.to_host()?)
    };
    Ok((f(&m)?, f(&c)?, n))
}

/// `size + (n,)`.
fn mvn_shape(size: &Option<Vec<usize>>, n: usize) -> Vec<usize> {
    let mut s = size.clone().unwrap_or_default();
    s.push(n);
    s
}

/// `np.allclose(a, b, rtol=tol, atol=tol)` of two equal-length vectors.
fn all_close(a: &[f64], b: &[f64], tol: f64) -> bool {
    a.iter()
        .zip(b)
        .all(|(&x, &y)| (x == y) || (x - y).abs() <= tol + tol * y.abs())
}

/// The covariance check's outcome: a `RuntimeWarning` or a `ValueError`.
fn not_psd(h: &mut dyn Host, check_valid: &str) -> Result<()> {
    const MSG: &str = "covariance is not symmetric positive-semidefinite.";
    if check_valid == "warn" {
        crate::warnings::warn(h, crate::ExcKind::RuntimeWarning, MSG)
    } else {
        Err(Error::value_error(MSG))
    }
}

fn str_arg(v: &Value, what: &str) -> Result<String> {
    match v {
        Value::Str(s) => Ok(s.to_string()),
        other => Err(Error::type_error(format!(
            "{what} must be a str, not {}",
            crate::ops::type_name(other)
        ))),
    }
}

/// `np.linalg.svd(cov)` as `(u, s, vh)`, row-major.
fn svd_of(cov: &[f64], n: usize) -> Result<(Vec<f64>, Vec<f64>, Vec<f64>)> {
    let a = Array::from_vec(cov.to_vec(), &[n, n])?;
    let r = xpush_npu::ops::linalg::svd(&a, true, true)?;
    let [u, s, vh] = r.as_slice() else {
        return Err(Error::runtime_error("internal: svd"));
    };
    Ok((flat_f64(u)?, flat_f64(s)?, flat_f64(vh)?))
}

/// `x @ factor.T + mean` for the rows of `x` (`n` wide).
fn mvn_apply(x: &[f64], factor: &[f64], mean: &[f64], n: usize) -> Vec<f64> {
    let mut out = Vec::with_capacity(x.len());
    for row in x.chunks(n) {
        for j in 0..n {
            let mut acc = 0.0;
            for k in 0..n {
                acc += row[k] * factor[j * n + k];
            }
            out.push(mean[j] + acc);
        }
    }
    out
}

/// `Generator.multivariate_normal(mean, cov, size, check_valid, tol, *, method)`.
fn gen_multivariate_normal(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let method = str_arg(a.get(6), "method")?;
    if !matches!(method.as_str(), "svd" | "eigh" | "cholesky") {
        return Err(Error::value_error(
            "method must be one of {'eigh', 'svd', 'cholesky'}",
        ));
    }
    let (mean, cov, n) = mvn_args(a.get(1), a.get(2), true)?;
    let size = size_arg(a.get(3))?;
    let shape = mvn_shape(&size, n);
    let x = flat_f64(&with_gen(a, |g| Ok(g.standard_normal(Some(&shape))))?)?;
    let tol = float_arg(a.get(5))?;
    let check_valid = str_arg(a.get(4), "check_valid")?;
    let cova = Array::from_vec(cov.clone(), &[n, n])?;
    let factor: Vec<f64> = match method.as_str() {
        "cholesky" => flat_f64(&xpush_npu::ops::linalg::cholesky(&cova, false)?)?,
        "eigh" => {
            let (w, v) = xpush_npu::ops::linalg::eigh(&cova, "L")?;
            let (s, u) = (flat_f64(&w)?, flat_f64(&v)?);
            if check_valid != "ignore" {
                if check_valid != "warn" && check_valid != "raise" {
                    return Err(Error::value_error(
                        "check_valid must equal 'warn', 'raise', or 'ignore'",
                    ));
                }
                if s.iter().any(|&e| e < -tol) {
                    not_psd(h, &check_valid)?;
                }
            }
            (0..n * n).map(|i| u[i] * s[i % n].abs().sqrt()).collect()
        }
        _ => {
            let (u, s, vh) = svd_of(&cov, n)?;
            if check_valid != "ignore" {
                if check_valid != "warn" && check_valid != "raise" {
                    return Err(Error::value_error(
                        "check_valid must equal 'warn', 'raise', or 'ignore'",
                    ));
                }
                // (vh.T * s) @ vh
                let mut back = vec![0.0; n * n];
                for i in 0..n {
                    for j in 0..n {
                        back[i * n + j] =
                            (0..n).map(|k| vh[k * n + i] * s[k] * vh[k * n + j]).sum();
                    }
                }
                if !all_close(&back, &cov, tol) {
                    not_psd(h, &check_valid)?;
                }
            }
            (0..n * n).map(|i| u[i] * s[i % n].sqrt()).collect()
        }
    };
    let out = mvn_apply(&x, &factor, &mean, n);
    Ok(wrap(Array::from_vec(out, &shape)?))
}

/// The legacy `multivariate_normal(mean, cov, size, check_valid, tol)`:
/// the SVD's `vh` scaled by `sqrt(s)`.
fn multivariate_normal(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (mean, cov, n) = mvn_args(a.get(0), a.get(1), false)?;
    let size = size_arg(a.get(2))?;
    let shape = mvn_shape(&size, n);
    let x = flat_f64(&with_legacy(|rs| Ok(rs.standard_normal(Some(&shape))))?)?;
    let (_, s, vh) = svd_of(&cov, n)?;
    let check_valid = str_arg(a.get(3), "check_valid")?;
    if check_valid != "ignore" {
        if check_valid != "warn" && check_valid != "raise" {
            return Err(Error::value_error(
                "check_valid must equal 'warn', 'raise', or 'ignore'",
            ));
        }
        let tol = float_arg(a.get(4))?;
        let mut back = vec![0.0; n * n];
        for i in 0..n {
            for j in 0..n {
                back[i * n + j] = (0..n).map(|k| vh[k * n + i] * s[k] * vh[k * n + j]).sum();
            }
        }
        if !all_close(&back, &cov, tol) {
            not_psd(h, &check_valid)?;
        }
    }
    // x @ (sqrt(s)[:, None] * vh), then + mean: factor[j][k] = that[k][j].
    let factor: Vec<f64> = (0..n * n)
        .map(|i| {
            let (j, k) = (i / n, i % n);
            s[k].sqrt() * vh[k * n + j]
        })
        .collect();
    let out = mvn_apply(&x, &factor, &mean, n);
    Ok(wrap(Array::from_vec(out, &shape)?))
}

// ------------------------------------- multivariate hypergeometric

/// `Generator.multivariate_hypergeometric(colors, nsample, size, method)`.
fn gen_multivariate_hypergeometric(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    const BIG: i64 = i64::MAX;
    let method = match a.get(4) {
        Value::Str(s) if matches!(&**s, "count" | "marginals") => s.to_string(),
        _ => {
            return Err(Error::value_error(
                "method must be \"count\" or \"marginals\".",
            ))
        }
    };
    let nsample = crate::py::num::index_big(a.get(2))
        .map_err(|_| Error::value_error("nsample must be an integer"))?;
    if nsample < 0.into() {
        return Err(Error::value_error("nsample must be nonnegative."));
    }
    let nsample = num_traits::ToPrimitive::to_i64(&nsample)
        .ok_or_else(|| Error::value_error(format!("nsample must not exceed {BIG}")))?;
    let bad_colors = || {
        Error::value_error(format!(
            "colors must be a one-dimensional sequence of nonnegative integers not exceeding {BIG}."
        ))
    };
    let colors = as_array(a.get(1)).map_err(|_| bad_colors())?;
    if colors.ndim() != 1 || (colors.size() > 0 && !colors.dtype().is_integer()) {
        return Err(bad_colors());
    }
    let colors: Vec<i64> = if colors.size() == 0 {
        Vec::new()
    } else {
        flat_i64(&colors)?
    };
    if colors.iter().any(|&c| c < 0) {
        return Err(bad_colors());
    }
    let total = colors
        .iter()
        .try_fold(0i64, |acc, &c| acc.checked_add(c))
        .ok_or_else(|| {
            Error::value_error(format!(
                "sum(colors) must not exceed the maximum value of a 64 bit signed integer ({BIG})"
            ))
        })?;
    let count = method == "count";
    if !count && total >= 1_000_000_000 {
        return Err(Error::value_error(
            "When method is \"marginals\", sum(colors) must be less than 1000000000.",
        ));
    }
    let max_index = BIG / 8;
    if count && total > max_index {
        return Err(Error::value_error(format!(
            "When method is 'count', sum(colors) must not exceed {max_index}"
        )));
    }
    if nsample > total {
        return Err(Error::value_error("nsample > sum(colors)"));
    }
    if count && total > (1 << 32) && nsample != 0 {
        return Err(Error::new(
            crate::ExcKind::MemoryError,
            format!(
                "Insufficient memory for multivariate_hypergeometric with method='count' and sum(colors)={total}"
            ),
        ));
    }
    let size = size_arg(a.get(3))?;
    Ok(wrap(with_gen(a, |g| {
        Ok(g.multivariate_hypergeometric(&colors, nsample, size.as_deref(), count))
    })?))
}

/// The elements of an integer array as int64, in C order.
fn flat_i64(a: &Array) -> Result<Vec<i64>> {
    xpush_npu::ops::cast(a, DType::Int64)?
        .to_host()?
        .reshape(&[-1])?
        .to_contiguous()
        .to_vec::<i64>()
}
