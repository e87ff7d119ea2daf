//! NumPy's ufunc loops: each elementwise op's loop list (`np.add.types`,
//! carried by [`UnaryOp::loops`] and [`BinaryOp::loops`]) parsed once, and
//! NumPy's legacy type resolution over it, [`find_loop`].

use std::sync::OnceLock;

use crate::dtype::DType;
use crate::error::{Error, ExcKind, Result};
use crate::op::{BinaryOp, Op, UnaryOp};
use crate::promote::{can_cast, Casting};

/// A parsed ufunc loop: input dtypes and output dtype.
pub type Loop = (Vec<DType>, DType);

fn loop_char(c: char) -> Option<DType> {
    Some(match c {
        '?' => DType::Bool,
        'b' => DType::Int8,
        'B' => DType::UInt8,
        'h' => DType::Int16,
        'H' => DType::UInt16,
        'i' => DType::Int32,
        'I' => DType::UInt32,
        'l' | 'q' => DType::Int64,
        'L' | 'Q' => DType::UInt64,
        'e' => DType::Float16,
        'f' => DType::Float32,
        'd' => DType::Float64,
        'F' => DType::Complex64,
        'D' => DType::Complex128,
        _ => return None,
    })
}

/// Parses a loop list; each float16 loop is followed by the same loop in
/// bfloat16 (xpush's choice: bfloat16 is resolved like float16, after it).
fn parse_loops(s: &str) -> Vec<Loop> {
    let mut out = Vec::new();
    for sig in s.split_whitespace() {
        let Some((ins, o)) = sig.split_once("->") else {
            continue;
        };
        let ins: Option<Vec<DType>> = ins.chars().map(loop_char).collect();
        let (Some(ins), Some(o)) = (ins, o.chars().next().and_then(loop_char)) else {
            continue;
        };
        let half = ins.contains(&DType::Float16) || o == DType::Float16;
        let l = (ins, o);
        if half {
            let swap = |d: DType| {
                if d == DType::Float16 {
                    DType::BFloat16
                } else {
                    d
                }
            };
            let b = (l.0.iter().map(|&d| swap(d)).collect(), swap(l.1));
            out.push(l);
            out.push(b);
        } else {
            out.push(l);
        }
    }
    out
}

/// The parsed loops of an elementwise op (none for other ops).
pub fn loops_of(op: Op) -> &'static [Loop] {
    static UNARY: OnceLock<Vec<Vec<Loop>>> = OnceLock::new();
    static BINARY: OnceLock<Vec<Vec<Loop>>> = OnceLock::new();
    match op {
        Op::Unary(u) => {
            let t = UNARY.get_or_init(|| {
                UnaryOp::ALL
                    .iter()
                    .map(|u| parse_loops(u.loops()))
                    .collect()
            });
            &t[u as usize]
        }
        Op::Binary(b) => {
            let t = BINARY.get_or_init(|| {
                BinaryOp::ALL
                    .iter()
                    .map(|b| parse_loops(b.loops()))
                    .collect()
            });
            &t[b as usize]
        }
        _ => &[],
    }
}

/// NumPy's error when no loop takes the inputs safely.
pub fn no_loop(name: &str) -> Error {
    Error::type_error(format!(
        "ufunc '{name}' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"
    ))
}

/// Ufuncs NumPy resolves with promoters only (no legacy linear search):
/// bool does not cast into their integer loops, and a miss is a
/// `UFuncTypeError` naming the DType classes.
fn promoter_only(op: Op) -> bool {
    matches!(
        op,
        Op::Binary(BinaryOp::Gcd | BinaryOp::Lcm) | Op::Unary(UnaryOp::Positive | UnaryOp::Sign)
    )
}

/// NumPy's legacy type resolution: the first loop every input casts to
/// safely.
pub fn find_loop(op: Op, name: &str, ins: &[DType]) -> Result<&'static Loop> {
    let strict = promoter_only(op);
    // A promoter takes the inputs' common dtype to the loops: bool with
    // int32 is int32 (`np.gcd(True, 3)`), bool alone stays bool, which
    // no integer loop takes.
    let common = ins.iter().copied().reduce(crate::promote::promote_types);
    loops_of(op)
        .iter()
        .find(|(li, _)| {
            li.len() == ins.len()
                && li.iter().zip(ins).all(|(&l, &i)| match common {
                    Some(c) if strict => (l.is_bool() || !c.is_bool()) && can_cast(c, l, Casting::Safe),
                    _ => can_cast(i, l, Casting::Safe),
                })
        })
        .ok_or_else(|| {
            if strict {
                let classes: Vec<String> = ins.iter().map(|&d| d.class_repr()).collect();
                let sig = if classes.len() == 1 {
                    classes[0].clone()
                } else {
                    format!("({})", classes.join(", "))
                };
                Error::new(
                    ExcKind::UFuncTypeError,
                    format!("ufunc '{name}' did not contain a loop with signature matching types {sig} -> None"),
                )
            } else {
                no_loop(name)
            }
        })
}
