//! `numpy.testing`: the assertions NumPy's documentation and test suites
//! use (`assert_allclose`, `assert_array_equal`, `assert_equal`,
//! `assert_almost_equal`, `assert_array_almost_equal`, `assert_array_less`,
//! `assert_`). They pass silently or raise `AssertionError` with NumPy's
//! message: the header, the mismatch count and positions, the largest
//! absolute and relative differences, and both operands' reprs
//! (numpy/testing/_private/utils.py, `assert_array_compare` and
//! `build_err_msg`).

use xpush_lang::ast::{BinOp, CmpOp};
use xpush_npu::print;

use super::compose::{cmp, item, method, np, np_kw, truth};
use super::conv::as_array;
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, ExcKind, Result};

/// The entries (`numpy.testing`).
pub const FUNCS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::ISCLOSE_ALL, runs = Dispatch, Function, NumpyTesting, "numpy.testing", "assert_allclose", "(actual, desired, rtol=1e-07, atol=0, equal_nan=True, err_msg='', verbose=True, *, strict=False)", assert_allclose,
        "Raises AssertionError unless |actual - desired| <= atol + rtol * |desired| everywhere (NaNs equal by default).",
        ["np.testing.assert_allclose([1.0, 2.0], [1.0, 2.0 + 1e-9])  # None"]),
    entry!(npu = crate::coverage::how::ISCLOSE_ALL, runs = Dispatch, Function, NumpyTesting, "numpy.testing", "assert_array_equal", "(actual, desired, err_msg='', verbose=True, *, strict=False)", assert_array_equal,
        "Raises AssertionError unless the arrays have one shape (or a scalar) and equal elements (NaNs equal).",
        ["np.testing.assert_array_equal([1, 2], [1, 2])  # None"]),
    entry!(npu = crate::coverage::how::ISCLOSE_ALL, runs = Dispatch, Function, NumpyTesting, "numpy.testing", "assert_array_almost_equal", "(actual, desired, decimal=6, err_msg='', verbose=True)", assert_array_almost_equal,
        "Raises AssertionError unless abs(desired - actual) < 1.5 * 10**(-decimal) everywhere.",
        ["np.testing.assert_array_almost_equal([1.0, 2.0], [1.0, 2.0000001])  # None"]),
    entry!(npu = crate::coverage::how::ISCLOSE_ALL, runs = Dispatch, Function, NumpyTesting, "numpy.testing", "assert_array_less", "(x, y, err_msg='', verbose=True, *, strict=False)", assert_array_less,
        "Raises AssertionError unless x < y everywhere.",
        ["np.testing.assert_array_less([1, 2], [2, 3])  # None"]),
    entry!(npu = crate::coverage::how::ISCLOSE_ALL, runs = Dispatch, Function, NumpyTesting, "numpy.testing", "assert_equal", "(actual, desired, err_msg='', verbose=True, *, strict=False)", assert_equal,
        "Raises AssertionError unless the values are equal: dicts, lists and tuples item by item, arrays elementwise, NaN equal to NaN.",
        ["np.testing.assert_equal([1, np.nan], [1, np.nan])  # None", "np.testing.assert_equal(1, 2)  # AssertionError: \nItems are not equal:\n ACTUAL: 1\n DESIRED: 2"]),
    entry!(npu = crate::coverage::how::ISCLOSE_ALL, runs = Dispatch, Function, NumpyTesting, "numpy.testing", "assert_almost_equal", "(actual, desired, decimal=7, err_msg='', verbose=True)", assert_almost_equal,
        "Raises AssertionError unless abs(desired - actual) < 1.5 * 10**(-decimal).",
        ["np.testing.assert_almost_equal(1.0, 1.00000001)  # None"]),
    entry!(Function, NumpyTesting, "numpy.testing", "assert_", "(val, msg='')", assert_,
        "Raises AssertionError(msg) unless val is true (unlike assert, also under python -O).",
        ["np.testing.assert_(True)  # None"]),
];

/// Which elementwise test an array comparison runs.
#[derive(Clone, Copy)]
enum Compare {
    /// `x == y`.
    Equal,
    /// `isclose(x, y, rtol, atol, equal_nan)`.
    Close(f64, f64, bool),
    /// `abs(x - y) < 1.5 * 10**-decimal`.
    Almost(i64),
    /// `x < y`.
    Less,
}

/// The parameters of one `assert_array_compare` call.
struct Check<'a> {
    compare: Compare,
    err_msg: String,
    verbose: bool,
    header: String,
    precision: usize,
    equal_nan: bool,
    equal_inf: bool,
    strict: bool,
    names: (&'a str, &'a str),
}

fn fail(msg: String) -> Error {
    Error::new(ExcKind::AssertionError, msg)
}

/// `repr` of an operand as NumPy's `build_err_msg` shows it: arrays with
/// `precision` digits, at most four lines.
fn shown(v: &Value, precision: usize) -> String {
    let r = match v {
        Value::Array(a) => {
            let mut o = super::printopts::get();
            o.precision = precision;
            print::array_repr(a, &o)
        }
        other => crate::ops::repr(other),
    };
    if r.matches('\n').count() > 3 {
        let head: Vec<&str> = r.lines().take(3).collect();
        return format!("{}...", head.join("\n"));
    }
    r
}

/// NumPy's `build_err_msg`.
fn build_err_msg(
    arrays: [&Value; 2],
    err_msg: &str,
    header: &str,
    verbose: bool,
    names: (&str, &str),
    precision: usize,
) -> String {
    let mut msg = vec![format!("\n{header}")];
    if !err_msg.is_empty() {
        if !err_msg.contains('\n') && err_msg.chars().count() + header.chars().count() < 79 {
            msg[0] = format!("{} {err_msg}", msg[0]);
        } else {
            msg.push(err_msg.to_string());
        }
    }
    if verbose {
        msg.push(format!(" {}: {}", names.0, shown(arrays[0], precision)));
        msg.push(format!(" {}: {}", names.1, shown(arrays[1], precision)));
    }
    msg.join("\n")
}

/// `array2string` of a 0-d result, as the remarks print differences.
fn scalar_text(v: &Value) -> Result<String> {
    let a = as_array(v)?;
    Ok(print::array2string(
        &a,
        &super::printopts::get(),
        " ",
        "",
        75,
    ))
}

/// `str()` of a NumPy value.
fn text(v: &Value) -> String {
    crate::ops::to_str(v)
}

fn shape_text(v: &Value) -> Result<String> {
    Ok(crate::ops::repr(&super::compose::shape_value(
        as_array(v)?.shape(),
    )))
}

/// Whether an array's dtype is numeric (bool, integer, float or complex).
fn is_number(v: &Value) -> Result<bool> {
    Ok(as_array(v).is_ok())
}

/// NumPy's `func_assert_same_pos`: `x` and `y` must have the special value
/// at the same places; returns where they have it.
fn same_pos(host: &mut dyn Host, c: &Check, x: &Value, y: &Value, which: &str) -> Result<Value> {
    let find = |host: &mut dyn Host, v: &Value| -> Result<Value> {
        match which {
            "nan" => np(host, "isnan", vec![v.clone()]),
            "+inf" => cmp(CmpOp::Eq, v, &Value::Float(f64::INFINITY)),
            _ => cmp(CmpOp::Eq, v, &Value::Float(f64::NEG_INFINITY)),
        }
    };
    let (xi, yi) = (find(host, x)?, find(host, y)?);
    let same = np(host, "all", vec![cmp(CmpOp::Eq, &xi, &yi)?])?;
    if !truth(&same)? {
        return Err(fail(build_err_msg(
            [x, y],
            &format!("{}\n{which} location mismatch:", c.err_msg),
            &c.header,
            c.verbose,
            c.names,
            c.precision,
        )));
    }
    // A 0-d side (a scalar operand) stands for both, else y's positions.
    Ok(if as_array(&xi)?.ndim() == 0 { xi } else { yi })
}

/// NumPy's `assert_array_compare`.
fn compare_arrays(host: &mut dyn Host, c: &Check, x: &Value, y: &Value) -> Result<Value> {
    let ox = np(host, "asanyarray", vec![x.clone()])?;
    let oy = np(host, "asanyarray", vec![y.clone()])?;
    let (xa, ya) = (as_array(&ox)?, as_array(&oy)?);
    let cond = if c.strict {
        xa.shape() == ya.shape() && xa.dtype() == ya.dtype()
    } else {
        xa.ndim() == 0 || ya.ndim() == 0 || xa.shape() == ya.shape()
    };
    if !cond {
        let reason = if xa.shape() != ya.shape() {
            format!(
                "\n(shapes {}, {} mismatch)",
                shape_text(&ox)?,
                shape_text(&oy)?
            )
        } else {
            format!(
                "\n(dtypes {}, {} mismatch)",
                xa.dtype().name(),
                ya.dtype().name()
            )
        };
        return Err(fail(build_err_msg(
            [&ox, &oy],
            &format!("{}{reason}", c.err_msg),
            &c.header,
            c.verbose,
            c.names,
            c.precision,
        )));
    }
    let (mut x, mut y) = (ox.clone(), oy.clone());
    let mut flagged = Value::Scalar(xpush_npu::Scalar::Bool(false));
    if is_number(&x)? && is_number(&y)? {
        if c.equal_nan {
            flagged = same_pos(host, c, &x, &y, "nan")?;
        }
        if c.equal_inf {
            let p = same_pos(host, c, &x, &y, "+inf")?;
            flagged = crate::ops::binary(BinOp::BitOr, &flagged, &p)?;
            let n = same_pos(host, c, &x, &y, "-inf")?;
            flagged = crate::ops::binary(BinOp::BitOr, &flagged, &n)?;
        }
    }
    let flagged_a = as_array(&flagged)?;
    if flagged_a.ndim() > 0 {
        let keep = np(host, "logical_not", vec![flagged.clone()])?;
        x = item(&x, keep.clone())?;
        y = item(&y, keep)?;
        if as_array(&x)?.size() == 0 {
            return Ok(Value::None);
        }
    } else if truth(&flagged)? {
        return Ok(Value::None);
    }
    let val = match c.compare {
        Compare::Equal => cmp(CmpOp::Eq, &x, &y)?,
        Compare::Less => cmp(CmpOp::Lt, &x, &y)?,
        Compare::Close(rtol, atol, equal_nan) => np_kw(
            host,
            "isclose",
            vec![x.clone(), y.clone()],
            &[
                ("rtol", Value::Float(rtol)),
                ("atol", Value::Float(atol)),
                ("equal_nan", Value::Bool(equal_nan)),
            ],
        )?,
        Compare::Almost(decimal) => {
            let z = np(
                host,
                "absolute",
                vec![crate::ops::binary(BinOp::Sub, &x, &y)?],
            )?;
            let bound = 1.5 * 10f64.powi(-(decimal as i32));
            cmp(CmpOp::Lt, &z, &Value::Float(bound))?
        }
    };
    let invalids = np(host, "logical_not", vec![val.clone()])?;
    let reduced = np(host, "ravel", vec![val])?;
    if truth(&np(host, "all", vec![reduced.clone()])?)? {
        return Ok(Value::None);
    }
    let ra = as_array(&reduced)?;
    let n_true = crate::py::num::index_i64(&np(host, "count_nonzero", vec![reduced])?)?;
    let n_mismatch = ra.size() as i64 - n_true;
    let n_elements = if flagged_a.ndim() != 0 {
        flagged_a.size()
    } else {
        ra.size()
    } as i64;
    let percent = 100.0 * n_mismatch as f64 / n_elements as f64;
    let mut remarks = vec![format!(
        "Mismatched elements: {n_mismatch} / {n_elements} ({}%)",
        crate::py::format::format(&Value::Float(percent), ".3g")?
    )];
    if as_array(&invalids)?.ndim() != 0 {
        let positions = if flagged_a.ndim() > 0 {
            let kept = np(host, "logical_not", vec![flagged.clone()])?;
            let all = np(host, "argwhere", vec![kept])?;
            item(&all, invalids.clone())?
        } else {
            np(host, "argwhere", vec![invalids.clone()])?
        };
        let rows = crate::py::iter::to_vec(&positions)?;
        let (oxa, oya) = (as_array(&ox)?, as_array(&oy)?);
        let at = |v: &Value, a: &xpush_npu::Array, p: &Value| -> Result<String> {
            if a.ndim() == 0 {
                return Ok(text(v));
            }
            let idx = Value::tuple(crate::py::iter::to_vec(p)?);
            Ok(text(&item(v, idx)?))
        };
        let mut lines = Vec::new();
        for p in rows.iter().take(5) {
            let list = method(host, p, "tolist", Vec::new())?;
            lines.push(format!(
                " {}: {} ({}), {} ({})",
                crate::ops::repr(&list),
                at(&ox, &oxa, p)?,
                c.names.0,
                at(&oy, &oya, p)?,
                c.names.1
            ));
        }
        let s = lines.join("\n");
        remarks.push(match rows.len() {
            1 => format!("Mismatch at index:\n{s}"),
            2..=5 => format!("Mismatch at indices:\n{s}"),
            _ => format!("First 5 mismatches are at indices:\n{s}"),
        });
    }
    let diffs = super::fperr::ignoring(|| differences(host, &x, &y, &invalids));
    if let Ok(diffs) = diffs {
        remarks.extend(diffs);
    }
    let err = format!("{}\n{}", c.err_msg, remarks.join("\n"));
    Err(fail(build_err_msg(
        [&ox, &oy],
        &err,
        &c.header,
        c.verbose,
        c.names,
        c.precision,
    )))
}

/// The largest absolute and relative differences among the mismatches
/// (nothing when the operands cannot be subtracted, as NumPy skips them).
fn differences(host: &mut dyn Host, x: &Value, y: &Value, invalids: &Value) -> Result<Vec<String>> {
    let mut error = np(
        host,
        "absolute",
        vec![crate::ops::binary(BinOp::Sub, x, y)?],
    )?;
    if as_array(x)?.dtype().is_unsigned_integer() {
        let other = np(
            host,
            "absolute",
            vec![crate::ops::binary(BinOp::Sub, y, x)?],
        )?;
        error = np(host, "minimum", vec![error, other])?;
    }
    let reduced = item(&error, invalids.clone())?;
    let max_abs = np(host, "max", vec![reduced])?;
    let mut out = vec![format!(
        "Max absolute difference among violations: {}",
        scalar_text(&max_abs)?
    )];
    let nonzero = cmp(CmpOp::NotEq, y, &Value::Int(0))?;
    let both = np(host, "logical_and", vec![invalids.clone(), nonzero])?;
    let max_rel = if !truth(&np(host, "any", vec![both.clone()])?)? {
        Value::Float(f64::INFINITY)
    } else {
        let shape = Value::tuple(
            as_array(&error)?
                .shape()
                .iter()
                .map(|&n| Value::Int(n as i64))
                .collect(),
        );
        let ys = np(host, "broadcast_to", vec![y.clone(), shape])?;
        let e = item(&error, both.clone())?;
        let d = np(host, "absolute", vec![item(&ys, both)?])?;
        np(host, "max", vec![crate::ops::binary(BinOp::Div, &e, &d)?])?
    };
    let rel = match &max_rel {
        Value::Float(f) if f.is_infinite() => "inf".to_string(),
        v => scalar_text(v)?,
    };
    out.push(format!("Max relative difference among violations: {rel}"));
    Ok(out)
}

fn check<'a>(
    compare: Compare,
    err_msg: &Value,
    verbose: &Value,
    header: String,
    precision: usize,
) -> Result<Check<'a>> {
    Ok(Check {
        compare,
        err_msg: text(err_msg),
        verbose: truth(verbose)?,
        header,
        precision,
        equal_nan: true,
        equal_inf: true,
        strict: false,
        names: ("ACTUAL", "DESIRED"),
    })
}

fn float_of(v: &Value) -> Result<f64> {
    Ok(super::conv::to_scalar(v)?.as_f64())
}

fn assert_allclose(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (rtol, atol) = (float_of(a.get(2))?, float_of(a.get(3))?);
    let equal_nan = truth(a.get(4))?;
    let header = format!(
        "Not equal to tolerance rtol={}, atol={}",
        crate::py::format::format(&Value::Float(rtol), "g")?,
        crate::py::format::format(&Value::Float(atol), "g")?
    );
    let mut c = check(
        Compare::Close(rtol, atol, equal_nan),
        a.get(5),
        a.get(6),
        header,
        6,
    )?;
    c.equal_nan = equal_nan;
    c.strict = truth(a.get(7))?;
    compare_arrays(host, &c, a.get(0), a.get(1))
}

fn assert_array_equal(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut c = check(
        Compare::Equal,
        a.get(2),
        a.get(3),
        "Arrays are not equal".into(),
        6,
    )?;
    c.strict = truth(a.get(4))?;
    compare_arrays(host, &c, a.get(0), a.get(1))
}

fn assert_array_almost_equal(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let decimal = crate::py::num::index_i64(a.get(2))?;
    let header = format!("Arrays are not almost equal to {decimal} decimals");
    let c = check(
        Compare::Almost(decimal),
        a.get(3),
        a.get(4),
        header,
        decimal.max(0) as usize,
    )?;
    compare_arrays(host, &c, a.get(0), a.get(1))
}

fn assert_array_less(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let header = "Arrays are not strictly ordered `x < y`".to_string();
    let mut c = check(Compare::Less, a.get(2), a.get(3), header, 6)?;
    c.equal_inf = false;
    c.strict = truth(a.get(4))?;
    c.names = ("x", "y");
    compare_arrays(host, &c, a.get(0), a.get(1))
}

/// `assert_equal` of two values, with `err_msg` for the failure message.
fn equal(
    host: &mut dyn Host,
    actual: &Value,
    desired: &Value,
    err_msg: &str,
    verbose: &Value,
    strict: bool,
) -> Result<()> {
    if let Value::Dict(d) = desired {
        let Value::Dict(act) = actual else {
            return Err(fail(format!("<class '{}'>", crate::ops::type_name(actual))));
        };
        let (la, ld) = (act.borrow().len() as i64, d.borrow().len() as i64);
        equal(
            host,
            &Value::Int(la),
            &Value::Int(ld),
            err_msg,
            verbose,
            strict,
        )?;
        for (k, v) in d.borrow().pairs() {
            let got = act.borrow().get(&k)?;
            let Some(got) = got else {
                return Err(fail(crate::ops::repr(&k)));
            };
            let msg = format!("key={}\n{err_msg}", crate::ops::repr(&k));
            equal(host, &got, &v, &msg, verbose, strict)?;
        }
        return Ok(());
    }
    let seq = |v: &Value| matches!(v, Value::List(_) | Value::Tuple(_));
    if seq(desired) && seq(actual) {
        let (xs, ys) = (
            crate::py::iter::to_vec(actual)?,
            crate::py::iter::to_vec(desired)?,
        );
        equal(
            host,
            &Value::Int(xs.len() as i64),
            &Value::Int(ys.len() as i64),
            err_msg,
            verbose,
            strict,
        )?;
        for (k, (x, y)) in xs.iter().zip(&ys).enumerate() {
            equal(host, x, y, &format!("item={k}\n{err_msg}"), verbose, strict)?;
        }
        return Ok(());
    }
    if matches!(actual, Value::Array(_)) || matches!(desired, Value::Array(_)) {
        let mut c = check(
            Compare::Equal,
            &Value::str(err_msg),
            verbose,
            "Arrays are not equal".into(),
            6,
        )?;
        c.strict = strict;
        compare_arrays(host, &c, actual, desired)?;
        return Ok(());
    }
    let msg = || -> Result<Error> {
        Ok(fail(build_err_msg(
            [actual, desired],
            err_msg,
            "Items are not equal:",
            truth(verbose)?,
            ("ACTUAL", "DESIRED"),
            8,
        )))
    };
    let is_num = |v: &Value| {
        matches!(
            v,
            Value::Bool(_)
                | Value::Int(_)
                | Value::BigInt(_)
                | Value::Float(_)
                | Value::Complex(_)
                | Value::Scalar(_)
        )
    };
    if is_num(actual) && is_num(desired) {
        let nan = |host: &mut dyn Host, v: &Value| -> Result<bool> {
            truth(&np(host, "isnan", vec![v.clone()])?)
        };
        let complex = |v: &Value| {
            matches!(v, Value::Complex(_))
                || matches!(v, Value::Scalar(s) if s.dtype().is_complex())
        };
        if complex(actual) || complex(desired) {
            let parts = |host: &mut dyn Host, v: &Value| -> Result<(Value, Value)> {
                Ok((
                    np(host, "real", vec![v.clone()])?,
                    np(host, "imag", vec![v.clone()])?,
                ))
            };
            let ((ar, ai), (dr, di)) = (parts(host, actual)?, parts(host, desired)?);
            let scalar = |host: &mut dyn Host, v: Value| -> Result<Value> {
                item(&np(host, "asarray", vec![v])?, Value::tuple(Vec::new()))
            };
            let (ar, ai, dr, di) = (
                scalar(host, ar)?,
                scalar(host, ai)?,
                scalar(host, dr)?,
                scalar(host, di)?,
            );
            if equal(host, &ar, &dr, "", verbose, false).is_err()
                || equal(host, &ai, &di, "", verbose, false).is_err()
            {
                return Err(msg()?);
            }
            return Ok(());
        }
        let (an, dn) = (nan(host, actual)?, nan(host, desired)?);
        if an && dn {
            return Ok(());
        }
        let zero = |v: &Value| -> Result<bool> { truth(&cmp(CmpOp::Eq, v, &Value::Int(0))?) };
        if zero(actual)? && zero(desired)? {
            let sign = |host: &mut dyn Host, v: &Value| -> Result<bool> {
                truth(&np(host, "signbit", vec![v.clone()])?)
            };
            if sign(host, actual)? != sign(host, desired)? {
                return Err(msg()?);
            }
        }
    }
    if !truth(&cmp(CmpOp::Eq, desired, actual)?)? {
        return Err(msg()?);
    }
    Ok(())
}

fn assert_equal(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let strict = truth(a.get(4))?;
    equal(host, a.get(0), a.get(1), &text(a.get(2)), a.get(3), strict)?;
    Ok(Value::None)
}

fn assert_almost_equal(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (actual, desired) = (a.get(0), a.get(1));
    let decimal = crate::py::num::index_i64(a.get(2))?;
    if matches!(actual, Value::Array(_) | Value::List(_) | Value::Tuple(_))
        || matches!(desired, Value::Array(_) | Value::List(_) | Value::Tuple(_))
    {
        // The same parameters in the same places as assert_array_almost_equal.
        return assert_array_almost_equal(host, a);
    }
    let header = format!("Arrays are not almost equal to {decimal} decimals");
    let msg = || -> Result<Error> {
        Ok(fail(build_err_msg(
            [actual, desired],
            &text(a.get(3)),
            &header,
            truth(a.get(4))?,
            ("ACTUAL", "DESIRED"),
            8,
        )))
    };
    // NaN and infinities must be at the same place; otherwise the difference is bounded.
    let finite = |host: &mut dyn Host, v: &Value| -> Result<bool> {
        truth(&np(host, "isfinite", vec![v.clone()])?)
    };
    if !finite(host, actual)? || !finite(host, desired)? {
        let nan = |host: &mut dyn Host, v: &Value| -> Result<bool> {
            truth(&np(host, "isnan", vec![v.clone()])?)
        };
        let same = if nan(host, actual)? || nan(host, desired)? {
            nan(host, actual)? && nan(host, desired)?
        } else {
            truth(&cmp(CmpOp::Eq, actual, desired)?)?
        };
        return if same { Ok(Value::None) } else { Err(msg()?) };
    }
    let diff = np(
        host,
        "absolute",
        vec![crate::ops::binary(BinOp::Sub, desired, actual)?],
    )?;
    let bound = 1.5 * 10f64.powi(-(decimal as i32));
    if truth(&cmp(CmpOp::GtE, &diff, &Value::Float(bound))?)? {
        return Err(msg()?);
    }
    Ok(Value::None)
}

fn assert_(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if crate::ops::truthy(a.get(0))? {
        return Ok(Value::None);
    }
    Err(fail(text(a.get(1))))
}
