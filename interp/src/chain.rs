//! Fused arithmetic chains, the compile side: an arithmetic expression of
//! two or more `+`, `-`, `*`, `/`, unary `-`, `x**2`, calls of
//! `np.sqrt`, `np.abs`/`np.absolute`, `np.square` and `np.negative`, and
//! `np.where` of a comparison (`np.where(m > 0, m, 0.1 * m)`) over names
//! and numbers becomes an [`ExKind::Chain`], which the evaluator runs as
//! one fused pass when its names hold large float arrays and the
//! functions called are NumPy's (see [`Chain`]).

use std::rc::Rc;

use xpush_lang::ast::{BinOp, UnaryOp as PyUnary};
use xpush_npu::ops::{BinaryOp, ChainStep, UnaryOp};
use xpush_stdlib::value::Value;

use crate::ir::{Chain, ChainCall, Ex, ExKind, NameRef, Slot};

/// The NumPy functions a chain can call, by the name written, with their
/// entry's name in `numpy`, the step they are and how many arguments
/// they take.
const CALLS: [(&str, &str, ChainStep, usize); 6] = [
    ("sqrt", "sqrt", ChainStep::Unary(UnaryOp::Sqrt), 1),
    ("abs", "absolute", ChainStep::Unary(UnaryOp::Absolute), 1),
    (
        "absolute",
        "absolute",
        ChainStep::Unary(UnaryOp::Absolute),
        1,
    ),
    ("square", "square", ChainStep::Unary(UnaryOp::Square), 1),
    (
        "negative",
        "negative",
        ChainStep::Unary(UnaryOp::Negative),
        1,
    ),
    ("where", "where", ChainStep::Where, 3),
];

/// What one chain collects while its postfix steps are built.
#[derive(Default)]
struct Parts {
    steps: Vec<ChainStep>,
    names: Vec<NameRef>,
    calls: Vec<ChainCall>,
}

/// `ex` (a compiled binary operation or call) as a [`Chain`] when it is
/// one, else its kind unchanged. The chains nested inside a chain are
/// unwrapped: only the outermost one tries the fused pass.
pub(crate) fn wrap(mut ex: Ex) -> ExKind {
    let mut parts = Parts::default();
    if !postfix(&ex, &mut parts) {
        return ex.kind;
    }
    let ops = parts
        .steps
        .iter()
        .filter(|s| !matches!(s, ChainStep::Input(_) | ChainStep::Number(..)))
        .count();
    if ops < 2 || parts.names.is_empty() {
        return ex.kind;
    }
    unwrap_inner(&mut ex);
    ExKind::Chain(Box::new(Chain {
        expr: ex,
        steps: parts.steps,
        names: parts.names,
        calls: parts.calls,
    }))
}

/// Replaces every chain among `ex`'s operands (and theirs) by its plain
/// expression.
fn unwrap_inner(ex: &mut Ex) {
    let children: Vec<&mut Ex> = match &mut ex.kind {
        ExKind::Binary(_, a, b) => vec![&mut **a, &mut **b],
        ExKind::Unary(_, a) => vec![&mut **a],
        ExKind::CallPos(_, args, _) => args.iter_mut().collect(),
        ExKind::Compare(a, rest) => std::iter::once(&mut **a)
            .chain(rest.iter_mut().map(|(_, b)| b))
            .collect(),
        _ => return,
    };
    for child in children {
        if let ExKind::Chain(c) = &mut child.kind {
            let inner = std::mem::replace(
                &mut c.expr.kind,
                ExKind::Invalid("an unwrapped chain".into()),
            );
            child.kind = inner;
        }
        unwrap_inner(child);
    }
}

/// Appends `ex`'s postfix steps; false when something in it is not a
/// chain's (another call, an attribute, a string, another power, ...).
fn postfix(ex: &Ex, parts: &mut Parts) -> bool {
    match &ex.kind {
        ExKind::Binary(BinOp::Pow, a, b) => {
            // `x**2` is `np.square(x)` for a float array (NumPy's
            // fast_scalar_power).
            let two = matches!(&b.kind, ExKind::Const(c) if matches!(c.0, Value::Int(2)));
            let ok = two && postfix(a, parts);
            parts.steps.push(ChainStep::Unary(UnaryOp::Square));
            ok
        }
        ExKind::Binary(op, a, b) => {
            let op = match op {
                BinOp::Add => BinaryOp::Add,
                BinOp::Sub => BinaryOp::Subtract,
                BinOp::Mul => BinaryOp::Multiply,
                BinOp::Div => BinaryOp::TrueDivide,
                _ => return false,
            };
            let ok = postfix(a, parts) && postfix(b, parts);
            parts.steps.push(ChainStep::Binary(op));
            ok
        }
        ExKind::Unary(PyUnary::Neg, a) => {
            let ok = postfix(a, parts);
            parts.steps.push(ChainStep::Unary(UnaryOp::Negative));
            ok
        }
        ExKind::CallPos(f, args, _) => {
            let Some(call) = numpy_call(f, args.len()) else {
                return false;
            };
            let step = call.step;
            parts.calls.push(call);
            let ok = args.iter().all(|a| postfix(a, parts));
            parts.steps.push(step);
            ok
        }
        // One comparison (`m > 0`): `np.where`'s mask.
        ExKind::Compare(a, rest) if rest.len() == 1 => {
            let (op, b) = &rest[0];
            let Some(op) = xpush_stdlib::numpy::arith::comparison_ufunc(*op) else {
                return false;
            };
            let ok = postfix(a, parts) && postfix(b, parts);
            parts.steps.push(ChainStep::Compare(op));
            ok
        }
        ExKind::Chain(c) => postfix(&c.expr, parts),
        ExKind::Const(c) => match c.0 {
            // Exactly representable in float64 as NumPy converts it.
            Value::Int(i) if i.unsigned_abs() <= 1 << 53 => {
                parts.steps.push(ChainStep::Number(i as f64, true));
                true
            }
            Value::Float(f) => {
                parts.steps.push(ChainStep::Number(f, false));
                true
            }
            _ => false,
        },
        ExKind::Name(n) if !matches!(n.slot, Slot::Cell(_)) => {
            let names = &mut parts.names;
            let i = names
                .iter()
                .position(|m| m.slot == n.slot)
                .unwrap_or_else(|| {
                    names.push(n.clone());
                    names.len() - 1
                });
            parts.steps.push(ChainStep::Input(i));
            true
        }
        _ => false,
    }
}

/// The call of one of [`CALLS`] with `nargs` arguments by a name
/// (`sqrt(x)`) or a module attribute (`np.sqrt(x)`), to be checked when
/// it runs.
fn numpy_call(f: &Ex, nargs: usize) -> Option<ChainCall> {
    let (module, written) = match &f.kind {
        ExKind::Name(n) if !matches!(n.slot, Slot::Cell(_)) => (None, n.clone()),
        ExKind::Attr(m, attr) => match &m.kind {
            ExKind::Name(n) if !matches!(n.slot, Slot::Cell(_)) => {
                (Some(Rc::clone(attr)), n.clone())
            }
            _ => return None,
        },
        _ => return None,
    };
    let shown = module.as_deref().unwrap_or(&written.name);
    let &(_, entry, step, _) = CALLS
        .iter()
        .find(|(w, _, _, n)| *w == shown && *n == nargs)?;
    Some(ChainCall {
        name: written,
        attr: module,
        entry,
        step,
    })
}
