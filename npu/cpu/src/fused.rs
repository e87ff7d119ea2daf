//! Fused elementwise chains: an expression of `+`, `-`, `*`, `/`, unary
//! `-`, `np.square`, `np.sqrt`, `np.absolute` and `np.where` of a
//! comparison over float arrays of one shape and dtype and Python numbers
//! (`a * 2.0 + b * 3.0 - 1.0`, `np.sqrt(x**2 + y**2)`,
//! `np.where(m > 0, m, 0.1 * m)`), evaluated in one blocked pass on every
//! rayon thread instead of one full pass, and one full-size temporary,
//! per operator.
//!
//! Each block of [`BLOCK`] elements runs the chain's steps in order, every
//! operator on the whole block into a block-sized buffer that stays in the
//! L1 cache. Every element sees the same operations, in the same order and
//! dtype, as the unfused evaluation, so the bits are the same: these are
//! single IEEE operations (a square root is correctly rounded), which no
//! lane width or thread count changes (Rust never contracts `a * b + c`
//! into a fused multiply-add).
//!
//! NumPy's floating-point warnings come from results that are not finite
//! (division by zero, overflow, invalid); the pass reports whether any
//! operator produced such a value, and its caller then evaluates the chain
//! unfused, operator by operator, where each warning is raised as NumPy
//! raises it.

use num_traits::Float;
use rayon::prelude::*;

use xpush_core::array::Array;
use xpush_core::dtype::{DType, WithDType};
use xpush_core::error::{Error, Result};
use xpush_core::kernel::Run;
use xpush_core::op::{BinaryOp, UnaryOp};

/// Elements per block: with a few live buffers, a block of float64 stays
/// in a 48 KiB L1 cache.
const BLOCK: usize = 1024;

/// One step of a chain in postfix order (core's
/// [`FusedStep`](xpush_core::op::FusedStep), which the
/// ascend backend's fused launches read too).
pub use xpush_core::op::FusedStep as Step;

/// Whether `op` is a function a chain can hold.
pub fn fusable_unary(op: UnaryOp) -> bool {
    matches!(
        op,
        UnaryOp::Negative | UnaryOp::Square | UnaryOp::Sqrt | UnaryOp::Absolute
    )
}

/// Whether `op` is an operator a chain can hold.
pub fn fusable(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Add | BinaryOp::Subtract | BinaryOp::Multiply | BinaryOp::TrueDivide
    )
}

/// Whether `op` is a comparison a chain can hold (as `np.where`'s mask).
pub fn fusable_compare(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Less
            | BinaryOp::LessEqual
            | BinaryOp::Greater
            | BinaryOp::GreaterEqual
            | BinaryOp::Equal
            | BinaryOp::NotEqual
    )
}

/// An operand of one instruction.
#[derive(Clone, Copy, Debug)]
enum Arg<T> {
    /// The chain's `i`-th input array.
    Input(usize),
    /// A constant.
    Const(T),
    /// A block register (an earlier instruction's result).
    Reg(usize),
}

/// An instruction's operation.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// Of `x` alone.
    Unary(UnaryOp),
    /// Of `x` and `y`.
    Binary(BinaryOp),
    /// `np.where(x OP y, p, q)`.
    Select(BinaryOp),
}

/// One operator of a chain with its operands resolved: `out` is a
/// register none of its operands is in. `p` and `q` are a select's
/// choices (`x` for the other kinds).
#[derive(Clone, Copy, Debug)]
struct Instr<T> {
    op: Kind,
    x: Arg<T>,
    y: Arg<T>,
    p: Arg<T>,
    q: Arg<T>,
    out: usize,
}

/// A value on the stack while a plan is built: an operand, or a
/// comparison waiting for the `np.where` that takes it.
#[derive(Clone, Copy, Debug)]
enum Val<T> {
    Arg(Arg<T>),
    Mask(BinaryOp, Arg<T>, Arg<T>),
}

/// A chain as instructions over registers, each register a block-sized
/// buffer; the last instruction writes the result.
#[derive(Debug)]
struct Plan<T> {
    instrs: Vec<Instr<T>>,
    regs: usize,
}

fn malformed() -> Error {
    Error::runtime_error("internal: a malformed fused chain")
}

impl<T: Float + WithDType> Plan<T> {
    /// Resolves the postfix `steps`, `ins` inputs, to instructions: a
    /// result takes a free register before its operands' registers are
    /// freed, so no instruction writes a register it reads.
    fn new(steps: &[Step], ins: usize) -> Result<Plan<T>> {
        let mut stack: Vec<Val<T>> = Vec::new();
        let mut free: Vec<usize> = Vec::new();
        let mut plan = Plan {
            instrs: Vec::new(),
            regs: 0,
        };
        let arg = |stack: &mut Vec<Val<T>>| match stack.pop() {
            Some(Val::Arg(a)) => Ok(a),
            _ => Err(malformed()),
        };
        for step in steps {
            let (op, x, y, p, q) = match *step {
                Step::Input(k) if k < ins => {
                    stack.push(Val::Arg(Arg::Input(k)));
                    continue;
                }
                Step::Input(_) => return Err(malformed()),
                Step::Const(c) => {
                    let v = c.cast(T::DTYPE).get::<T>().ok_or_else(malformed)?;
                    stack.push(Val::Arg(Arg::Const(v)));
                    continue;
                }
                Step::Compare(op) if fusable_compare(op) => {
                    let y = arg(&mut stack)?;
                    let x = arg(&mut stack)?;
                    stack.push(Val::Mask(op, x, y));
                    continue;
                }
                Step::Unary(op) if fusable_unary(op) => {
                    let x = arg(&mut stack)?;
                    (Kind::Unary(op), x, x, x, x)
                }
                Step::Binary(op) if fusable(op) => {
                    let y = arg(&mut stack)?;
                    let x = arg(&mut stack)?;
                    (Kind::Binary(op), x, y, x, x)
                }
                Step::Where => {
                    let q = arg(&mut stack)?;
                    let p = arg(&mut stack)?;
                    let Some(Val::Mask(op, x, y)) = stack.pop() else {
                        return Err(malformed());
                    };
                    (Kind::Select(op), x, y, p, q)
                }
                Step::Unary(_) | Step::Binary(_) | Step::Compare(_) => return Err(malformed()),
            };
            let out = free.pop().unwrap_or_else(|| {
                plan.regs += 1;
                plan.regs - 1
            });
            for a in [x, y, p, q] {
                if let Arg::Reg(r) = a {
                    if !free.contains(&r) {
                        free.push(r);
                    }
                }
            }
            plan.instrs.push(Instr {
                op,
                x,
                y,
                p,
                q,
                out,
            });
            stack.push(Val::Arg(Arg::Reg(out)));
        }
        match (stack.as_slice(), plan.instrs.last()) {
            ([Val::Arg(Arg::Reg(r))], Some(last)) if *r == last.out => Ok(plan),
            _ => Err(malformed()),
        }
    }
}

/// Evaluates `steps` over `ins` (arrays of one float dtype and shape,
/// C-contiguous, on the host): the result, and whether some operator gave
/// a value that is not finite (then the caller must evaluate unfused to
/// raise NumPy's warnings).
pub fn chain(steps: &[Step], ins: &[&Array]) -> Result<(Array, bool)> {
    let first = ins
        .first()
        .ok_or_else(|| Error::runtime_error("internal: a fused chain without inputs"))?;
    match first.dtype() {
        DType::Float32 => chain_typed::<f32>(steps, ins),
        DType::Float64 => chain_typed::<f64>(steps, ins),
        d => Err(Error::runtime_error(format!(
            "internal: no fused chain of {d}"
        ))),
    }
}

fn chain_typed<T: Float + WithDType + Send + Sync>(
    steps: &[Step],
    ins: &[&Array],
) -> Result<(Array, bool)> {
    let plan = Plan::<T>::new(steps, ins.len())?;
    let shape = ins[0].shape().to_vec();
    let n = ins[0].size();
    let guards: Vec<_> = ins.iter().map(|a| a.storage().read()).collect();
    let mut slices: Vec<&[T]> = Vec::with_capacity(ins.len());
    for (a, g) in ins.iter().zip(&guards) {
        let off = a.layout().offset;
        let whole = a.shape() == shape.as_slice() && a.layout().is_c_contiguous();
        let s = g.as_slice::<T>()?.get(off..off + n).filter(|_| whole);
        slices.push(s.ok_or_else(|| {
            Error::runtime_error("internal: a fused chain input is not contiguous")
        })?);
    }
    let mut out = xpush_core::pool::take::<T>(n, &shape)?;
    let nonfinite = out
        .par_chunks_mut(BLOCK)
        .enumerate()
        .map_init(Vec::new, |regs: &mut Vec<Vec<T>>, (b, dst)| {
            let lo = b * BLOCK;
            let ins: Vec<&[T]> = slices.iter().map(|s| &s[lo..lo + dst.len()]).collect();
            block(&plan, &ins, dst, regs)
        })
        .reduce(|| false, |x, y| x | y);
    Ok((Array::from_vec(out, &shape)?, nonfinite))
}

/// Runs the plan over one block of the inputs into `dst`, `regs` its
/// block registers; whether some result was not finite.
fn block<T: Float>(plan: &Plan<T>, ins: &[&[T]], dst: &mut [T], regs: &mut Vec<Vec<T>>) -> bool {
    let len = dst.len();
    if regs.len() < plan.regs {
        regs.resize_with(plan.regs, || vec![T::zero(); BLOCK]);
    }
    let mut nonfinite = false;
    let (last, rest) = plan.instrs.split_last().expect("a plan has instructions");
    for i in rest {
        // The output register is taken out while its operands are read
        // from the others (it is none of them).
        let mut out = std::mem::take(&mut regs[i.out]);
        nonfinite |= apply(i, ins, regs, &mut out[..len]);
        regs[i.out] = out;
    }
    nonfinite | apply(last, ins, regs, dst)
}

/// One instruction over a block into `out`; whether some result is not
/// finite.
fn apply<T: Float>(i: &Instr<T>, ins: &[&[T]], regs: &[Vec<T>], out: &mut [T]) -> bool {
    let len = out.len();
    let run = |a: Arg<T>| match a {
        Arg::Input(k) => Run::Slice(&ins[k][..len]),
        Arg::Const(c) => Run::One(c),
        Arg::Reg(r) => Run::Slice(&regs[r][..len]),
    };
    let (x, y) = (run(i.x), run(i.y));
    match i.op {
        Kind::Select(op) => select(op, [x, y, run(i.p), run(i.q)], out),
        Kind::Unary(UnaryOp::Negative) => map2(x, x, out, |a, _| -a),
        Kind::Unary(UnaryOp::Square) => map2(x, x, out, |a, _| a * a),
        Kind::Unary(UnaryOp::Sqrt) => map2(x, x, out, |a, _| a.sqrt()),
        Kind::Unary(_) => map2(x, x, out, |a, _| a.abs()),
        Kind::Binary(BinaryOp::Add) => map2(x, y, out, |a, b| a + b),
        Kind::Binary(BinaryOp::Subtract) => map2(x, y, out, |a, b| a - b),
        Kind::Binary(BinaryOp::Multiply) => map2(x, y, out, |a, b| a * b),
        Kind::Binary(_) => map2(x, y, out, |a, b| a / b),
    }
    !all_finite(out)
}

/// `out[i] = f(x[i], y[i])`, one loop per kind of operand (each
/// vectorises).
#[inline(always)]
fn map2<T: Float>(x: Run<'_, T>, y: Run<'_, T>, out: &mut [T], f: impl Fn(T, T) -> T) {
    match (x, y) {
        (Run::Slice(a), Run::Slice(b)) => {
            for ((o, &a), &b) in out.iter_mut().zip(a).zip(b) {
                *o = f(a, b);
            }
        }
        (Run::Slice(a), Run::One(b)) => {
            for (o, &a) in out.iter_mut().zip(a) {
                *o = f(a, b);
            }
        }
        (Run::One(a), Run::Slice(b)) => {
            for (o, &b) in out.iter_mut().zip(b) {
                *o = f(a, b);
            }
        }
        (Run::One(a), Run::One(b)) => out.fill(f(a, b)),
    }
}

/// `out[i] = if x[i] OP y[i] { p[i] } else { q[i] }` for `[x, y, p, q]`,
/// IEEE comparisons (false with a NaN, but for `!=`).
fn select<T: Float>(op: BinaryOp, [x, y, p, q]: [Run<'_, T>; 4], out: &mut [T]) {
    #[inline(always)]
    fn at<T: Copy>(r: &Run<'_, T>, i: usize) -> T {
        match r {
            Run::Slice(s) => s[i],
            Run::One(c) => *c,
        }
    }
    macro_rules! pick {
        ($test:expr) => {
            for (i, o) in out.iter_mut().enumerate() {
                *o = if $test(at(&x, i), at(&y, i)) {
                    at(&p, i)
                } else {
                    at(&q, i)
                };
            }
        };
    }
    match op {
        BinaryOp::Less => pick!(|a: T, b: T| a < b),
        BinaryOp::LessEqual => pick!(|a: T, b: T| a <= b),
        BinaryOp::Greater => pick!(|a: T, b: T| a > b),
        BinaryOp::GreaterEqual => pick!(|a: T, b: T| a >= b),
        BinaryOp::Equal => pick!(|a: T, b: T| a == b),
        _ => pick!(|a: T, b: T| a != b),
    }
}

/// Whether every value is finite (a fold, not `all`: it vectorises).
fn all_finite<T: Float>(v: &[T]) -> bool {
    v.iter().fold(true, |ok, x| ok & x.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;
    use xpush_core::scalar::Scalar;

    fn arr(v: &[f64]) -> Array {
        Array::from_vec(v.to_vec(), &[v.len()]).unwrap()
    }

    /// `-(a * 2 + b * 2) - 2` needs three registers, and no instruction
    /// writes a register it reads.
    #[test]
    fn plans_reuse_registers_without_overlap() {
        let two = Step::Const(Scalar::Float64(2.0));
        let steps = [
            Step::Input(0),
            two,
            Step::Binary(BinaryOp::Multiply),
            Step::Input(1),
            two,
            Step::Binary(BinaryOp::Multiply),
            Step::Binary(BinaryOp::Add),
            Step::Unary(UnaryOp::Negative),
            two,
            Step::Binary(BinaryOp::Subtract),
        ];
        let plan = Plan::<f64>::new(&steps, 2).unwrap();
        assert_eq!(plan.regs, 3);
        for i in &plan.instrs {
            for a in [i.x, i.y, i.p, i.q] {
                assert!(!matches!(a, Arg::Reg(r) if r == i.out), "{plan:?}");
            }
        }
        let n = 3 * BLOCK + 5;
        let a: Vec<f64> = (0..n).map(|i| i as f64 * 0.25 - 7.0).collect();
        let b: Vec<f64> = (0..n).map(|i| (i as f64).sqrt()).collect();
        let (r, nonfinite) = chain(&steps, &[&arr(&a), &arr(&b)]).unwrap();
        assert!(!nonfinite);
        let r: Vec<f64> = r.to_vec().unwrap();
        for i in 0..n {
            assert_eq!(r[i].to_bits(), (-(a[i] * 2.0 + b[i] * 2.0) - 2.0).to_bits());
        }
    }

    /// `np.where(a > 0.5, a, b * 0.1)` and `np.where(a != a, 0.0, -a)`
    /// pick per element as the comparison says (NaN compares false but
    /// for `!=`); a mask used as a number, or a `where` without a mask,
    /// is refused.
    #[test]
    fn where_of_a_comparison_selects_per_element() {
        let n = 2 * BLOCK + 3;
        let a: Vec<f64> = (0..n)
            .map(|i| {
                if i % 7 == 0 {
                    f64::NAN
                } else {
                    i as f64 / n as f64
                }
            })
            .collect();
        let b: Vec<f64> = (0..n).map(|i| i as f64 * 3.0 - 5.0).collect();
        let c = |v: f64| Step::Const(Scalar::Float64(v));
        let leaky = [
            Step::Input(0),
            c(0.5),
            Step::Compare(BinaryOp::Greater),
            Step::Input(0),
            Step::Input(1),
            c(0.1),
            Step::Binary(BinaryOp::Multiply),
            Step::Where,
        ];
        let (r, _) = chain(&leaky, &[&arr(&a), &arr(&b)]).unwrap();
        let r: Vec<f64> = r.to_vec().unwrap();
        for i in 0..n {
            let want = if a[i] > 0.5 { a[i] } else { b[i] * 0.1 };
            assert_eq!(r[i].to_bits(), want.to_bits(), "{i}");
        }
        let nan_to_zero = [
            Step::Input(0),
            Step::Input(0),
            Step::Compare(BinaryOp::NotEqual),
            c(0.0),
            Step::Input(0),
            Step::Unary(UnaryOp::Negative),
            Step::Where,
        ];
        let (r, _) = chain(&nan_to_zero, &[&arr(&a)]).unwrap();
        let r: Vec<f64> = r.to_vec().unwrap();
        for i in 0..n {
            let want = if a[i].is_nan() { 0.0 } else { -a[i] };
            assert_eq!(r[i].to_bits(), want.to_bits(), "{i}");
        }
        let mask_as_number = [
            Step::Input(0),
            c(0.5),
            Step::Compare(BinaryOp::Less),
            c(1.0),
            Step::Binary(BinaryOp::Add),
        ];
        assert!(Plan::<f64>::new(&mask_as_number, 1).is_err());
        let no_mask = [Step::Input(0), Step::Input(0), Step::Input(0), Step::Where];
        assert!(Plan::<f64>::new(&no_mask, 1).is_err());
    }

    /// A step list that does not leave one value is refused, and a
    /// result that is not finite is reported.
    #[test]
    fn malformed_chains_are_refused_and_nonfinite_results_reported() {
        let add = Step::Binary(BinaryOp::Add);
        assert!(Plan::<f64>::new(&[Step::Input(0), add], 1).is_err());
        assert!(Plan::<f64>::new(&[Step::Input(0), Step::Input(0)], 1).is_err());
        assert!(Plan::<f64>::new(&[Step::Input(1), Step::Unary(UnaryOp::Negative)], 1).is_err());
        assert!(Plan::<f64>::new(&[Step::Input(0), Step::Unary(UnaryOp::Exp)], 1).is_err());
        let div = [
            Step::Input(0),
            Step::Const(Scalar::Float64(0.0)),
            Step::Binary(BinaryOp::TrueDivide),
        ];
        let (_, nonfinite) = chain(&div, &[&arr(&[1.0, 2.0])]).unwrap();
        assert!(nonfinite);
    }
}
