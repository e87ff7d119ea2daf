//! `numpy.polynomial`: the six series classes (`Polynomial`, `Chebyshev`,
//! `Legendre`, `Hermite`, `HermiteE`, `Laguerre`) and the functions of
//! their modules (`polyval`, `chebfit`, `legroots`, ...), as NumPy 2 writes
//! them in Python (numpy/polynomial/*.py):
//!
//! - [`series`]: the coefficient arithmetic (sums, products, quotients,
//!   powers, derivatives, integrals, companion matrices) on float64 or
//!   complex128 series, in NumPy's order of operations;
//! - [`funcs`]: the functions on language values (evaluation and
//!   Vandermonde matrices through the operators, fits through
//!   `np.linalg.lstsq`, roots through `np.linalg.eigvals`);
//! - [`quadrature`]: Gauss quadratures, weights, Chebyshev points and the
//!   conversions to and from power series;
//! - [`class`]: `ABCPolyBase` and its six classes;
//! - [`table`]: the table entries, generated with their examples by
//!   `scripts/gen_polynomial_table.py` from NumPy itself.

pub mod class;
pub mod funcs;
pub mod quadrature;
pub mod series;
mod table;

use crate::host::Host;
use crate::value::Value;
use crate::Result;

pub use table::{FUNCS, METHODS};

/// One of the six bases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// Power series (`numpy.polynomial.polynomial`).
    Poly,
    /// Chebyshev series of the first kind.
    Cheb,
    /// Legendre series.
    Leg,
    /// Physicists' Hermite series.
    Herm,
    /// Probabilists' Hermite series.
    HermE,
    /// Laguerre series.
    Lag,
}

impl Basis {
    /// Every basis, in NumPy's `__all__` order of the classes' modules.
    pub const ALL: [Basis; 6] = [
        Basis::Poly,
        Basis::Cheb,
        Basis::Leg,
        Basis::Herm,
        Basis::HermE,
        Basis::Lag,
    ];

    /// The prefix of the module's functions (`cheb` in `chebval`).
    pub fn prefix(self) -> &'static str {
        match self {
            Basis::Poly => "poly",
            Basis::Cheb => "cheb",
            Basis::Leg => "leg",
            Basis::Herm => "herm",
            Basis::HermE => "herme",
            Basis::Lag => "lag",
        }
    }

    /// The module (`numpy.polynomial.chebyshev`).
    pub fn module(self) -> &'static str {
        match self {
            Basis::Poly => "numpy.polynomial.polynomial",
            Basis::Cheb => "numpy.polynomial.chebyshev",
            Basis::Leg => "numpy.polynomial.legendre",
            Basis::Herm => "numpy.polynomial.hermite",
            Basis::HermE => "numpy.polynomial.hermite_e",
            Basis::Lag => "numpy.polynomial.laguerre",
        }
    }

    /// The class name.
    pub fn class_name(self) -> &'static str {
        match self {
            Basis::Poly => "Polynomial",
            Basis::Cheb => "Chebyshev",
            Basis::Leg => "Legendre",
            Basis::Herm => "Hermite",
            Basis::HermE => "HermiteE",
            Basis::Lag => "Laguerre",
        }
    }

    /// `basis_name`: the letter printed for the basis functions.
    pub fn basis_name(self) -> Option<&'static str> {
        match self {
            Basis::Poly => None,
            Basis::Cheb => Some("T"),
            Basis::Leg => Some("P"),
            Basis::Herm => Some("H"),
            Basis::HermE => Some("He"),
            Basis::Lag => Some("L"),
        }
    }

    /// The class's default domain and window.
    pub fn default_domain(self) -> (f64, f64) {
        match self {
            Basis::Lag => (0.0, 1.0),
            _ => (-1.0, 1.0),
        }
    }
}

/// `numpy.polynomial.<basis module>`: its functions, its class and its
/// constants (`chebdomain`, `chebzero`, `chebone`, `chebx`).
pub fn build_basis_module(basis: Basis) -> Result<Value> {
    let m = crate::modules::from_table(basis.module());
    if let Value::Module(module) = &m {
        module.set(basis.class_name(), class::class_value(basis)?);
        let p = basis.prefix();
        let (lo, hi) = basis.default_domain();
        let ints = |v: Vec<i64>| -> Result<Value> {
            let n = v.len();
            let a = xpush_npu::Array::from_vec(v, &[n])?;
            Ok(crate::numpy::conv::wrap(xpush_npu::device::place(a)?))
        };
        module.set(
            &format!("{p}domain"),
            funcs::Series::R(vec![lo, hi]).value()?,
        );
        module.set(&format!("{p}zero"), ints(vec![0])?);
        module.set(&format!("{p}one"), ints(vec![1])?);
        // `<basis>x`: the series of x (`hermx` is `[0, 0.5]`, `lagx` `[1, -1]`).
        let x = match basis {
            Basis::Herm => funcs::Series::R(vec![0.0, 0.5]).value()?,
            Basis::Lag => ints(vec![1, -1])?,
            _ => ints(vec![0, 1])?,
        };
        module.set(&format!("{p}x"), x);
        module.set("ABCPolyBase", class::base_value()?);
    }
    Ok(m)
}

/// `numpy.polynomial`: the classes, the basis modules and `polyutils`.
pub fn build(_: &mut dyn Host) -> Result<Value> {
    let m = crate::modules::from_table("numpy.polynomial");
    if let Value::Module(module) = &m {
        for b in Basis::ALL {
            module.set(b.class_name(), class::class_value(b)?);
            let name = b.module().trim_start_matches("numpy.polynomial.");
            module.set(name, build_basis_module(b)?);
        }
        module.set(
            "polyutils",
            crate::modules::from_table("numpy.polynomial.polyutils"),
        );
    }
    Ok(m)
}

/// The entries' implementations, one set per basis (a table entry is a
/// plain function).
pub(crate) mod imp {
    use super::{class, funcs, Basis};
    use crate::bind::Args;
    use crate::host::Host;
    use crate::numpy::compose::truth;
    use crate::value::Value;
    use crate::Result;

    macro_rules! basis_imps {
        ($($m:ident = $b:expr;)*) => {$(
            pub mod $m {
                use super::*;
                const B: Basis = $b;
                pub fn class(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    class::construct(B, h, a)
                }
                pub fn val(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    let tensor = truth(a.get(2))?;
                    funcs::val(h, B, a.get(0), a.get(1), tensor)
                }
                pub fn val2d(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::valnd(h, B, a.get(2), &[a.get(0).clone(), a.get(1).clone()])
                }
                pub fn val3d(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    let p = [a.get(0).clone(), a.get(1).clone(), a.get(2).clone()];
                    funcs::valnd(h, B, a.get(3), &p)
                }
                pub fn grid2d(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::gridnd(h, B, a.get(2), &[a.get(0).clone(), a.get(1).clone()])
                }
                pub fn grid3d(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    let p = [a.get(0).clone(), a.get(1).clone(), a.get(2).clone()];
                    funcs::gridnd(h, B, a.get(3), &p)
                }
                pub fn vander(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::vander(h, B, a.get(0), a.get(1))
                }
                pub fn vander2d(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::vander_nd(h, B, &[a.get(0).clone(), a.get(1).clone()], a.get(2))
                }
                pub fn vander3d(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    let p = [a.get(0).clone(), a.get(1).clone(), a.get(2).clone()];
                    funcs::vander_nd(h, B, &p, a.get(3))
                }
                pub fn fit(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    let full = truth(a.get(4))?;
                    funcs::fit(h, B, a.get(0), a.get(1), a.get(2), a.get(3), full, a.get(5))
                }
                pub fn roots(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::roots(h, B, a.get(0))
                }
                pub fn companion(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::companion(B, a.get(0))
                }
                pub fn der(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::der(h, B, a.get(0), a.get(1), a.get(2), a.get(3))
                }
                pub fn int(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    let (c, m, k, l, s) = (a.get(0), a.get(1), a.get(2), a.get(3), a.get(4));
                    funcs::int(h, B, c, m, k, l, s, a.get(5))
                }
                pub fn add(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::add(a.get(0), a.get(1))
                }
                pub fn sub(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::sub(a.get(0), a.get(1))
                }
                pub fn mul(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::mul(B, a.get(0), a.get(1))
                }
                pub fn mulx(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::mulx(B, a.get(0))
                }
                pub fn div(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::div(B, a.get(0), a.get(1))
                }
                pub fn pow(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::pow(h, B, a.get(0), a.get(1), a.get(2))
                }
                pub fn fromroots(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::fromroots(B, a.get(0))
                }
                pub fn line(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::line(h, B, a.get(0), a.get(1))
                }
                pub fn trim(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    funcs::trimcoef(a.get(0), a.get(1))
                }
            }
        )*};
    }

    basis_imps! {
        poly = Basis::Poly;
        cheb = Basis::Cheb;
        leg = Basis::Leg;
        herm = Basis::Herm;
        herme = Basis::HermE;
        lag = Basis::Lag;
    }

    macro_rules! basis_extras {
        ($($m:ident = $b:expr;)*) => {$(
            pub mod $m {
                use super::*;
                use crate::numpy::polynomial::quadrature;
                const B: Basis = $b;
                pub fn from_power(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    quadrature::from_power(B, a.get(0))
                }
                pub fn to_power(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    quadrature::to_power(B, a.get(0))
                }
                pub fn weight(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    quadrature::weight(h, B, a.get(0))
                }
                pub fn gauss(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
                    quadrature::gauss(h, B, a.get(0))
                }
            }
        )*};
    }

    basis_extras! {
        cheb_extra = Basis::Cheb;
        leg_extra = Basis::Leg;
        herm_extra = Basis::Herm;
        herme_extra = Basis::HermE;
        lag_extra = Basis::Lag;
    }

    /// `chebpts1(npts)`.
    pub fn chebpts1(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
        super::quadrature::chebpts1(h, a.get(0))
    }

    /// `chebpts2(npts)`.
    pub fn chebpts2(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
        super::quadrature::chebpts2(h, a.get(0))
    }

    /// `chebinterpolate(func, deg, args=())`.
    pub fn chebinterpolate(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
        super::quadrature::chebinterpolate(h, a.get(0), a.get(1), a.get(2))
    }

    /// `polyvalfromroots(x, r, tensor=True)`.
    pub fn polyvalfromroots(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
        let tensor = truth(a.get(2))?;
        super::quadrature::valfromroots(h, a.get(0), a.get(1), tensor)
    }

    pub(crate) use class::imp as methods;
    pub(crate) use class::set_default_printstyle;

    /// `polyutils.as_series(alist, trim=True)`.
    pub fn as_series(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
        let trim = truth(a.get(1))?;
        let items = crate::py::iter::to_vec(a.get(0))?;
        let mut series = items
            .iter()
            .map(|v| funcs::as_series(v, trim))
            .collect::<Result<Vec<_>>>()?;
        if series.iter().any(|s| matches!(s, funcs::Series::C(_))) {
            series = series
                .into_iter()
                .map(|s| match s {
                    funcs::Series::R(v) => funcs::Series::C(
                        v.into_iter()
                            .map(|x| num_complex::Complex64::new(x, 0.0))
                            .collect(),
                    ),
                    c => c,
                })
                .collect();
        }
        let refs: Vec<&Value> = items.iter().collect();
        let dt = funcs::common_type(&refs)?;
        let values = series
            .into_iter()
            .map(|s| funcs::narrow(s.value()?, dt))
            .collect::<Result<Vec<_>>>()?;
        Ok(Value::list(values))
    }

    /// `polyutils.trimseq(seq)`.
    pub fn trimseq(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
        use crate::numpy::compose::{cmp, item, slice};
        use xpush_lang::ast::CmpOp;
        let seq = a.get(0).clone();
        let n = funcs::py_len(h, &seq)?;
        let nonzero = |v: &Value| -> Result<bool> { truth(&cmp(CmpOp::NotEq, v, &Value::Int(0))?) };
        if n == 0 || nonzero(&item(&seq, Value::Int(n - 1))?)? {
            return Ok(seq);
        }
        let mut i = n - 1;
        while i > 0 && !nonzero(&item(&seq, Value::Int(i))?)? {
            i -= 1;
        }
        item(&seq, slice(None, Some(i + 1), None))
    }

    /// `polyutils.trimcoef(c, tol=0)`.
    pub fn trimcoef(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
        funcs::trimcoef(a.get(0), a.get(1))
    }

    /// `polyutils.getdomain(x)`.
    pub fn getdomain(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
        funcs::getdomain(a.get(0))
    }

    /// `polyutils.mapparms(old, new)`.
    pub fn mapparms(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
        let (off, scl) = funcs::mapparms(h, a.get(0), a.get(1))?;
        Ok(Value::tuple(vec![off, scl]))
    }

    /// `polyutils.format_float(x, parens=False)`.
    pub fn format_float(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
        let parens = truth(a.get(1))?;
        Ok(Value::str(class::format_float(h, a.get(0), parens)?))
    }

    /// `polyutils.mapdomain(x, old, new)`.
    pub fn mapdomain(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
        funcs::mapdomain(h, a.get(0), a.get(1), a.get(2))
    }
}
