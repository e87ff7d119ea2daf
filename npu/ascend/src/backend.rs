//! [`AscendBackend`]: the [`Backend`] of one NPU, mapping ops to aclnn
//! calls through the loader's lazily resolved pairs.
//!
//! Each call builds `aclTensor` descriptors straight from the operands'
//! layouts (strided and broadcast views go to aclnn without a copy; a
//! view with a negative stride is first made contiguous, see
//! `npu/include/NOTES.md`), runs phase 1, takes the workspace from the
//! device's pool, enqueues phase 2 on the device's one stream, and drops
//! the descriptors as soon as phase 2 returns. Results are new
//! C-contiguous device arrays.
//!
//! The dtype policy is not here: dispatch asks [`super::policy`] first and
//! only sends what the table accepts. A `NotImplementedError` from this
//! backend means "run it elsewhere": the op is not mapped
//! ([`AscendBackend::aclnn_for`] is `None`), missing from the installed
//! CANN, or its phase 1 refused the call (161002).

use std::sync::Arc;

use super::exec::{HostScalar, IntArray, TensorList};
use super::loader::phase1;
use super::tensor::{acl_dtype, DeviceArray};
use super::Device;
use xpush_core::array::Array;
use xpush_core::backend::Backend;
use xpush_core::dtype::{DType, WithDType};
use xpush_core::error::{Error, Result};
use xpush_core::op::{BinaryOp, Op, ReduceOp, UnaryOp};
use xpush_core::scalar::Scalar;

/// The backend of one NPU.
#[derive(Clone, Debug)]
pub struct AscendBackend {
    dev: Arc<Device>,
}

fn unmapped(op: Op) -> Error {
    Error::not_implemented(format!("{} has no aclnn mapping", op.name()))
}

impl AscendBackend {
    /// The backend of `dev`.
    pub fn new(dev: Arc<Device>) -> AscendBackend {
        AscendBackend { dev }
    }

    /// The device.
    pub fn device(&self) -> &Arc<Device> {
        &self.dev
    }

    /// The aclnn op this backend calls for `op`, or `None` when it runs
    /// `op` nowhere (dispatch then uses the host).
    pub fn aclnn_for(op: Op) -> Option<&'static str> {
        use BinaryOp as B;
        use UnaryOp as U;
        Some(match op {
            Op::Unary(u) => match u {
                U::Negative => "aclnnNeg",
                U::Absolute | U::Fabs => "aclnnAbs",
                U::Exp => "aclnnExp",
                U::Log => "aclnnLog",
                U::Sqrt => "aclnnSqrt",
                U::Sin => "aclnnSin",
                U::Cos => "aclnnCos",
                U::Tanh => "aclnnTanh",
                U::Rint => "aclnnRound",
                U::LogicalNot => "aclnnLogicalNot",
                U::Real => "aclnnReal",
                U::Floor => "aclnnFloor",
                U::Ceil => "aclnnCeil",
                U::Trunc => "aclnnTrunc",
                U::Sign => "aclnnSign",
                U::Signbit => "aclnnSignbit",
                U::Tan => "aclnnTan",
                U::Arcsin => "aclnnAsin",
                U::Arccos => "aclnnAcos",
                U::Arctan => "aclnnAtan",
                U::Sinh => "aclnnSinh",
                U::Cosh => "aclnnCosh",
                U::Arcsinh => "aclnnAsinh",
                U::Arccosh => "aclnnAcosh",
                U::Arctanh => "aclnnAtanh",
                U::Log2 => "aclnnLog2",
                U::Log10 => "aclnnLog10",
                U::Log1p => "aclnnLog1p",
                U::Expm1 => "aclnnExpm1",
                U::Exp2 => "aclnnExp2",
                U::Reciprocal => "aclnnReciprocal",
                U::Invert => "aclnnBitwiseNot",
                U::Imag => "aclnnInplaceCopy",
                // Compositions (see `compose_unary`), named by the op the
                // dtype policy checks.
                U::Isfinite => "aclnnIsFinite",
                U::Isnan => "aclnnNeTensor",
                U::Isinf => "aclnnSub",
                U::Square => "aclnnMul",
                _ => return None,
            },
            Op::Binary(b) => match b {
                B::Add => "aclnnAdd",
                B::Subtract => "aclnnSub",
                B::Multiply => "aclnnMul",
                B::TrueDivide => "aclnnDiv",
                B::Equal => "aclnnEqTensor",
                B::NotEqual => "aclnnNeTensor",
                B::Less => "aclnnLtTensor",
                B::LessEqual => "aclnnLeTensor",
                B::Greater => "aclnnGtTensor",
                B::GreaterEqual => "aclnnGeTensor",
                B::Remainder => "aclnnRemainderTensorTensor",
                B::FloorDivide => "aclnnFloorDivide",
                B::Power => "aclnnPowTensorTensor",
                B::Arctan2 => "aclnnAtan2",
                B::Fmod => "aclnnFmodTensor",
                B::Gcd => "aclnnGcd",
                B::BitwiseAnd => "aclnnBitwiseAndTensor",
                B::BitwiseOr => "aclnnBitwiseOrTensor",
                B::BitwiseXor => "aclnnBitwiseXorTensor",
                B::LogicalXor => "aclnnLogicalXor",
                B::LogicalAnd => "aclnnLogicalAnd",
                B::LogicalOr => "aclnnLogicalOr",
                B::Logaddexp => "aclnnLogAddExp",
                B::Logaddexp2 => "aclnnLogAddExp2",
                // Compositions on a comparison and aclnnSWhere (see
                // `compose_binary`).
                B::Maximum | B::Fmax => "aclnnGtTensor",
                B::Minimum | B::Fmin => "aclnnLtTensor",
                _ => return None,
            },
            Op::Reduce(r) => match r {
                ReduceOp::Sum => "aclnnReduceSum",
                ReduceOp::Prod => "aclnnProd",
                ReduceOp::Max => "aclnnAmax",
                ReduceOp::Min => "aclnnAmin",
                ReduceOp::All => "aclnnAll",
                ReduceOp::Any => "aclnnAny",
                ReduceOp::Argmax => "aclnnArgMax",
                ReduceOp::Argmin => "aclnnArgMin",
                ReduceOp::Cumsum => "aclnnCumsum",
                ReduceOp::Cumprod => "aclnnCumprod",
                ReduceOp::Mean => "aclnnMean",
                ReduceOp::Var => "aclnnVarCorrection",
                ReduceOp::Std => "aclnnStd",
            },
            Op::Cast(_) => "aclnnCast",
            Op::Copy => "aclnnInplaceCopy",
            Op::Where => "aclnnSWhere",
            Op::Matmul => "aclnnMatmul",
            Op::Gather => "aclnnIndexSelect",
            Op::Scatter => "aclnnIndexPutImpl",
            Op::Fill => "aclnnInplaceFillScalar",
            Op::Eye => "aclnnEye",
            Op::Arange => "aclnnArange",
            Op::Concat => "aclnnCat",
            Op::Roll => "aclnnRoll",
            Op::Sort => "aclnnSort",
            Op::SearchSorted => "aclnnSearchSorted",
            Op::Nonzero => "aclnnNonzero",
            Op::Bincount => "aclnnBincount",
            Op::Tril => "aclnnTril",
            Op::Triu => "aclnnTriu",
            _ => return None,
        })
    }

    /// How `op` is composed of other aclnn ops, for the ops whose
    /// [`aclnn_for`](Self::aclnn_for) names the op the composition is
    /// checked against (`isnan` is `x != x`); `None` for a direct call.
    pub fn composition(op: Op) -> Option<&'static str> {
        use BinaryOp as B;
        use UnaryOp as U;
        Some(match op {
            Op::Unary(U::Isnan) => "x != x",
            Op::Unary(U::Square) => "x * x",
            Op::Unary(U::Imag) => {
                "a copy of the imaginary parts (a float view of the complex buffer); zeros as x < x for real x"
            }
            Op::Unary(U::Isinf) => {
                "(x == x) > (d == d) with d = x - x; of each part for complex; x < x for integers"
            }
            Op::Unary(U::Sign) => "where(x != x, x, aclnnSign(x)) for floats (NaN kept)",
            Op::Binary(B::Maximum) => "where(x > y or x != x, x, y); where(x > y, x, y) for integers",
            Op::Binary(B::Minimum) => "where(x < y or x != x, x, y); where(x < y, x, y) for integers",
            Op::Binary(B::Fmax) => "where(x >= y or y != y, x, y); where(y > x, y, x) for integers",
            Op::Binary(B::Fmin) => "where(x <= y or y != y, x, y); where(y < x, y, x) for integers",
            Op::Fill => {
                "aclnnInplaceZero for 0 and aclnnInplaceOne for 1 in the dtypes they take, else aclnnInplaceFillScalar"
            }
            Op::Reduce(ReduceOp::Prod) => "aclnnProd over every axis, aclnnProdDim over one",
            Op::Copy => {
                "aclnnInplaceCopy; a view with a negative stride is first reversed into a buffer by aclnnFlip"
            }
            Op::Eye => {
                "aclnnEye for the main diagonal (a bool identity cast for the dtypes Eye lacks); other diagonals are built on the host"
            }
            Op::Arange => {
                "aclnnArange for integer bounds; float bounds are built on the host (NumPy's fill differs in the last bit)"
            }
            Op::Concat => {
                "aclnnCat; copies into slices of the result (aclnnInplaceCopy) for the dtypes Cat lacks"
            }
            Op::Tril => "aclnnTril; where(mask, x, 0) (aclnnSWhere) for complex",
            Op::Triu => "aclnnTriu; where(mask, 0, x) (aclnnSWhere) for complex",
            Op::Matmul => {
                "aclnnMatmul for floats; for bool and integers x[..., None] * y summed over k (aclnnMul, aclnnReduceSum)"
            }
            _ => return None,
        })
    }

    /// `a` as a device array of this device that aclnn can describe: a
    /// view with a negative stride is copied to a contiguous buffer first,
    /// on the device by `aclnnFlip` of the same view with those strides
    /// made positive (through the host for a dtype Flip lacks).
    pub(crate) fn operand(&self, a: &Array) -> Result<DeviceArray> {
        let d = super::tensor::device_array(a).ok_or_else(|| {
            Error::runtime_error(format!(
                "internal: a {} array reached the npu backend",
                a.device()
            ))
        })?;
        if a.layout().strides.iter().any(|&s| s < 0) {
            let flips =
                super::policy::support("aclnnFlip").is_some_and(|r| r.accepts.contains(&a.dtype()));
            if !flips || a.size() == 0 {
                let host = a.to_host()?.to_contiguous();
                return DeviceArray::upload(&self.dev, &host);
            }
            let mut l = a.layout().clone();
            let mut dims = Vec::new();
            for (i, s) in l.strides.iter_mut().enumerate() {
                if *s < 0 {
                    l.offset = (l.offset as isize + (l.shape[i] as isize - 1) * *s) as usize;
                    *s = -*s;
                    dims.push(i as i64);
                }
            }
            let o = self.empty(a.shape(), a.dtype())?;
            self.dev.bind()?;
            self.dev.launch(phase1::flip(
                &self.dev,
                &d.with_layout(l),
                IntArray(&dims),
                &o,
            )?)?;
            return Ok(o);
        }
        Ok(d)
    }

    /// For an op on storage offsets (gather, scatter): a 1-d view of
    /// `a`'s buffer (its first `max(offsets) + 1` elements) and the
    /// offsets uploaded as an INT64 tensor; `None` for no offsets.
    fn by_offsets(
        &self,
        a: &Array,
        offsets: &[usize],
    ) -> Result<Option<(DeviceArray, DeviceArray)>> {
        let Some(&last) = offsets.iter().max() else {
            return Ok(None);
        };
        let base = super::tensor::device_array(a).ok_or_else(|| {
            Error::runtime_error(format!(
                "internal: a {} array reached the npu backend",
                a.device()
            ))
        })?;
        let flat = base.with_layout(xpush_core::layout::Layout::contiguous(&[last + 1]));
        let idx: Vec<i64> = offsets.iter().map(|&o| o as i64).collect();
        let index = DeviceArray::upload(&self.dev, &Array::from_vec(idx, &[offsets.len()])?)?;
        Ok(Some((flat, index)))
    }

    pub(crate) fn empty(&self, shape: &[usize], dtype: DType) -> Result<DeviceArray> {
        DeviceArray::empty(&self.dev, shape, dtype)
    }

    pub(crate) fn wrap(&self, d: DeviceArray) -> Array {
        super::tensor::wrap(Arc::clone(&self.dev), d)
    }

    /// The aclnn scalar form [`binary_host_scalar`](Self::binary_host_scalar)
    /// calls for `op` with the scalar on the right (`x OP s`) or, when
    /// `scalar_first`, on the left (`s OP x`), if it has one. A comparison
    /// with the scalar on the left is its mirror (`s < x` is `x > s`);
    /// `s - x` is `aclnnRsubs`, `s % x` and `s ** x` have ScalarTensor
    /// forms; true and floor division and fmod have none.
    pub fn aclnn_scalar_for(op: BinaryOp, scalar_first: bool) -> Option<&'static str> {
        use BinaryOp as B;
        let op = if scalar_first {
            match op {
                B::Subtract => return Some("aclnnRsubs"),
                B::Remainder => return Some("aclnnRemainderScalarTensor"),
                B::Power => return Some("aclnnPowScalarTensor"),
                B::Add | B::Multiply | B::Equal | B::NotEqual => op,
                B::BitwiseAnd | B::BitwiseOr | B::BitwiseXor => op,
                B::Less => B::Greater,
                B::Greater => B::Less,
                B::LessEqual => B::GreaterEqual,
                B::GreaterEqual => B::LessEqual,
                _ => return None,
            }
        } else {
            op
        };
        Some(match op {
            B::Add => "aclnnAdds",
            B::Subtract => "aclnnSubs",
            B::Multiply => "aclnnMuls",
            B::TrueDivide => "aclnnDivs",
            B::Equal => "aclnnEqScalar",
            B::NotEqual => "aclnnNeScalar",
            B::Less => "aclnnLtScalar",
            B::Greater => "aclnnGtScalar",
            B::LessEqual => "aclnnLeScalar",
            B::GreaterEqual => "aclnnGeScalar",
            B::FloorDivide => "aclnnFloorDivides",
            B::Remainder => "aclnnRemainderTensorScalar",
            B::Fmod => "aclnnFmodScalar",
            B::Power => "aclnnPowTensorScalar",
            B::BitwiseAnd => "aclnnBitwiseAndScalar",
            B::BitwiseOr => "aclnnBitwiseOrScalar",
            B::BitwiseXor => "aclnnBitwiseXorScalar",
            _ => return None,
        })
    }

    /// `a OP s`, or `s OP a` when `scalar_first`, for a host scalar `s` (a
    /// Python or NumPy scalar operand) through the aclnn scalar form
    /// [`aclnn_scalar_for`](Self::aclnn_scalar_for) names (comparisons
    /// give a BOOL `out`): `s` goes to the op as an `aclScalar` of `a`'s
    /// dtype, with no upload. Other ops are `NotImplementedError`.
    pub fn binary_host_scalar(
        &self,
        op: BinaryOp,
        a: &Array,
        s: Scalar,
        scalar_first: bool,
        out: DType,
    ) -> Result<Array> {
        let Some(name) = Self::aclnn_scalar_for(op, scalar_first) else {
            return Err(unmapped(Op::Binary(op)));
        };
        let x = self.operand(a)?;
        let o = self.empty(a.shape(), out)?;
        let d = a.dtype();
        self.dev.bind()?;
        let v = s.cast(d).to_elem();
        let sv = xpush_core::with_dtype!(d, T => HostScalar::new(<T as WithDType>::from_elem(v)));
        let one = HostScalar::one(d);
        let dev = &*self.dev;
        let p = match name {
            "aclnnAdds" => phase1::adds(dev, &x, sv, one, &o)?,
            "aclnnSubs" => phase1::subs(dev, &x, sv, one, &o)?,
            "aclnnRsubs" => phase1::rsubs(dev, &x, sv, one, &o)?,
            "aclnnMuls" => phase1::muls(dev, &x, sv, &o)?,
            "aclnnDivs" => phase1::divs(dev, &x, sv, &o)?,
            "aclnnEqScalar" => phase1::eq_scalar(dev, &x, sv, &o)?,
            "aclnnNeScalar" => phase1::ne_scalar(dev, &x, sv, &o)?,
            "aclnnLtScalar" => phase1::lt_scalar(dev, &x, sv, &o)?,
            "aclnnGtScalar" => phase1::gt_scalar(dev, &x, sv, &o)?,
            "aclnnLeScalar" => phase1::le_scalar(dev, &x, sv, &o)?,
            "aclnnGeScalar" => phase1::ge_scalar(dev, &x, sv, &o)?,
            "aclnnFloorDivides" => phase1::floor_divides(dev, &x, sv, &o)?,
            "aclnnRemainderTensorScalar" => phase1::remainder_tensor_scalar(dev, &x, sv, &o)?,
            "aclnnRemainderScalarTensor" => phase1::remainder_scalar_tensor(dev, sv, &x, &o)?,
            "aclnnFmodScalar" => phase1::fmod_scalar(dev, &x, sv, &o)?,
            "aclnnPowTensorScalar" => phase1::pow_tensor_scalar(dev, &x, sv, &o)?,
            "aclnnPowScalarTensor" => phase1::pow_scalar_tensor(dev, sv, &x, &o)?,
            "aclnnBitwiseAndScalar" => phase1::bitwise_and_scalar(dev, &x, sv, &o)?,
            "aclnnBitwiseOrScalar" => phase1::bitwise_or_scalar(dev, &x, sv, &o)?,
            _ => phase1::bitwise_xor_scalar(dev, &x, sv, &o)?,
        };
        self.dev.launch(p)?;
        Ok(self.wrap(o))
    }

    /// The unary ops composed of other aclnn ops: `isnan(x)` as `x != x`,
    /// `square(x)` as `x * x`, the real part of a real
    /// `x` as a copy, the imaginary part of a complex `x` as a copy of a
    /// float view of its buffer and of a real `x` as `x < x` (false even
    /// for NaN) cast to zeros, `isinf(x)` as `(x == x) > (d == d)` (not
    /// NaN and not finite; of each part of a complex `x`, either one
    /// infinite; `x < x`, all false, for integers), and the `sign` of a
    /// float `x` as `where(x != x, x, aclnnSign(x))`: aclnnSign is
    /// `(x > 0) - (x < 0)`, 0 for NaN, where NumPy keeps the NaN (see
    /// `npu/include/NOTES.md`). `None` for the others.
    fn compose_unary(&self, op: UnaryOp, a: &Array) -> Result<Option<Array>> {
        use BinaryOp as B;
        Ok(Some(match op {
            UnaryOp::Isnan => self.binary(B::NotEqual, a, a, DType::Bool)?,
            UnaryOp::Isinf if a.dtype().is_complex() => {
                // NumPy: either part infinite (`inf + nanj` too).
                let x = self.operand(a)?;
                let re = self.compose_unary(op, &self.wrap(x.component(0)))?;
                let im = self.compose_unary(op, &self.wrap(x.component(1)))?;
                match (re, im) {
                    (Some(re), Some(im)) => self.binary(B::Add, &re, &im, DType::Bool)?,
                    _ => return Ok(None),
                }
            }
            UnaryOp::Isinf if a.dtype().is_inexact() => {
                // Not NaN, and not finite: `x == x` true and `d == d`
                // false, with `d = x - x` (NaN for NaN and infinities).
                let d = self.binary(B::Subtract, a, a, a.dtype())?;
                let finite = self.binary(B::Equal, &d, &d, DType::Bool)?;
                let number = self.binary(B::Equal, a, a, DType::Bool)?;
                self.binary(B::Greater, &number, &finite, DType::Bool)?
            }
            UnaryOp::Isinf => self.binary(B::Less, a, a, DType::Bool)?,
            UnaryOp::Sign if a.dtype().is_inexact() => {
                // aclnnSign is `(x > 0) - (x < 0)`: 0 for NaN, where
                // NumPy keeps the NaN.
                let x = self.operand(a)?;
                let o = self.empty(a.shape(), a.dtype())?;
                self.dev.bind()?;
                self.dev.launch(phase1::sign(&self.dev, &x, &o)?)?;
                let nan = self.binary(B::NotEqual, a, a, DType::Bool)?;
                self.where_(&nan, a, &self.wrap(o))?
            }
            UnaryOp::Square => self.binary(B::Multiply, a, a, a.dtype())?,
            UnaryOp::Real if !a.dtype().is_complex() => self.cast(a, a.dtype())?,
            UnaryOp::Imag if a.dtype().is_complex() => {
                let parts = self.operand(a)?.component(1);
                let o = self.empty(a.shape(), parts.dtype())?;
                self.dev.bind()?;
                self.dev
                    .launch(phase1::inplace_copy(&self.dev, &o, &parts)?)?;
                self.wrap(o)
            }
            UnaryOp::Imag => {
                let none = self.binary(B::Less, a, a, DType::Bool)?;
                self.cast(&none, a.dtype())?
            }
            _ => return Ok(None),
        }))
    }

    /// The one-axis ops: `argmax`/`argmin` along `axis` (`aclnnArgMax`,
    /// `aclnnArgMin`, INT64 indices, the axis dropped) and `cumsum` /
    /// `cumprod` along `axis` in `a`'s dtype (dispatch has cast `a` to the
    /// accumulator; aclnnCumprod takes the axis as an INT64 scalar).
    fn along_axis(&self, op: ReduceOp, a: &Array, axis: usize) -> Result<Array> {
        let x = self.operand(a)?;
        let (shape, dtype) = if matches!(op, ReduceOp::Cumsum | ReduceOp::Cumprod) {
            (a.shape().to_vec(), a.dtype())
        } else {
            let mut s = a.shape().to_vec();
            s.remove(axis);
            (s, DType::Int64)
        };
        let o = self.empty(&shape, dtype)?;
        self.dev.bind()?;
        let (dev, dim) = (&*self.dev, axis as i64);
        let p = match op {
            ReduceOp::Argmax => phase1::arg_max(dev, &x, dim, false, &o)?,
            ReduceOp::Argmin => phase1::arg_min(dev, &x, dim, false, &o)?,
            ReduceOp::Cumprod => {
                phase1::cumprod(dev, &x, HostScalar::new(dim), acl_dtype(dtype), &o)?
            }
            _ => phase1::cumsum(dev, &x, dim, acl_dtype(dtype), &o)?,
        };
        self.dev.launch(p)?;
        Ok(self.wrap(o))
    }

    /// `maximum`, `minimum`, `fmax`, `fmin` as NumPy's loops (the cpu
    /// backend's) pick, a comparison and `aclnnSWhere`: for floats
    /// `maximum` is `a > b || isnan(a) ? a : b` (NaN propagates; of two
    /// equal values, `b`, so `maximum(0.0, -0.0)` is `-0.0`) and `fmax` is
    /// `a >= b || isnan(b) ? a : b` (NaN ignored; `a` of two equal
    /// values); `minimum`/`fmin` with `<`/`<=`. Integers and bools need no
    /// NaN test: one comparison picks, `fmax(a, b)` as `b > a ? b : a`.
    fn extremum(&self, op: BinaryOp, a: &Array, b: &Array) -> Result<Array> {
        use BinaryOp as B;
        if !a.dtype().is_inexact() {
            let (cmp, x, y) = match op {
                B::Maximum => (B::Greater, a, b),
                B::Minimum => (B::Less, a, b),
                B::Fmax => (B::Greater, b, a),
                _ => (B::Less, b, a),
            };
            let pick = self.binary(cmp, x, y, DType::Bool)?;
            return self.where_(&pick, x, y);
        }
        let (cmp, nan_of) = match op {
            B::Maximum => (B::Greater, a),
            B::Minimum => (B::Less, a),
            B::Fmax => (B::GreaterEqual, b),
            _ => (B::LessEqual, b),
        };
        let pick = self.binary(cmp, a, b, DType::Bool)?;
        let nan = self.binary(B::NotEqual, nan_of, nan_of, DType::Bool)?;
        let pick = self.binary(B::Add, &pick, &nan, DType::Bool)?;
        self.where_(&pick, a, b)
    }

    /// The aclnn op [`fill`](Self::fill) calls for `value` in `dtype`:
    /// `aclnnInplaceZero` for a zero (not `-0.0`) and `aclnnInplaceOne`
    /// for a one where the dtype is in their 910B lists, else
    /// `aclnnInplaceFillScalar` (every dtype).
    pub fn aclnn_fill_for(dtype: DType, value: Scalar) -> &'static str {
        let v = value.cast(dtype);
        let takes =
            |op: &str| super::policy::support(op).is_some_and(|r| r.accepts.contains(&dtype));
        if v.identical(&Scalar::from_f64(dtype, 0.0)) && takes("aclnnInplaceZero") {
            "aclnnInplaceZero"
        } else if v.identical(&Scalar::from_f64(dtype, 1.0)) && takes("aclnnInplaceOne") {
            "aclnnInplaceOne"
        } else {
            "aclnnInplaceFillScalar"
        }
    }

    /// Fills the device array `dst` (a fresh buffer) with `value` and
    /// returns it: `np.zeros`/`ones`/`full`/`empty` made on the device.
    /// Zero and one go through `aclnnInplaceZero`/`aclnnInplaceOne` where
    /// the dtype is in their lists, any other value (and dtype) through
    /// `aclnnInplaceFillScalar` (`value` as an `aclScalar` of `dst`'s
    /// dtype).
    pub fn fill(&self, dst: &Array, value: Scalar) -> Result<Array> {
        let d = self.operand(dst)?;
        let dt = dst.dtype();
        self.dev.bind()?;
        let p = match Self::aclnn_fill_for(dt, value) {
            "aclnnInplaceZero" => phase1::inplace_zero(&self.dev, &d)?,
            "aclnnInplaceOne" => phase1::inplace_one(&self.dev, &d)?,
            _ => {
                let v = value.cast(dt).to_elem();
                let sv = xpush_core::with_dtype!(dt, T => HostScalar::new(<T as WithDType>::from_elem(v)));
                phase1::inplace_fill_scalar(&self.dev, &d, sv)?
            }
        };
        self.dev.launch(p)?;
        Ok(dst.clone())
    }

    /// Writes the identity (ones on the main diagonal) into the 2-d device
    /// array `dst` (a fresh C-contiguous buffer) through `aclnnEye` and
    /// returns it.
    pub fn eye(&self, dst: &Array) -> Result<Array> {
        let [n, m] = dst.shape() else {
            return Err(Error::runtime_error(
                "internal: aclnnEye of a non-2-d array",
            ));
        };
        let d = self.operand(dst)?;
        self.dev.bind()?;
        self.dev
            .launch(phase1::eye(&self.dev, *n as i64, *m as i64, &d)?)?;
        Ok(dst.clone())
    }

    /// Writes `start, start + step, ...` (integers, one per element) into
    /// the fresh 1-d device array `dst` through `aclnnArange` (INT64
    /// bounds) and returns it.
    pub fn arange(&self, dst: &Array, start: i64, step: i64) -> Result<Array> {
        let d = self.operand(dst)?;
        let end = start + dst.size() as i64 * step;
        self.dev.bind()?;
        self.dev.launch(phase1::arange(
            &self.dev,
            HostScalar::new(start),
            HostScalar::new(end),
            HostScalar::new(step),
            &d,
        )?)?;
        Ok(dst.clone())
    }

    /// `np.concatenate(parts, axis)` into a new array of `shape` through
    /// `aclnnCat`: `parts` non-empty, of one dtype, shapes agreeing off
    /// `axis` (dispatch has checked and cast them).
    pub fn concat(&self, parts: &[Array], axis: usize, shape: &[usize]) -> Result<Array> {
        let xs: Vec<DeviceArray> = parts
            .iter()
            .map(|a| self.operand(a))
            .collect::<Result<_>>()?;
        let refs: Vec<&DeviceArray> = xs.iter().collect();
        let o = self.empty(shape, parts[0].dtype())?;
        self.dev.bind()?;
        self.dev
            .launch(phase1::cat(&self.dev, TensorList(&refs), axis as i64, &o)?)?;
        Ok(self.wrap(o))
    }

    /// `a` sorted along `dim` by one stable ascending `aclnnSort` (NaN
    /// last, as NumPy): the sorted values, or with `indices` the int64
    /// positions that sort each lane (`np.sort` / `np.argsort`).
    pub fn sort(&self, a: &Array, dim: usize, indices: bool) -> Result<Array> {
        let x = self.operand(a)?;
        let v = self.empty(a.shape(), a.dtype())?;
        let i = self.empty(a.shape(), DType::Int64)?;
        self.dev.bind()?;
        self.dev.launch(phase1::sort(
            &self.dev, &x, true, dim as i64, false, &v, &i,
        )?)?;
        Ok(self.wrap(if indices { i } else { v }))
    }

    /// The int64 counts of the values `0..n` in the 1-d non-negative `x`
    /// (every value below `n`) through one `aclnnBincount`, no weights.
    pub fn bincount(&self, x: &Array, n: usize) -> Result<Array> {
        let s = self.operand(x)?;
        let o = self.empty(&[n], DType::Int64)?;
        self.dev.bind()?;
        self.dev
            .launch(phase1::bincount(&self.dev, &s, None, 0, &o)?)?;
        Ok(self.wrap(o))
    }

    /// The `(count, a.ndim)` int64 indices of the nonzero elements of `a`
    /// (`np.argwhere`) through one `aclnnNonzero`; `count` is their number
    /// (the caller counted them: the output's shape is the data's).
    pub fn nonzero(&self, a: &Array, count: usize) -> Result<Array> {
        let x = self.operand(a)?;
        let o = self.empty(&[count, a.ndim()], DType::Int64)?;
        self.dev.bind()?;
        self.dev.launch(phase1::nonzero(&self.dev, &x, &o)?)?;
        Ok(self.wrap(o))
    }

    /// `np.searchsorted(seq, v, side, sorter)` through one
    /// `aclnnSearchSorted`: `seq` 1-d, `v` of its dtype, `sorter` (int64)
    /// given or not; int64 insertion points in `v`'s shape.
    pub fn searchsorted(
        &self,
        seq: &Array,
        v: &Array,
        right: bool,
        sorter: Option<&Array>,
    ) -> Result<Array> {
        let s = self.operand(seq)?;
        let x = self.operand(v)?;
        let order = sorter.map(|o| self.operand(o)).transpose()?;
        let o = self.empty(v.shape(), DType::Int64)?;
        self.dev.bind()?;
        self.dev.launch(phase1::search_sorted(
            &self.dev,
            &s,
            &x,
            false,
            right,
            order.as_ref(),
            &o,
        )?)?;
        Ok(self.wrap(o))
    }

    /// `np.roll(a, shifts, dims)` (one shift per dim, dims distinct)
    /// through `aclnnRoll`.
    pub fn roll(&self, a: &Array, shifts: &[i64], dims: &[i64]) -> Result<Array> {
        let x = self.operand(a)?;
        let o = self.empty(a.shape(), a.dtype())?;
        self.dev.bind()?;
        self.dev.launch(phase1::roll(
            &self.dev,
            &x,
            IntArray(shifts),
            IntArray(dims),
            &o,
        )?)?;
        Ok(self.wrap(o))
    }

    /// The lower (`aclnnTril`) or upper (`aclnnTriu`) triangle of the last
    /// two axes of `a` from diagonal `k` on, the rest zeroed (`np.tril`,
    /// `np.triu`).
    pub fn tri(&self, a: &Array, k: i64, lower: bool) -> Result<Array> {
        let x = self.operand(a)?;
        let o = self.empty(a.shape(), a.dtype())?;
        self.dev.bind()?;
        let p = if lower {
            phase1::tril(&self.dev, &x, k, &o)?
        } else {
            phase1::triu(&self.dev, &x, k, &o)?
        };
        self.dev.launch(p)?;
        Ok(self.wrap(o))
    }

    /// `out = a @ b` through `aclnnMatmul` with `cubeMathType` 0 (exact
    /// float32); `a` and `b` already of one accepted dtype, NumPy's
    /// matmul shapes.
    pub fn matmul(&self, a: &Array, b: &Array, shape: &[usize]) -> Result<Array> {
        let (x, y) = (self.operand(a)?, self.operand(b)?);
        let out = self.empty(shape, a.dtype())?;
        self.dev.bind()?;
        self.dev
            .launch(phase1::matmul(&self.dev, &x, &y, &out, 0)?)?;
        Ok(self.wrap(out))
    }
}

impl Backend for AscendBackend {
    fn name(&self) -> &'static str {
        "npu"
    }

    fn unary(&self, op: UnaryOp, a: &Array, out: DType) -> Result<Array> {
        if let Some(r) = self.compose_unary(op, a)? {
            return Ok(r);
        }
        let f = match op {
            UnaryOp::Negative => phase1::neg,
            UnaryOp::Absolute | UnaryOp::Fabs => phase1::abs,
            UnaryOp::Exp => phase1::exp,
            UnaryOp::Log => phase1::log,
            UnaryOp::Sqrt => phase1::sqrt,
            UnaryOp::Sin => phase1::sin,
            UnaryOp::Cos => phase1::cos,
            UnaryOp::Tanh => phase1::tanh,
            UnaryOp::Rint => phase1::round,
            UnaryOp::LogicalNot => phase1::logical_not,
            UnaryOp::Floor => phase1::floor,
            UnaryOp::Ceil => phase1::ceil,
            UnaryOp::Trunc => phase1::trunc,
            UnaryOp::Sign => phase1::sign,
            UnaryOp::Signbit => phase1::signbit,
            UnaryOp::Tan => phase1::tan,
            UnaryOp::Arcsin => phase1::asin,
            UnaryOp::Arccos => phase1::acos,
            UnaryOp::Arctan => phase1::atan,
            UnaryOp::Sinh => phase1::sinh,
            UnaryOp::Cosh => phase1::cosh,
            UnaryOp::Arcsinh => phase1::asinh,
            UnaryOp::Arccosh => phase1::acosh,
            UnaryOp::Arctanh => phase1::atanh,
            UnaryOp::Log2 => phase1::log2,
            UnaryOp::Log10 => phase1::log10,
            UnaryOp::Log1p => phase1::log1p,
            UnaryOp::Expm1 => phase1::expm1,
            UnaryOp::Exp2 => phase1::exp2,
            UnaryOp::Reciprocal => phase1::reciprocal,
            UnaryOp::Invert => phase1::bitwise_not,
            UnaryOp::Isfinite => phase1::is_finite,
            UnaryOp::Real if a.dtype().is_complex() => phase1::real,
            _ => return Err(unmapped(Op::Unary(op))),
        };
        let x = self.operand(a)?;
        let o = self.empty(a.shape(), out)?;
        self.dev.bind()?;
        self.dev.launch(f(&self.dev, &x, &o)?)?;
        Ok(self.wrap(o))
    }

    fn binary(&self, op: BinaryOp, a: &Array, b: &Array, out: DType) -> Result<Array> {
        use BinaryOp as B;
        if Self::aclnn_for(Op::Binary(op)).is_none() {
            return Err(unmapped(Op::Binary(op)));
        }
        if matches!(op, B::Maximum | B::Minimum | B::Fmax | B::Fmin) {
            return self.extremum(op, a, b);
        }
        let (x, y) = (self.operand(a)?, self.operand(b)?);
        let o = self.empty(a.shape(), out)?;
        self.dev.bind()?;
        let (dev, one) = (&*self.dev, HostScalar::one(a.dtype()));
        let (x, y, o_) = (&x, &y, &o);
        let p = match op {
            B::Add => phase1::add(dev, x, y, one, o_)?,
            B::Subtract => phase1::sub(dev, x, y, one, o_)?,
            B::Multiply => phase1::mul(dev, x, y, o_)?,
            B::TrueDivide => phase1::div(dev, x, y, o_)?,
            B::Equal => phase1::eq_tensor(dev, x, y, o_)?,
            B::NotEqual => phase1::ne_tensor(dev, x, y, o_)?,
            B::Less => phase1::lt_tensor(dev, x, y, o_)?,
            B::LessEqual => phase1::le_tensor(dev, x, y, o_)?,
            B::Greater => phase1::gt_tensor(dev, x, y, o_)?,
            B::GreaterEqual => phase1::ge_tensor(dev, x, y, o_)?,
            B::Remainder => phase1::remainder(dev, x, y, o_)?,
            B::FloorDivide => phase1::floor_divide(dev, x, y, o_)?,
            B::Power => phase1::pow(dev, x, y, o_)?,
            B::Arctan2 => phase1::atan2(dev, x, y, o_)?,
            B::Fmod => phase1::fmod(dev, x, y, o_)?,
            B::Gcd => phase1::gcd(dev, x, y, o_)?,
            B::BitwiseAnd => phase1::bitwise_and(dev, x, y, o_)?,
            B::BitwiseOr => phase1::bitwise_or(dev, x, y, o_)?,
            B::BitwiseXor => phase1::bitwise_xor(dev, x, y, o_)?,
            B::LogicalXor => phase1::logical_xor(dev, x, y, o_)?,
            B::LogicalAnd => phase1::logical_and(dev, x, y, o_)?,
            B::LogicalOr => phase1::logical_or(dev, x, y, o_)?,
            B::Logaddexp => phase1::log_add_exp(dev, x, y, o_)?,
            B::Logaddexp2 => phase1::log_add_exp2(dev, x, y, o_)?,
            _ => return Err(unmapped(Op::Binary(op))),
        };
        self.dev.launch(p)?;
        Ok(self.wrap(o))
    }

    /// Sums, products, extrema and their one-axis forms; `mean` through
    /// `aclnnMean` in `a`'s dtype, `var`/`std` through
    /// `aclnnVarCorrection`/`aclnnStd` with `correction = ddof` (dispatch
    /// sends an integral `0 <= ddof < n` only; the result is real for a
    /// complex `a`).
    fn reduce(&self, op: ReduceOp, a: &Array, axes: &[usize], ddof: f64) -> Result<Array> {
        if Self::aclnn_for(Op::Reduce(op)).is_none() {
            return Err(unmapped(Op::Reduce(op)));
        }
        if a.size() == 0 {
            return Err(Error::not_implemented(
                "aclnn reductions: an empty input runs on the host",
            ));
        }
        if matches!(
            op,
            ReduceOp::Argmax | ReduceOp::Argmin | ReduceOp::Cumsum | ReduceOp::Cumprod
        ) {
            return self.along_axis(op, a, axes[0]);
        }
        let all = axes.len() == a.ndim();
        if op == ReduceOp::Prod && !all && axes.len() > 1 {
            return Err(Error::not_implemented(
                "aclnnProd/aclnnProdDim: a product over some but not all of several axes",
            ));
        }
        let x = self.operand(a)?;
        let shape: Vec<usize> = (0..a.ndim())
            .filter(|i| !axes.contains(i))
            .map(|i| a.shape()[i])
            .collect();
        let out = match op {
            ReduceOp::Var | ReduceOp::Std => a.dtype().real_dtype(),
            ReduceOp::All | ReduceOp::Any => DType::Bool,
            _ => a.dtype(),
        };
        let o = self.empty(&shape, out)?;
        self.dev.bind()?;
        let dims: Vec<i64> = axes.iter().map(|&i| i as i64).collect();
        let (dev, dd, dt) = (&*self.dev, IntArray(&dims), acl_dtype(a.dtype()));
        let p = match op {
            ReduceOp::Sum => phase1::reduce_sum(dev, &x, dd, false, dt, &o)?,
            ReduceOp::Prod if all => phase1::prod(dev, &x, dt, &o)?,
            ReduceOp::Prod => phase1::prod_dim(dev, &x, dims[0], false, dt, &o)?,
            ReduceOp::Max => phase1::amax(dev, &x, dd, false, &o)?,
            ReduceOp::All => phase1::all(dev, &x, dd, false, &o)?,
            ReduceOp::Any => phase1::any(dev, &x, dd, false, &o)?,
            ReduceOp::Mean => phase1::mean(dev, &x, dd, false, dt, &o)?,
            ReduceOp::Var => phase1::var_correction(dev, &x, dd, ddof as i64, false, &o)?,
            ReduceOp::Std => phase1::std(dev, &x, dd, ddof as i64, false, &o)?,
            _ => phase1::amin(dev, &x, dd, false, &o)?,
        };
        self.dev.launch(p)?;
        Ok(self.wrap(o))
    }

    fn cast(&self, a: &Array, dtype: DType) -> Result<Array> {
        let x = self.operand(a)?;
        let o = self.empty(a.shape(), dtype)?;
        self.dev.bind()?;
        let p = if dtype == a.dtype() {
            phase1::inplace_copy(&self.dev, &o, &x)?
        } else {
            phase1::cast(&self.dev, &x, acl_dtype(dtype), &o)?
        };
        self.dev.launch(p)?;
        Ok(self.wrap(o))
    }

    fn copy_into(&self, src: &Array, dst: &Array) -> Result<()> {
        if dst.layout().strides.iter().any(|&s| s < 0) {
            return Err(Error::not_implemented(
                "aclnnInplaceCopy: a destination with a negative stride",
            ));
        }
        let (x, d) = (self.operand(src)?, self.operand(dst)?);
        self.dev.bind()?;
        self.dev.launch(phase1::inplace_copy(&self.dev, &d, &x)?)?;
        Ok(())
    }

    fn where_(&self, cond: &Array, a: &Array, b: &Array) -> Result<Array> {
        let (c, x, y) = (self.operand(cond)?, self.operand(a)?, self.operand(b)?);
        let o = self.empty(a.shape(), a.dtype())?;
        self.dev.bind()?;
        self.dev
            .launch(phase1::s_where(&self.dev, &c, &x, &y, &o)?)?;
        Ok(self.wrap(o))
    }

    /// `aclnnIndexSelect` on dim 0 of a 1-d view of `a`'s buffer (its
    /// first `max(offsets) + 1` elements), with the offsets uploaded as an
    /// INT64 index; the result is reshaped to `shape` for free.
    fn take(&self, a: &Array, offsets: &[usize], shape: &[usize]) -> Result<Array> {
        let out = self.empty(shape, a.dtype())?;
        let Some((flat, index)) = self.by_offsets(a, offsets)? else {
            return Ok(self.wrap(out));
        };
        let o = out.with_layout(xpush_core::layout::Layout::contiguous(&[offsets.len()]));
        self.dev.bind()?;
        self.dev
            .launch(phase1::index_select(&self.dev, &flat, 0, &index, &o)?)?;
        Ok(self.wrap(out))
    }

    /// `aclnnIndexPutImpl` on a 1-d view of `dst`'s buffer (its first
    /// `max(offsets) + 1` elements) with the offsets uploaded as one INT64
    /// index tensor and `values` (of `dst`'s dtype, one per offset, in C
    /// order) as a contiguous 1-d tensor. NumPy writes repeated indices in
    /// order, so the last value wins; aclnn does not promise an order
    /// without `accumulate`, so offsets with repeats are
    /// `NotImplementedError` (the host runs them).
    fn put(&self, dst: &Array, offsets: &[usize], values: &Array) -> Result<()> {
        let mut seen = offsets.to_vec();
        seen.sort_unstable();
        if seen.windows(2).any(|w| w[0] == w[1]) {
            return Err(Error::not_implemented(
                "aclnnIndexPutImpl: repeated indices (NumPy's last-write order)",
            ));
        }
        let Some((flat, index)) = self.by_offsets(dst, offsets)? else {
            return Ok(());
        };
        let v = if values.layout().is_c_contiguous() {
            self.operand(values)?
        } else {
            let c = self.empty(values.shape(), values.dtype())?;
            self.copy_into(values, &self.wrap(c.clone()))?;
            c
        };
        let v = v.with_layout(xpush_core::layout::Layout {
            offset: v.layout().offset,
            ..xpush_core::layout::Layout::contiguous(&[offsets.len()])
        });
        self.dev.bind()?;
        let indices = TensorList(&[&index]);
        self.dev.launch(phase1::index_put_impl(
            &self.dev, &flat, indices, &v, false, false,
        )?)?;
        Ok(())
    }
}
