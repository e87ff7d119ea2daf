//! The NPU dtype policy: from `xpush-cann`'s table of what each aclnn op
//! accepts on the 910B (Atlas A2; research notes §6.2, "accepted by API on
//! A2 (L2)"), one decision per op × dtype × float64 mode: run natively, demote, run
//! on the host, or raise (DESIGN §2).
//!
//! | input dtype | accepted by the op | `float32` (default) | `cpu` | `off` |
//! |---|---|---|---|---|
//! | float64 / complex128 | yes | demote to float32 / complex64 | host (exact) | native |
//! | float64 / complex128 | no | demote | host | `NotImplementedError` naming op and mode |
//! | int64 | only int32 | demote to int32 | host | host |
//! | anything else | no (uint64, uint16, bool where refused, ...) | host | host | host |
//! | any | op missing from the install or not mapped | host, with a note | host | host |
//! | any | accepted, but not NumPy's result (`support::ON_HOST`) | host | host | host |
//!
//! Data-movement ops (cast, copy, where) are never demoted: they move
//! float64 values unchanged where the table accepts them.

use xpush_core::dtype::DType;
use xpush_core::error::{Error, Result};

use DType::{
    Complex128 as C128, Complex64 as C64, Float32 as F32, Float64 as F64, Int32 as I32,
    Int64 as I64,
};

/// How float64/complex128 work runs on the NPU (`:mode float64=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Float64Mode {
    /// Demote to float32/complex64 at dispatch, compute on the NPU, cast
    /// the result back (numpy-ascend's default).
    #[default]
    Float32,
    /// Run the op exactly on the cpu device, with copies there and back.
    Cpu,
    /// Native double where the op takes it; otherwise an error naming the
    /// op and the mode.
    Off,
}

impl Float64Mode {
    /// The mode's name (`float32`, `cpu`, `off`).
    pub fn name(self) -> &'static str {
        match self {
            Float64Mode::Float32 => "float32",
            Float64Mode::Cpu => "cpu",
            Float64Mode::Off => "off",
        }
    }

    /// Parses a mode name (case-insensitive; `float32`, `cpu`, `off`).
    pub fn parse(s: &str) -> Result<Float64Mode> {
        match s.trim().to_ascii_lowercase().as_str() {
            "float32" => Ok(Float64Mode::Float32),
            "cpu" => Ok(Float64Mode::Cpu),
            "off" => Ok(Float64Mode::Off),
            _ => Err(Error::value_error(format!(
                "unknown float64 mode '{s}' (expected 'float32', 'cpu' or 'off')"
            ))),
        }
    }

    /// The mode set in the environment, if any, read through `var` (pass
    /// `|k| std::env::var(k).ok()`), in this order:
    /// 1. `XPUSH_FLOAT64_MODE` (xpush's own);
    /// 2. `CUPY_ASCEND_FLOAT64_MODE` (the name numpy-ascend users know);
    /// 3. legacy `CUPY_ASCEND_ENABLE_FLOAT64_TO_FLOAT32=1`, meaning
    ///    `float32` (any other value is ignored).
    ///
    /// A set but unknown value is a `ValueError` naming the variable.
    pub fn from_env(var: &dyn Fn(&str) -> Option<String>) -> Result<Option<Float64Mode>> {
        for k in ["XPUSH_FLOAT64_MODE", "CUPY_ASCEND_FLOAT64_MODE"] {
            if let Some(v) = var(k) {
                return Float64Mode::parse(&v)
                    .map(Some)
                    .map_err(|e| Error::value_error(format!("{k}: {}", e.msg())));
            }
        }
        if var("CUPY_ASCEND_ENABLE_FLOAT64_TO_FLOAT32").as_deref() == Some("1") {
            return Ok(Some(Float64Mode::Float32));
        }
        Ok(None)
    }
}

pub use xpush_cann::support::{support, OpSupport, TABLE};

/// How one op call runs on the NPU.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    /// On the NPU in the given dtype.
    Native,
    /// On the NPU with inputs cast to `to`, the result cast back.
    Demote {
        /// The dtype computed in.
        to: DType,
    },
    /// On the cpu device, with copies there and back; `note` says why.
    Host {
        /// Why (for `:profile`).
        note: String,
    },
    /// Not run: the error to raise.
    Raise(Error),
}

/// The float64-class dtype's demotion (float64 -> float32, complex128 ->
/// complex64).
fn demote_double(d: DType) -> Option<DType> {
    match d {
        F64 => Some(F32),
        C128 => Some(C64),
        _ => None,
    }
}

/// Decides how `aclnn` runs on inputs of dtype `d` under `mode`. `aclnn`
/// is `None` for an op the ascend backend does not map (`op` names it).
/// A fused chain's launches are named together, joined by `+`
/// (`aclnnMuls+aclnnAdd`), and run in one dtype on one device: the
/// strictest of their plans holds for all (raise, then the host, then
/// demotion, then native).
pub fn decide(op: &str, aclnn: Option<&str>, d: DType, mode: Float64Mode) -> Plan {
    let Some(list) = aclnn.filter(|a| a.contains('+')) else {
        return decide_one(op, aclnn, d, mode);
    };
    let rank = |p: &Plan| match p {
        Plan::Raise(_) => 0,
        Plan::Host { .. } => 1,
        Plan::Demote { .. } => 2,
        Plan::Native => 3,
    };
    list.split('+')
        .map(|a| decide_one(op, Some(a), d, mode))
        .min_by_key(rank)
        .unwrap_or(Plan::Native)
}

fn decide_one(op: &str, aclnn: Option<&str>, d: DType, mode: Float64Mode) -> Plan {
    let double = demote_double(d).is_some();
    // Not mapped (or not in the table): the host, in every mode, as the
    // table above says; `off` only refuses what the 910B itself rejects.
    let Some(row) = aclnn.and_then(support) else {
        return Plan::Host {
            note: format!("{op}: no aclnn mapping; ran on the cpu"),
        };
    };
    if let Some(why) = xpush_cann::support::on_host(row.aclnn, d) {
        return Plan::Host {
            note: format!("{} of {} runs on the cpu: {why}", row.aclnn, d.name()),
        };
    }
    let accepted = row.accepts.contains(&d);
    if double && !row.moves_data {
        return match mode {
            Float64Mode::Float32 => match demote_double(d) {
                Some(to) if row.accepts.contains(&to) => Plan::Demote { to },
                _ => Plan::Host {
                    note: format!("{}: {} not accepted, even demoted", row.aclnn, d.name()),
                },
            },
            Float64Mode::Cpu => Plan::Host {
                note: format!("{} of {} (float64 mode 'cpu')", row.aclnn, d.name()),
            },
            Float64Mode::Off if accepted => Plan::Native,
            Float64Mode::Off => Plan::Raise(Error::not_implemented(format!(
                "{} does not support {} on the NPU (float64 mode 'off')",
                row.aclnn,
                d.name()
            ))),
        };
    }
    if accepted {
        return Plan::Native;
    }
    if d == I64 && mode == Float64Mode::Float32 && row.accepts.contains(&I32) && !row.moves_data {
        return Plan::Demote { to: I32 };
    }
    Plan::Host {
        note: format!(
            "{} does not take {} on the 910B; ran on the cpu",
            row.aclnn,
            d.name()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DType::UInt64 as U64;

    #[test]
    fn modes_and_env() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(Float64Mode::from_env(&env(&[])).unwrap(), None);
        assert_eq!(
            Float64Mode::from_env(&env(&[("XPUSH_FLOAT64_MODE", "cpu")])).unwrap(),
            Some(Float64Mode::Cpu)
        );
        assert_eq!(
            Float64Mode::from_env(&env(&[
                ("CUPY_ASCEND_FLOAT64_MODE", "off"),
                ("CUPY_ASCEND_ENABLE_FLOAT64_TO_FLOAT32", "1")
            ]))
            .unwrap(),
            Some(Float64Mode::Off)
        );
        assert_eq!(
            Float64Mode::from_env(&env(&[("CUPY_ASCEND_ENABLE_FLOAT64_TO_FLOAT32", "1")])).unwrap(),
            Some(Float64Mode::Float32)
        );
        let e = Float64Mode::from_env(&env(&[("XPUSH_FLOAT64_MODE", "fast")])).unwrap_err();
        assert!(e
            .msg()
            .starts_with("XPUSH_FLOAT64_MODE: unknown float64 mode 'fast'"));
    }

    #[test]
    fn decisions() {
        use Float64Mode::*;
        let m = Some("aclnnMatmul");
        assert_eq!(decide("matmul", m, F32, Off), Plan::Native);
        assert_eq!(decide("matmul", m, F64, Float32), Plan::Demote { to: F32 });
        assert!(matches!(decide("matmul", m, F64, Cpu), Plan::Host { .. }));
        let Plan::Raise(e) = decide("matmul", m, F64, Off) else {
            panic!()
        };
        assert_eq!(
            e.to_string(),
            "NotImplementedError: aclnnMatmul does not support float64 on the NPU (float64 mode 'off')"
        );
        assert_eq!(decide("add", Some("aclnnAdd"), F64, Off), Plan::Native);
        assert!(matches!(
            decide("add", Some("aclnnAdd"), U64, Off),
            Plan::Host { .. }
        ));
        assert_eq!(
            decide("cast", Some("aclnnCast"), F64, Float32),
            Plan::Native
        );
        assert!(matches!(
            decide("gcd", None, I32, Float32),
            Plan::Host { .. }
        ));
        // A fused chain's launches: the strictest plan of them all.
        let chain = Some("aclnnMuls+aclnnAdd+aclnnAddcdiv");
        assert_eq!(decide("fused", chain, F32, Off), Plan::Native);
        assert_eq!(
            decide("fused", chain, F64, Float32),
            Plan::Demote { to: F32 }
        );
        assert!(matches!(
            decide("fused", chain, F64, Cpu),
            Plan::Host { .. }
        ));
        // aclnnAddcdiv takes no int32: the whole chain goes to the host.
        assert!(matches!(
            decide("fused", chain, I32, Off),
            Plan::Host { .. }
        ));
        assert_eq!(decide("add", Some("aclnnAdd"), I32, Off), Plan::Native);
    }

    /// A dtype the 910B takes whose result is not NumPy's (`ON_HOST`):
    /// the host in every mode, never demoted, never an error under `off`.
    #[test]
    fn on_host_on_purpose() {
        use Float64Mode::*;
        let s = Some("aclnnSign");
        for mode in [Float32, Cpu, Off] {
            for d in [C64, C128] {
                let Plan::Host { note } = decide("sign", s, d, mode) else {
                    panic!("{} under {}", d.name(), mode.name())
                };
                assert!(note.contains("not NumPy's z/|z|"), "{note}");
            }
        }
        assert_eq!(decide("sign", s, F64, Off), Plan::Native);
        assert_eq!(decide("sign", s, I64, Float32), Plan::Native);
    }
}
