//! Fused arithmetic chains, the compile side: an arithmetic expression of
//! two or more `+`, `-`, `*`, `/` and unary `-` over names and numbers
//! becomes an [`ExKind::Chain`], which the evaluator runs as one fused
//! pass when its names hold large float arrays (see [`Chain`]).

use xpush_lang::ast::{BinOp, UnaryOp};
use xpush_npu::ops::{BinaryOp, ChainStep};
use xpush_stdlib::value::Value;

use crate::ir::{Chain, Ex, ExKind, NameRef, Slot};

/// `ex` (a compiled binary operation) as a [`Chain`] when it is one,
/// else its kind unchanged. Chains nested inside it are unwrapped first:
/// only the outermost one tries the fused pass.
pub(crate) fn wrap(mut ex: Ex) -> ExKind {
    unwrap_inner(&mut ex);
    let mut steps = Vec::new();
    let mut names: Vec<NameRef> = Vec::new();
    if !postfix(&ex, &mut steps, &mut names) {
        return ex.kind;
    }
    let ops = steps
        .iter()
        .filter(|s| matches!(s, ChainStep::Neg | ChainStep::Binary(_)))
        .count();
    if ops < 2 || names.is_empty() {
        return ex.kind;
    }
    ExKind::Chain(Box::new(Chain {
        expr: ex,
        steps,
        names,
    }))
}

/// Replaces every chain among `ex`'s operands (and theirs) by its plain
/// expression.
fn unwrap_inner(ex: &mut Ex) {
    let children: Vec<&mut Box<Ex>> = match &mut ex.kind {
        ExKind::Binary(_, a, b) => vec![a, b],
        ExKind::Unary(_, a) => vec![a],
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
/// chain's (a call, an attribute, a string, a power, ...).
fn postfix(ex: &Ex, steps: &mut Vec<ChainStep>, names: &mut Vec<NameRef>) -> bool {
    match &ex.kind {
        ExKind::Binary(op, a, b) => {
            let op = match op {
                BinOp::Add => BinaryOp::Add,
                BinOp::Sub => BinaryOp::Subtract,
                BinOp::Mul => BinaryOp::Multiply,
                BinOp::Div => BinaryOp::TrueDivide,
                _ => return false,
            };
            let ok = postfix(a, steps, names) && postfix(b, steps, names);
            steps.push(ChainStep::Binary(op));
            ok
        }
        ExKind::Unary(UnaryOp::Neg, a) => {
            let ok = postfix(a, steps, names);
            steps.push(ChainStep::Neg);
            ok
        }
        ExKind::Const(c) => match c.0 {
            // Exactly representable in float64 as NumPy converts it.
            Value::Int(i) if i.unsigned_abs() <= 1 << 53 => {
                steps.push(ChainStep::Number(i as f64, true));
                true
            }
            Value::Float(f) => {
                steps.push(ChainStep::Number(f, false));
                true
            }
            _ => false,
        },
        ExKind::Name(n) if !matches!(n.slot, Slot::Cell(_)) => {
            let i = names
                .iter()
                .position(|m| m.slot == n.slot)
                .unwrap_or_else(|| {
                    names.push(n.clone());
                    names.len() - 1
                });
            steps.push(ChainStep::Input(i));
            true
        }
        _ => false,
    }
}
