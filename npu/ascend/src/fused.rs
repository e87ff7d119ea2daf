//! Fused elementwise chains on the NPU: a chain (`a * 2.0 + b * 3.0 - 1.0`,
//! core's [`FusedStep`]s) runs as aclnn launches, with the parts that
//! aclnn's fused ops compute in one launch matched to them:
//!
//! | expression | launch |
//! |---|---|
//! | `x + y * c`, `x + c * y`, `y * c + x` | `aclnnAdd(x, y, alpha = c)` |
//! | `x - y * c`, `x - c * y` | `aclnnSub(x, y, alpha = c)` |
//! | `x + t1 * t2`, `t1 * t2 + x`, `x + t * t` (`x + t**2`) | `aclnnAddcmul(x, t1, t2, value = 1)` |
//! | `x - t1 * t2` | `aclnnAddcmul(x, t1, t2, value = -1)` |
//! | `x + t1 / t2`, `t1 / t2 + x` | `aclnnAddcdiv(x, t1, t2, value = 1)` |
//! | `x - t1 / t2` | `aclnnAddcdiv(x, t1, t2, value = -1)` |
//!
//! `c` is a number and `x`, `y`, `t1`, `t2` are arrays or sub-chains. Each
//! form is the same arithmetic, in the same order, as the expression it
//! replaces: ops-math defines `aclnnAdd` as `self + alpha * other` and
//! `aclnnAddcmul` as `self + value * tensor1 * tensor2` (its golden is
//! `torch.addcmul`, which rounds `value * tensor1` first), so only a value
//! of ±1, whose product is exact, is used for them. `aclnnLerp` is not
//! used: its golden is `torch.lerp`, which computes `end - (end - self) *
//! (1 - weight)` for weights of 0.5 and more, not `a + w * (b - a)`.
//!
//! Everything else in the chain runs as the backend runs it unfused
//! (`aclnnMuls`, `aclnnSqrt`, ...). A chain in which no fused form
//! matches is not worth a fused dispatch ([`launches`] is `None`).

use xpush_core::array::Array;
use xpush_core::backend::Backend;
use xpush_core::dtype::{DType, WithDType};
use xpush_core::error::{Error, Result};
use xpush_core::op::{BinaryOp, FusedStep, Op, UnaryOp};
use xpush_core::scalar::Scalar;

use super::backend::AscendBackend;
use super::exec::HostScalar;
use super::loader::phase1;

/// A chain as a tree.
#[derive(Clone, Debug)]
enum Node {
    Input(usize),
    Const(Scalar),
    Unary(UnaryOp, Box<Node>),
    Binary(BinaryOp, Box<Node>, Box<Node>),
}

/// A part of a chain that one fused aclnn op computes.
enum Form<'a> {
    /// `x + alpha * y` (`aclnnAdd`), or `x - alpha * y` (`aclnnSub`).
    Axpy {
        sub: bool,
        x: &'a Node,
        y: &'a Node,
        alpha: Scalar,
    },
    /// `x ± t1 * t2` (`aclnnAddcmul`) or `x ± t1 / t2` (`aclnnAddcdiv`),
    /// `value` -1 for `-`.
    Addc {
        div: bool,
        negate: bool,
        x: &'a Node,
        t1: &'a Node,
        t2: &'a Node,
    },
}

/// The tree of postfix `steps`; `None` when they are malformed. A
/// negated constant is folded into the constant (negation is exact).
fn tree(steps: &[FusedStep]) -> Option<Node> {
    let mut stack: Vec<Node> = Vec::new();
    for s in steps {
        let n = match *s {
            FusedStep::Input(i) => Node::Input(i),
            FusedStep::Const(c) => Node::Const(c),
            FusedStep::Unary(op) => match stack.pop()? {
                Node::Const(c) if op == UnaryOp::Negative => Node::Const(negated(c)?),
                x => Node::Unary(op, Box::new(x)),
            },
            FusedStep::Binary(op) => {
                let y = stack.pop()?;
                let x = stack.pop()?;
                Node::Binary(op, Box::new(x), Box::new(y))
            }
            // aclnn has no fused select: a chain with `np.where` runs
            // unfused on the NPU.
            FusedStep::Compare(_) | FusedStep::Where => return None,
        };
        stack.push(n);
    }
    match (stack.pop(), stack.is_empty()) {
        (Some(n), true) => Some(n),
        _ => None,
    }
}

/// `n` as `y * c` or `c * y`: `(y, c)`.
fn scaled(n: &Node) -> Option<(&Node, Scalar)> {
    match n {
        Node::Binary(BinaryOp::Multiply, a, b) => match (&**a, &**b) {
            (Node::Const(_), Node::Const(_)) => None,
            (y, Node::Const(c)) | (Node::Const(c), y) => Some((y, *c)),
            _ => None,
        },
        _ => None,
    }
}

/// `-c` for a float constant (the chain's constants are of the arrays'
/// float dtype).
fn negated(c: Scalar) -> Option<Scalar> {
    match c {
        Scalar::Float32(v) => Some(Scalar::Float32(-v)),
        Scalar::Float64(v) => Some(Scalar::Float64(-v)),
        _ => None,
    }
}

/// `n` as a product or quotient of two arrays, or a square: `(div, t1,
/// t2)`.
fn product(n: &Node) -> Option<(bool, &Node, &Node)> {
    let array = |n: &Node| !matches!(n, Node::Const(_));
    match n {
        Node::Binary(op @ (BinaryOp::Multiply | BinaryOp::TrueDivide), a, b)
            if array(a) && array(b) =>
        {
            Some((*op == BinaryOp::TrueDivide, &**a, &**b))
        }
        // `np.square(t)` is `t * t` for floats.
        Node::Unary(UnaryOp::Square, t) => Some((false, &**t, &**t)),
        _ => None,
    }
}

/// The fused form of `n`, if one matches (the right operand of `+` is
/// tried first, then the left).
fn form(n: &Node) -> Option<Form<'_>> {
    let Node::Binary(op @ (BinaryOp::Add | BinaryOp::Subtract), a, b) = n else {
        return None;
    };
    let sub = *op == BinaryOp::Subtract;
    if matches!(**a, Node::Const(_)) || matches!(**b, Node::Const(_)) {
        return None;
    }
    let mut sides = vec![(&**a, &**b)];
    if !sub {
        sides.push((&**b, &**a));
    }
    for (x, rest) in sides {
        if let Some((y, alpha)) = scaled(rest) {
            return Some(Form::Axpy { sub, x, y, alpha });
        }
        if let Some((div, t1, t2)) = product(rest) {
            return Some(Form::Addc {
                div,
                negate: sub,
                x,
                t1,
                t2,
            });
        }
    }
    None
}

/// The aclnn ops a chain launches, in order; `None` when no fused form
/// matches (the chain then runs unfused, with the same launches less
/// one dispatch), or a part has no aclnn op.
pub fn launches(steps: &[FusedStep]) -> Option<Vec<&'static str>> {
    let root = tree(steps)?;
    let mut names = Vec::new();
    let mut fused = false;
    collect(&root, &mut names, &mut fused)?;
    fused.then_some(names)
}

fn collect(n: &Node, names: &mut Vec<&'static str>, fused: &mut bool) -> Option<()> {
    if let Some(f) = form(n) {
        *fused = true;
        let (parts, name) = match f {
            Form::Axpy { sub, x, y, .. } => (vec![x, y], if sub { "aclnnSub" } else { "aclnnAdd" }),
            Form::Addc { div, x, t1, t2, .. } => (
                vec![x, t1, t2],
                if div { "aclnnAddcdiv" } else { "aclnnAddcmul" },
            ),
        };
        for p in parts {
            collect(p, names, fused)?;
        }
        names.push(name);
        return Some(());
    }
    match n {
        Node::Input(_) | Node::Const(_) => {}
        Node::Unary(op, x) => {
            collect(x, names, fused)?;
            names.push(AscendBackend::aclnn_for(Op::Unary(*op))?);
        }
        Node::Binary(op, x, y) => {
            let name = match (&**x, &**y) {
                (Node::Const(_), Node::Const(_)) => return None,
                (Node::Const(_), y) => {
                    collect(y, names, fused)?;
                    AscendBackend::aclnn_scalar_for(*op, true)?
                }
                (x, Node::Const(_)) => {
                    collect(x, names, fused)?;
                    AscendBackend::aclnn_scalar_for(*op, false)?
                }
                (x, y) => {
                    collect(x, names, fused)?;
                    collect(y, names, fused)?;
                    AscendBackend::aclnn_for(Op::Binary(*op))?
                }
            };
            names.push(name);
        }
    }
    Some(())
}

/// `s` as an aclnn scalar of dtype `d`.
fn host_scalar(s: Scalar, d: DType) -> HostScalar {
    let v = s.cast(d).to_elem();
    xpush_core::with_dtype!(d, T => HostScalar::new(<T as WithDType>::from_elem(v)))
}

impl AscendBackend {
    /// Runs the chain `steps` over `ins` (NPU arrays of one float dtype
    /// and shape) as [`launches`] lists them; the result has dtype `out`.
    pub fn fused_chain(&self, steps: &[FusedStep], ins: &[Array], out: DType) -> Result<Array> {
        let root =
            tree(steps).ok_or_else(|| Error::runtime_error("internal: a malformed fused chain"))?;
        self.eval(&root, ins, out)
    }

    fn eval(&self, n: &Node, ins: &[Array], d: DType) -> Result<Array> {
        if let Some(f) = form(n) {
            return self.eval_form(f, ins, d);
        }
        match n {
            Node::Input(i) => ins
                .get(*i)
                .cloned()
                .ok_or_else(|| Error::runtime_error("internal: a fused chain input is missing")),
            Node::Const(_) => Err(Error::runtime_error(
                "internal: a fused chain of a constant alone",
            )),
            Node::Unary(op, x) => self.unary(*op, &self.eval(x, ins, d)?, d),
            Node::Binary(op, x, y) => match (&**x, &**y) {
                (Node::Const(c), y) => {
                    self.binary_host_scalar(*op, &self.eval(y, ins, d)?, *c, true, d)
                }
                (x, Node::Const(c)) => {
                    self.binary_host_scalar(*op, &self.eval(x, ins, d)?, *c, false, d)
                }
                (x, y) => self.binary(*op, &self.eval(x, ins, d)?, &self.eval(y, ins, d)?, d),
            },
        }
    }

    fn eval_form(&self, f: Form<'_>, ins: &[Array], d: DType) -> Result<Array> {
        let dev = self.device();
        match f {
            Form::Axpy { sub, x, y, alpha } => {
                let (xa, ya) = (self.eval(x, ins, d)?, self.eval(y, ins, d)?);
                let (xo, yo) = (self.operand(&xa)?, self.operand(&ya)?);
                let o = self.empty(xa.shape(), d)?;
                dev.bind()?;
                let alpha = host_scalar(alpha, d);
                let p = if sub {
                    phase1::sub(dev, &xo, &yo, alpha, &o)?
                } else {
                    phase1::add(dev, &xo, &yo, alpha, &o)?
                };
                dev.launch(p)?;
                Ok(self.wrap(o))
            }
            Form::Addc {
                div,
                negate,
                x,
                t1,
                t2,
            } => {
                let xa = self.eval(x, ins, d)?;
                let t1a = self.eval(t1, ins, d)?;
                // `t * t` evaluates `t` once.
                let t2a = if std::ptr::eq(t1, t2) {
                    t1a.clone()
                } else {
                    self.eval(t2, ins, d)?
                };
                let (xo, t1o, t2o) = (self.operand(&xa)?, self.operand(&t1a)?, self.operand(&t2a)?);
                let o = self.empty(xa.shape(), d)?;
                dev.bind()?;
                let one = Scalar::Float64(if negate { -1.0 } else { 1.0 });
                let value = host_scalar(one, d);
                let p = if div {
                    phase1::addcdiv(dev, &xo, &t1o, &t2o, value, &o)?
                } else {
                    phase1::addcmul(dev, &xo, &t1o, &t2o, value, &o)?
                };
                dev.launch(p)?;
                Ok(self.wrap(o))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use BinaryOp as B;
    use FusedStep as S;

    fn c(v: f64) -> FusedStep {
        S::Const(Scalar::Float32(v as f32))
    }

    #[test]
    fn the_issues_chain_is_muls_then_add_with_alpha_then_subs() {
        // a * 2.0 + b * 3.0 - 1.0
        let steps = [
            S::Input(0),
            c(2.0),
            S::Binary(B::Multiply),
            S::Input(1),
            c(3.0),
            S::Binary(B::Multiply),
            S::Binary(B::Add),
            c(1.0),
            S::Binary(B::Subtract),
        ];
        assert_eq!(
            launches(&steps),
            Some(vec!["aclnnMuls", "aclnnAdd", "aclnnSubs"])
        );
    }

    #[test]
    fn products_quotients_and_squares_take_addcmul_and_addcdiv() {
        // x + a * b
        let mul = [
            S::Input(0),
            S::Input(1),
            S::Input(2),
            S::Binary(B::Multiply),
            S::Binary(B::Add),
        ];
        assert_eq!(launches(&mul), Some(vec!["aclnnAddcmul"]));
        // x - a / b
        let div = [
            S::Input(0),
            S::Input(1),
            S::Input(2),
            S::Binary(B::TrueDivide),
            S::Binary(B::Subtract),
        ];
        assert_eq!(launches(&div), Some(vec!["aclnnAddcdiv"]));
        // np.sqrt(x**2 + y**2): x*x first, then x*x + y*y in one launch.
        let hypot = [
            S::Input(0),
            S::Unary(UnaryOp::Square),
            S::Input(1),
            S::Unary(UnaryOp::Square),
            S::Binary(B::Add),
            S::Unary(UnaryOp::Sqrt),
        ];
        assert_eq!(
            launches(&hypot),
            Some(vec!["aclnnMul", "aclnnAddcmul", "aclnnSqrt"])
        );
    }

    #[test]
    fn chains_without_a_fused_form_stay_unfused() {
        // (a - b) * 2.0: nothing to fuse.
        let steps = [
            S::Input(0),
            S::Input(1),
            S::Binary(B::Subtract),
            c(2.0),
            S::Binary(B::Multiply),
        ];
        assert_eq!(launches(&steps), None);
        // x - 2.0 * y * z is (2.0 * y) * z: the product by 2.0 is rounded
        // first, so it is no `value`-scaled Addcmul; `x - (2y) * z` is
        // still one Addcmul of value -1 after the Muls.
        let scaled = [
            S::Input(0),
            c(2.0),
            S::Input(1),
            S::Binary(B::Multiply),
            S::Input(2),
            S::Binary(B::Multiply),
            S::Binary(B::Subtract),
        ];
        assert_eq!(launches(&scaled), Some(vec!["aclnnMuls", "aclnnAddcmul"]));
        // A malformed chain is none.
        assert_eq!(launches(&[S::Binary(B::Add)]), None);
    }

    #[test]
    fn a_negated_constant_is_folded() {
        // x + (-2.0) * y
        let steps = [
            S::Input(0),
            c(2.0),
            S::Unary(UnaryOp::Negative),
            S::Input(1),
            S::Binary(B::Multiply),
            S::Binary(B::Add),
        ];
        assert_eq!(launches(&steps), Some(vec!["aclnnAdd"]));
    }
}
