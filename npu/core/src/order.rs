//! NumPy's sort order of elements: NaN after every number (NaNs equal),
//! `-0.0 == 0.0`, complex values lexicographic with NaN classes last. The
//! cpu backend's sort and the routines that compare elements (sets,
//! histograms, medians) all use it.

use std::cmp::Ordering;

use crate::dtype::Elem;

/// Two floats in NumPy's sort order: NaN after everything, NaNs equal,
/// `-0.0 == 0.0`.
pub fn float_cmp(x: f64, y: f64) -> Ordering {
    match (x.is_nan(), y.is_nan()) {
        (false, false) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
    }
}

/// Two complex values in NumPy's order: `R + Rj < R + nanj < nan + Rj <
/// nan + nanj`, lexicographic within the first class.
fn complex_cmp(a: (f64, f64), b: (f64, f64)) -> Ordering {
    let class = |(re, im): (f64, f64)| 2 * u8::from(re.is_nan()) + u8::from(im.is_nan());
    let (ca, cb) = (class(a), class(b));
    if ca != cb {
        return ca.cmp(&cb);
    }
    match ca {
        0 => float_cmp(a.0, b.0).then(float_cmp(a.1, b.1)),
        1 => float_cmp(a.0, b.0),
        2 => float_cmp(a.1, b.1),
        _ => Ordering::Equal,
    }
}

/// NumPy's sort order of two elements (of one dtype, or mixed kinds
/// compared as numbers).
pub fn np_cmp(a: Elem, b: Elem) -> Ordering {
    match (a, b) {
        (Elem::Int(x), Elem::Int(y)) => x.cmp(&y),
        (Elem::UInt(x), Elem::UInt(y)) => x.cmp(&y),
        (Elem::Bool(x), Elem::Bool(y)) => x.cmp(&y),
        (Elem::Float(x), Elem::Float(y)) => float_cmp(x, y),
        (Elem::Int(x), Elem::UInt(y)) => i128::from(x).cmp(&i128::from(y)),
        (Elem::UInt(x), Elem::Int(y)) => i128::from(x).cmp(&i128::from(y)),
        (Elem::Complex(..), _) | (_, Elem::Complex(..)) => {
            complex_cmp(a.as_complex(), b.as_complex())
        }
        _ => float_cmp(a.as_f64(), b.as_f64()),
    }
}

/// Whether an element is NaN (a complex one when either part is).
pub fn is_nan(e: Elem) -> bool {
    match e {
        Elem::Float(x) => x.is_nan(),
        Elem::Complex(re, im) => re.is_nan() || im.is_nan(),
        _ => false,
    }
}
