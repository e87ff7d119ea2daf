//! Finding and opening CANN (or acl-sim) at run time, with `libloading`.
//!
//! [`library_candidates`] lists, in order, every way xpush knows of getting
//! CANN's symbols; [`AclLibrary::load`] opens the first that works and
//! checks that the runtime core resolved (a missing runtime symbol is an
//! [`AclError`], never a panic). Each aclnn operator pair
//! (`aclnnXxxGetWorkspaceSize` / `aclnnXxx`) is resolved on first use and
//! cached; a missing op is an error of kind
//! [`AclErrorKind::OpUnavailable`], which the dispatch policy falls back
//! on. So one binary serves CANN 8.2, 8.5 and 9.0.
//!
//! The op list ([`aclnn_ops!`]) is the one place naming the aclnn ops xpush
//! calls; it generates the lazily resolved accessors and a typed phase-1
//! call for each, checked by the compiler against the typedefs in
//! `sys.rs` (from `npu/include/xpush_acl.h`).
#![allow(unsafe_code)]

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use libloading::Library;

use super::exec::{Arg, HostScalar, IntArray, Prepared, Signature, TensorList};
use super::result::{AclError, AclErrorKind};
use super::safe::{IntArrayDesc, ScalarDesc, TensorDesc, TensorListDesc};
use super::safe::{IntoMeta, Metas};
use super::tensor::DeviceArray;
use super::Device;
use xpush_cann::sys;

/// One way of getting CANN's symbols, as tried by [`AclLibrary::load`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Candidate {
    /// One library exporting the runtime, meta and operator symbols
    /// (`XPUSH_ACL_LIB`, e.g. acl-sim).
    Single(PathBuf),
    /// acl-sim as `--device npu-sim` finds it beside the binary: opened as
    /// [`Candidate::Single`] is, described as the simulator.
    Simulator(PathBuf),
    /// A CANN install: the runtime library, the meta library, and groups of
    /// op libraries; the first group of which at least one library opens is
    /// used (groups are alternatives, libraries in a group are all opened).
    Cann {
        /// `libascendcl.so` (the `aclrt*` runtime).
        runtime: PathBuf,
        /// `libnnopbase.so` (`aclCreateTensor` and the other meta objects).
        meta: PathBuf,
        /// Alternative groups of operator libraries, best first.
        ops: Vec<Vec<PathBuf>>,
    },
}

impl Candidate {
    /// The candidate as listed in the "nothing found" message.
    pub fn describe(&self) -> String {
        match self {
            Candidate::Single(p) => format!("XPUSH_ACL_LIB={}", p.display()),
            Candidate::Simulator(p) => format!("npu-sim: {}", p.display()),
            Candidate::Cann { runtime, meta, ops } => {
                let groups: Vec<String> = ops
                    .iter()
                    .map(|g| {
                        g.iter()
                            .map(|p| p.display().to_string())
                            .collect::<Vec<_>>()
                            .join(" + ")
                    })
                    .collect();
                format!(
                    "{} + {} + ops from [{}]",
                    runtime.display(),
                    meta.display(),
                    groups.join(", else ")
                )
            }
        }
    }
}

/// The operator libraries of the older (8.0-8.3) feature split, deprecated
/// from 8.5.0 (research §1.1; the list torch_npu falls back on).
const LEGACY_OP_LIBS: &[&str] = &[
    "libaclnn_ops_infer.so",
    "libaclnn_ops_train.so",
    "libaclnn_math.so",
    "libaclnn_rand.so",
    "libaclnn_sparse.so",
    "libaclnn_fft.so",
];

/// The per-repository op libraries of 8.5+/9.x, in the order they are
/// searched for a symbol (others found in `lib64` follow, sorted).
const OPAPI_ORDER: &[&str] = &[
    "libopapi_math.so",
    "libopapi_nn.so",
    "libopapi_cv.so",
    "libopapi_transformer.so",
    "libopapi_legacy.so",
];

/// Every candidate for providing CANN's symbols, best first. `var` reads
/// an environment variable (`std::env::var_os` in production; tests pass
/// their own).
///
/// 1. `XPUSH_ACL_LIB`: one library exporting everything. It exists for
///    acl-sim (tests and demos without an NPU) and for pointing xpush at a
///    specific build; it is tried first so that it wins over an installed
///    CANN.
/// 2. CANN itself: `libascendcl.so` (runtime) and `libnnopbase.so` (meta
///    objects) by soname, which `set_env.sh` puts on `LD_LIBRARY_PATH`
///    (their own dependencies are only found that way, so a full path
///    would not help), plus the op libraries, first group that opens:
///    - every `libopapi_*.so` under `$ASCEND_HOME_PATH/lib64` (or
///      `$ASCEND_TOOLKIT_HOME/lib64`): the per-repository split recommended
///      from 8.5.0/9.0.0, enumerated as torch_npu does because their set
///      varies between releases; `libopapi.so` must not be loaded with them;
///    - else `libopapi.so` (one library for all ops: what 8.x installs,
///      deprecated from 9.0.0), from that `lib64` when it is there, else by
///      soname;
///    - else the 8.0-8.3 feature libraries `libaclnn_*.so`.
pub fn library_candidates(var: &dyn Fn(&str) -> Option<OsString>) -> Vec<Candidate> {
    let mut out = Vec::new();
    if let Some(p) = var("XPUSH_ACL_LIB").filter(|p| !p.is_empty()) {
        out.push(Candidate::Single(PathBuf::from(p)));
    }
    let lib64 = ["ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME"]
        .iter()
        .filter_map(|v| var(v))
        .filter(|p| !p.is_empty())
        .map(|p| Path::new(&p).join("lib64"))
        .find(|p| p.is_dir());
    let mut ops = Vec::new();
    if let Some(dir) = &lib64 {
        let opapi = opapi_split_libs(dir);
        if !opapi.is_empty() {
            ops.push(opapi);
        }
    }
    let in_dir = |name: &str| match &lib64 {
        Some(d) if d.join(name).exists() => d.join(name),
        _ => PathBuf::from(name),
    };
    ops.push(vec![in_dir("libopapi.so")]);
    ops.push(LEGACY_OP_LIBS.iter().map(|n| in_dir(n)).collect());
    out.push(Candidate::Cann {
        runtime: PathBuf::from("libascendcl.so"),
        meta: PathBuf::from("libnnopbase.so"),
        ops,
    });
    out
}

/// The simulator library's file name (`libxpush_acl_sim.so` on Linux).
pub fn simulator_file_name() -> String {
    format!(
        "{}xpush_acl_sim{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    )
}

/// Where `--device npu-sim` finds acl-sim: beside the running binary, or
/// in the `deps/` folder beside it (where cargo builds it with the
/// binary, which depends on it for exactly that); the newer when both
/// have one (`cargo build -p xpush` refreshes only the copy in `deps/`,
/// so one beside the binary from an earlier build may be stale). An error
/// naming both places when neither has it.
pub fn simulator_path() -> Result<PathBuf, AclError> {
    let name = simulator_file_name();
    let exe = std::env::current_exe().map_err(|e| {
        AclError::new(
            AclErrorKind::NotFound,
            "starting npu-sim",
            None,
            format!("cannot locate the xpush binary: {e}"),
        )
    })?;
    let dir = exe.parent().unwrap_or(Path::new("."));
    let places = [dir.join(&name), dir.join("deps").join(&name)];
    let modified = |p: &PathBuf| p.metadata().and_then(|m| m.modified()).ok();
    if let Some(p) = places
        .iter()
        .filter(|p| p.is_file())
        .max_by_key(|p| modified(p))
    {
        return Ok(p.clone());
    }
    Err(AclError::new(
        AclErrorKind::NotFound,
        "starting npu-sim",
        None,
        format!(
            "the simulator library was not found at {} or {} (it is built with xpush: cargo build --release)",
            places[0].display(),
            places[1].display()
        ),
    ))
}

/// The `libopapi_*.so` files of `dir`, known ones first.
fn opapi_split_libs(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.starts_with("libopapi_") && n.ends_with(".so"))
        .collect();
    found.sort_by_key(|n| {
        (
            OPAPI_ORDER
                .iter()
                .position(|k| k == n)
                .unwrap_or(OPAPI_ORDER.len()),
            n.clone(),
        )
    });
    found.into_iter().map(|n| dir.join(n)).collect()
}

/// Whether a CANN (or `XPUSH_ACL_LIB`) library looks present, without
/// opening anything: for `:device` and the banner.
pub fn is_present() -> bool {
    let var = |k: &str| std::env::var_os(k);
    if var("XPUSH_ACL_LIB").is_some_and(|p| Path::new(&p).is_file()) {
        return true;
    }
    let mut dirs: Vec<PathBuf> = ["ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME"]
        .iter()
        .filter_map(|v| var(v))
        .map(|p| Path::new(&p).join("lib64"))
        .collect();
    if let Some(ld) = var("LD_LIBRARY_PATH") {
        dirs.extend(std::env::split_paths(&ld));
    }
    dirs.iter().any(|d| d.join("libascendcl.so").is_file())
}

/// Runtime and meta functions that must resolve for the backend to start.
macro_rules! required {
    ($lib:expr; $($f:ident),* $(,)?) => {{
        let mut missing: Vec<&'static str> = Vec::new();
        $(if $lib.$f.is_err() { missing.push(stringify!($f)); })*
        missing
    }};
}

/// The opened CANN (or acl-sim) libraries.
pub struct AclLibrary {
    origin: String,
    simulated_path: bool,
    /// Runtime functions (from `libascendcl.so` or the single library).
    pub(crate) rt: sys::AclLib,
    /// Meta functions (from `libnnopbase.so` or the single library).
    pub(crate) meta: sys::AclLib,
    op_libs: Vec<Library>,
    ops: OpTable,
}

impl std::fmt::Debug for AclLibrary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AclLibrary")
            .field("origin", &self.origin)
            .finish_non_exhaustive()
    }
}

/// Opens a library by path or soname.
fn open(path: &Path) -> Result<Library, String> {
    // SAFETY: opening a library runs its initialisers; the candidates are
    // CANN's own libraries or the one the user named in XPUSH_ACL_LIB, whose
    // initialisers are trusted as any linked library's would be.
    unsafe { Library::new(path) }.map_err(|e| e.to_string())
}

/// Resolves the runtime/meta struct from a library.
fn bind(path: &Path) -> Result<sys::AclLib, String> {
    let lib = open(path)?;
    // SAFETY: `from_library` only looks symbols up (dlsym); each field keeps
    // its own Result, and the fn pointer types come from the header the
    // library implements. The library handle moves into the struct, so the
    // pointers stay valid as long as it lives.
    unsafe { sys::AclLib::from_library(lib) }.map_err(|e| e.to_string())
}

impl AclLibrary {
    /// Opens the first of [`library_candidates`] (from the process
    /// environment) that works.
    pub fn load() -> Result<AclLibrary, AclError> {
        AclLibrary::load_from(&library_candidates(&|k| std::env::var_os(k)))
    }

    /// Opens the first candidate that works; with none, an error of kind
    /// [`AclErrorKind::NotFound`] listing what was tried.
    pub fn load_from(candidates: &[Candidate]) -> Result<AclLibrary, AclError> {
        let mut tried = Vec::new();
        for c in candidates {
            match AclLibrary::try_candidate(c) {
                Ok(lib) => return Ok(lib),
                Err(TryError::Fatal(e)) => return Err(e),
                Err(TryError::NotThere(why)) => tried.push(format!("{}: {why}", c.describe())),
            }
        }
        Err(AclError::not_found(&tried))
    }

    fn try_candidate(c: &Candidate) -> Result<AclLibrary, TryError> {
        let (origin, simulated_path, rt, meta, op_libs) = match c {
            Candidate::Single(p) | Candidate::Simulator(p) => {
                let rt = bind(p).map_err(TryError::NotThere)?;
                let meta = bind(p).map_err(TryError::NotThere)?;
                let ops = open(p).map_err(TryError::NotThere)?;
                (c.describe(), true, rt, meta, vec![ops])
            }
            Candidate::Cann { runtime, meta, ops } => {
                let rt = bind(runtime).map_err(TryError::NotThere)?;
                let me = bind(meta).map_err(TryError::NotThere)?;
                let mut opened = Vec::new();
                let mut names = Vec::new();
                for group in ops {
                    for p in group {
                        if let Ok(l) = open(p) {
                            opened.push(l);
                            names.push(p.display().to_string());
                        }
                    }
                    if !opened.is_empty() {
                        break;
                    }
                }
                if opened.is_empty() {
                    return Err(TryError::NotThere(
                        "no aclnn operator library (libopapi*.so) could be opened".into(),
                    ));
                }
                let origin = format!(
                    "{} + {} + {}",
                    runtime.display(),
                    meta.display(),
                    names.join(" + ")
                );
                (origin, false, rt, me, opened)
            }
        };
        let mut missing = required!(rt;
            aclInit, aclFinalize, aclrtSetDevice, aclrtResetDevice, aclrtGetDeviceCount,
            aclrtCreateStream, aclrtDestroyStream, aclrtSynchronizeStream, aclrtMalloc,
            aclrtFree, aclrtMemcpy, aclrtMemcpyAsync, aclrtMemset, aclrtGetMemInfo,
            aclrtCreateEventWithFlag, aclrtRecordEvent, aclrtEventElapsedTime,
            aclrtDestroyEvent, aclGetRecentErrMsg, aclrtGetSocName);
        missing.extend(required!(meta;
            aclCreateTensor, aclDestroyTensor, aclCreateScalar, aclDestroyScalar,
            aclCreateIntArray, aclDestroyIntArray, aclCreateTensorList, aclDestroyTensorList));
        if !missing.is_empty() {
            return Err(TryError::Fatal(AclError::new(
                AclErrorKind::MissingSymbol,
                format!("loading {}", c.describe()),
                None,
                format!(
                    "runtime symbols not found: {} (is this a CANN older than 8.0?)",
                    missing.join(", ")
                ),
            )));
        }
        Ok(AclLibrary {
            origin,
            simulated_path,
            rt,
            meta,
            op_libs,
            ops: OpTable::default(),
        })
    }

    /// What was opened (for `:device`).
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// Whether the library came from `XPUSH_ACL_LIB` rather than a CANN
    /// install (acl-sim also says so in its SoC name).
    pub fn from_xpush_acl_lib(&self) -> bool {
        self.simulated_path
    }

    /// Looks an operator symbol up in the op libraries, in order.
    fn lookup<T: Copy>(&self, name: &[u8]) -> Option<T> {
        self.op_libs.iter().find_map(|l| {
            // SAFETY: the symbol is read as the C type the header declares
            // for it (the caller's `T` is that typedef, an `Option<fn>`,
            // which is nullable); the library outlives `self`'s use of it
            // because `self` owns it.
            unsafe { l.get::<T>(name) }.ok().map(|s| *s)
        })
    }

    /// Whether the op libraries (or the libraries they load) export the
    /// function `name`, for optional features probed at start.
    pub fn has_symbol(&self, name: &str) -> bool {
        let sym = format!("{name}\0");
        self.lookup::<Option<unsafe extern "C" fn()>>(sym.as_bytes())
            .flatten()
            .is_some()
    }

    /// Whether the op libraries export both `name` and
    /// `{name}GetWorkspaceSize`, without caching (for probes and tests);
    /// a missing pair is [`AclErrorKind::OpUnavailable`].
    pub fn probe_op(&self, name: &str) -> Result<(), AclError> {
        let ws = format!("{name}GetWorkspaceSize\0");
        let run = format!("{name}\0");
        let a: Option<sys::aclnnRun_t> = self.lookup(ws.as_bytes());
        let b: Option<sys::aclnnRun_t> = self.lookup(run.as_bytes());
        match (a.flatten(), b.flatten()) {
            (Some(_), Some(_)) => Ok(()),
            _ => Err(AclError::op_unavailable(name, &self.origin)),
        }
    }
}

enum TryError {
    NotThere(String),
    Fatal(AclError),
}

/// The non-`Option` fn type inside a bindgen function-pointer typedef.
pub trait FnPtr {
    /// The function pointer type.
    type Inner: Copy;
    /// Unwraps the typedef's `Option`.
    fn get(self) -> Option<Self::Inner>;
}

impl<F: Copy> FnPtr for Option<F> {
    type Inner = F;
    fn get(self) -> Option<F> {
        self
    }
}

/// A resolved aclnn pair.
#[derive(Clone, Copy)]
pub struct OpFns<F: Copy> {
    /// The op name (`"aclnnAdd"`).
    pub name: &'static str,
    /// Phase 1 (`aclnnXxxGetWorkspaceSize`).
    pub get_workspace: F,
    /// Phase 2 (`aclnnXxx`).
    pub run: <sys::aclnnRun_t as FnPtr>::Inner,
}

impl<F: Copy> std::fmt::Debug for OpFns<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpFns").field("name", &self.name).finish()
    }
}

/// A phase-1 argument: how a Rust value is passed to C.
pub trait ToFfi {
    /// The C type.
    type Raw;
    /// The value passed.
    fn to_ffi(&self) -> Self::Raw;
}

impl ToFfi for TensorDesc<'_> {
    type Raw = *mut sys::aclTensor;
    fn to_ffi(&self) -> Self::Raw {
        self.as_ptr()
    }
}

impl ToFfi for Option<TensorDesc<'_>> {
    type Raw = *mut sys::aclTensor;
    fn to_ffi(&self) -> Self::Raw {
        self.as_ref()
            .map_or(std::ptr::null_mut(), TensorDesc::as_ptr)
    }
}

impl ToFfi for ScalarDesc<'_> {
    type Raw = *mut sys::aclScalar;
    fn to_ffi(&self) -> Self::Raw {
        self.as_ptr()
    }
}

impl ToFfi for TensorListDesc<'_> {
    type Raw = *mut sys::aclTensorList;
    fn to_ffi(&self) -> Self::Raw {
        self.as_ptr()
    }
}

impl ToFfi for IntArrayDesc<'_> {
    type Raw = *mut sys::aclIntArray;
    fn to_ffi(&self) -> Self::Raw {
        self.as_ptr()
    }
}

macro_rules! ffi_identity {
    ($($t:ty),*) => {$(
        impl ToFfi for $t {
            type Raw = $t;
            fn to_ffi(&self) -> $t {
                *self
            }
        }
    )*};
}
ffi_identity!(bool, i8, i32, i64);

/// The aclnn ops xpush calls: for each, a cached lazily resolved accessor
/// and a typed phase-1 call returning a [`Prepared`] executor.
macro_rules! aclnn_ops {
    ($(
        $(#[$doc:meta])*
        $field:ident $name:literal $ty:ident ($($arg:ident: $aty:ty),* $(,)?);
    )*) => {
        /// Cache of resolved aclnn pairs (`None` = missing on this install).
        #[derive(Default)]
        struct OpTable {
            $($field: OnceLock<Option<OpFns<<sys::$ty as FnPtr>::Inner>>>,)*
        }

        /// The name of every aclnn op in the table, in order.
        pub const ACLNN_OPS: &[&str] = &[$($name,)*];

        /// Typed, lazily resolved access to each aclnn op.
        pub mod op_types {
            use super::*;
            $(
                #[doc = concat!("Phase 1 of `", $name, "`.")]
                #[allow(non_camel_case_types)]
                pub type $ty = <sys::$ty as FnPtr>::Inner;
            )*
        }

        impl AclLibrary {
            $(
                #[doc = concat!("`", $name, "`, resolved on first use and cached; ",
                                "[`AclErrorKind::OpUnavailable`] if this install lacks it.")]
                pub fn $field(&self) -> Result<OpFns<op_types::$ty>, AclError> {
                    let slot = self.ops.$field.get_or_init(|| {
                        let ws: Option<sys::$ty> =
                            self.lookup(concat!($name, "GetWorkspaceSize\0").as_bytes());
                        let run: Option<sys::aclnnRun_t> =
                            self.lookup(concat!($name, "\0").as_bytes());
                        Some(OpFns {
                            name: $name,
                            get_workspace: ws.and_then(FnPtr::get)?,
                            run: run.and_then(FnPtr::get)?,
                        })
                    });
                    slot.ok_or_else(|| AclError::op_unavailable($name, &self.origin))
                }
            )*
        }

        /// Phase 1 of each op, through the device's executor cache
        /// ([`crate::exec`]): a call like an earlier one reuses its
        /// executor; otherwise the arguments become descriptors and phase
        /// 1 builds the executor and reports the workspace size. Phase 2
        /// is [`Prepared`]'s job.
        pub mod phase1 {
            use super::*;
            $(
                $(#[$doc])*
                #[allow(clippy::too_many_arguments)]
                pub fn $field(dev: &Device, $($arg: $aty),*) -> Result<Prepared, AclError> {
                    let lib = dev.lib();
                    let fns = lib.$field()?;
                    let mut sig = Signature::new(fns.name);
                    if dev.is_capturing() {
                        sig.hold_buffers();
                    }
                    $(Arg::sign(&$arg, stringify!($arg), &mut sig);)*
                    let cache = dev.exec_cache();
                    if let Some(mut p) = cache.reuse(&sig, fns.run) {
                        p.hold(&mut sig);
                        return Ok(p);
                    }
                    $(let $arg = Arg::describe(&$arg, lib)?;)*
                    let mut ws: u64 = 0;
                    let mut exec: *mut sys::aclOpExecutor = std::ptr::null_mut();
                    // SAFETY: the descriptors are live owners (they move
                    // into the executor's `Metas` below, which outlives
                    // it), the scalar arguments are passed by value with
                    // the C types of the header, and the two out-pointers
                    // point at locals. The function pointer was resolved
                    // from the op library with this exact type.
                    let status = unsafe {
                        (fns.get_workspace)($($arg.to_ffi(),)* &mut ws, &mut exec)
                    };
                    let metas = Metas::new(dev.lib_arc(), vec![$(IntoMeta::into_meta($arg)),*]);
                    let mut p = Prepared::new(dev.lib_arc(), fns.name, fns.run, status, ws, exec, metas)?;
                    cache.adopt(&mut p, &sig);
                    p.hold(&mut sig);
                    Ok(p)
                }
            )*
        }
    };
}

aclnn_ops! {
    /// `out = self + alpha * other`.
    add "aclnnAdd" aclnnAddGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, alpha: HostScalar, out: &DeviceArray);
    /// `out = self + alpha * other` with a scalar `other`.
    adds "aclnnAdds" aclnnAddsGetWorkspaceSize_t
        (self_: &DeviceArray, other: HostScalar, alpha: HostScalar, out: &DeviceArray);
    /// `out = self - alpha * other`.
    sub "aclnnSub" aclnnSubGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, alpha: HostScalar, out: &DeviceArray);
    /// `out = self - alpha * other` with a scalar `other`.
    subs "aclnnSubs" aclnnSubsGetWorkspaceSize_t
        (self_: &DeviceArray, other: HostScalar, alpha: HostScalar, out: &DeviceArray);
    /// `out = self * other`.
    mul "aclnnMul" aclnnMulGetWorkspaceSize_t (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = self * other` with a scalar `other`.
    muls "aclnnMuls" aclnnMulsGetWorkspaceSize_t (self_: &DeviceArray, other: HostScalar, out: &DeviceArray);
    /// `out = self == other` (BOOL) with a scalar `other`.
    eq_scalar "aclnnEqScalar" aclnnEqScalarGetWorkspaceSize_t
        (self_: &DeviceArray, other: HostScalar, out: &DeviceArray);
    /// `out = self < other` (BOOL) with a scalar `other`.
    lt_scalar "aclnnLtScalar" aclnnLtScalarGetWorkspaceSize_t
        (self_: &DeviceArray, other: HostScalar, out: &DeviceArray);
    /// `out = self > other` (BOOL) with a scalar `other`.
    gt_scalar "aclnnGtScalar" aclnnGtScalarGetWorkspaceSize_t
        (self_: &DeviceArray, other: HostScalar, out: &DeviceArray);
    /// `out = self <= other` (BOOL) with a scalar `other`.
    le_scalar "aclnnLeScalar" aclnnLeScalarGetWorkspaceSize_t
        (self_: &DeviceArray, other: HostScalar, out: &DeviceArray);
    /// `out = self >= other` (BOOL) with a scalar `other`.
    ge_scalar "aclnnGeScalar" aclnnGeScalarGetWorkspaceSize_t
        (self_: &DeviceArray, other: HostScalar, out: &DeviceArray);
    /// `out = self != other` (BOOL) with a scalar `other`.
    ne_scalar "aclnnNeScalar" aclnnNeScalarGetWorkspaceSize_t
        (self_: &DeviceArray, other: HostScalar, out: &DeviceArray);
    /// `out = other - alpha * self` with a scalar `other`.
    rsubs "aclnnRsubs" aclnnRsubsGetWorkspaceSize_t
        (self_: &DeviceArray, other: HostScalar, alpha: HostScalar, out: &DeviceArray);
    /// `out = self // other` with a scalar `other`.
    floor_divides "aclnnFloorDivides" aclnnFloorDividesGetWorkspaceSize_t
        (self_: &DeviceArray, other: HostScalar, out: &DeviceArray);
    /// `out = self % other` (Python's sign) with a scalar `other`.
    remainder_tensor_scalar "aclnnRemainderTensorScalar" aclnnRemainderTensorScalarGetWorkspaceSize_t
        (self_: &DeviceArray, other: HostScalar, out: &DeviceArray);
    /// `out = self % other` (Python's sign) with a scalar `self`.
    remainder_scalar_tensor "aclnnRemainderScalarTensor" aclnnRemainderScalarTensorGetWorkspaceSize_t
        (self_: HostScalar, other: &DeviceArray, out: &DeviceArray);
    /// `out = fmod(self, other)` (C's sign) with a scalar `other`.
    fmod_scalar "aclnnFmodScalar" aclnnFmodScalarGetWorkspaceSize_t
        (self_: &DeviceArray, other: HostScalar, out: &DeviceArray);
    /// `out = self ** exponent` with a scalar `exponent`.
    pow_tensor_scalar "aclnnPowTensorScalar" aclnnPowTensorScalarGetWorkspaceSize_t
        (self_: &DeviceArray, exponent: HostScalar, out: &DeviceArray);
    /// `out = self ** exponent` with a scalar `self`.
    pow_scalar_tensor "aclnnPowScalarTensor" aclnnPowScalarTensorGetWorkspaceSize_t
        (self_: HostScalar, exponent: &DeviceArray, out: &DeviceArray);
    /// `out = self & other` with a scalar `other`.
    bitwise_and_scalar "aclnnBitwiseAndScalar" aclnnBitwiseAndScalarGetWorkspaceSize_t
        (self_: &DeviceArray, other: HostScalar, out: &DeviceArray);
    /// `out = self | other` with a scalar `other`.
    bitwise_or_scalar "aclnnBitwiseOrScalar" aclnnBitwiseOrScalarGetWorkspaceSize_t
        (self_: &DeviceArray, other: HostScalar, out: &DeviceArray);
    /// `out = self ^ other` with a scalar `other`.
    bitwise_xor_scalar "aclnnBitwiseXorScalar" aclnnBitwiseXorScalarGetWorkspaceSize_t
        (self_: &DeviceArray, other: HostScalar, out: &DeviceArray);
    /// `out = self / other` (true division).
    div "aclnnDiv" aclnnDivGetWorkspaceSize_t (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = self / other` with a scalar `other`.
    divs "aclnnDivs" aclnnDivsGetWorkspaceSize_t (self_: &DeviceArray, other: HostScalar, out: &DeviceArray);
    /// `out = self + value * tensor1 * tensor2`.
    addcmul "aclnnAddcmul" aclnnAddcmulGetWorkspaceSize_t
        (self_: &DeviceArray, tensor1: &DeviceArray, tensor2: &DeviceArray, value: HostScalar, out: &DeviceArray);
    /// `out = self + value * tensor1 / tensor2`.
    addcdiv "aclnnAddcdiv" aclnnAddcdivGetWorkspaceSize_t
        (self_: &DeviceArray, tensor1: &DeviceArray, tensor2: &DeviceArray, value: HostScalar, out: &DeviceArray);
    /// `out = -self`.
    neg "aclnnNeg" aclnnNegGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = |self|`.
    abs "aclnnAbs" aclnnAbsGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = exp(self)`.
    exp "aclnnExp" aclnnExpGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = log(self)`.
    log "aclnnLog" aclnnLogGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = sqrt(self)`.
    sqrt "aclnnSqrt" aclnnSqrtGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = sin(self)`.
    sin "aclnnSin" aclnnSinGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = cos(self)`.
    cos "aclnnCos" aclnnCosGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = tanh(self)` (no DOUBLE on the 910B).
    tanh "aclnnTanh" aclnnTanhGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = self == other` (BOOL).
    eq_tensor "aclnnEqTensor" aclnnEqTensorGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = self != other`.
    ne_tensor "aclnnNeTensor" aclnnNeTensorGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = self < other`.
    lt_tensor "aclnnLtTensor" aclnnLtTensorGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = self <= other`.
    le_tensor "aclnnLeTensor" aclnnLeTensorGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = self > other`.
    gt_tensor "aclnnGtTensor" aclnnGtTensorGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = self >= other`.
    ge_tensor "aclnnGeTensor" aclnnGeTensorGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// Sum over `dims` (empty = all) into `dtype`.
    reduce_sum "aclnnReduceSum" aclnnReduceSumGetWorkspaceSize_t
        (self_: &DeviceArray, dims: IntArray, keep_dims: bool, dtype: i32, out: &DeviceArray);
    /// Product of all elements into `dtype`.
    prod "aclnnProd" aclnnProdGetWorkspaceSize_t (self_: &DeviceArray, dtype: i32, out: &DeviceArray);
    /// Product along `dim` into `dtype`.
    prod_dim "aclnnProdDim" aclnnProdDimGetWorkspaceSize_t
        (self_: &DeviceArray, dim: i64, keep_dim: bool, dtype: i32, out: &DeviceArray);
    /// Mean over `dim` (empty = all) into `dtype`.
    mean "aclnnMean" aclnnMeanGetWorkspaceSize_t
        (self_: &DeviceArray, dim: IntArray, keep_dim: bool, dtype: i32, out: &DeviceArray);
    /// Maximum over `dim`.
    amax "aclnnAmax" aclnnAmaxGetWorkspaceSize_t
        (self_: &DeviceArray, dim: IntArray, keep_dim: bool, out: &DeviceArray);
    /// Minimum over `dim`.
    amin "aclnnAmin" aclnnAminGetWorkspaceSize_t
        (self_: &DeviceArray, dim: IntArray, keep_dim: bool, out: &DeviceArray);
    /// Whether every element over `dim` is nonzero (BOOL out).
    all "aclnnAll" aclnnAllGetWorkspaceSize_t
        (self_: &DeviceArray, dim: IntArray, keep_dim: bool, out: &DeviceArray);
    /// Whether any element over `dim` is nonzero (BOOL out).
    any "aclnnAny" aclnnAnyGetWorkspaceSize_t
        (self_: &DeviceArray, dim: IntArray, keep_dim: bool, out: &DeviceArray);
    /// Maximum of all elements.
    max "aclnnMax" aclnnMaxGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// Minimum of all elements.
    min "aclnnMin" aclnnMinGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = self @ mat2`; `cube_math_type` 0 keeps float32 exact.
    matmul "aclnnMatmul" aclnnMatmulGetWorkspaceSize_t
        (self_: &DeviceArray, mat2: &DeviceArray, out: &DeviceArray, cube_math_type: i8);
    /// `out = self.astype(dtype)`.
    cast "aclnnCast" aclnnCastGetWorkspaceSize_t (self_: &DeviceArray, dtype: i32, out: &DeviceArray);
    /// `self_ref[...] = src` (broadcasting, casting).
    inplace_copy "aclnnInplaceCopy" aclnnInplaceCopyGetWorkspaceSize_t
        (self_ref: &DeviceArray, src: &DeviceArray);
    /// Sort along `dim`; indices INT64.
    sort "aclnnSort" aclnnSortGetWorkspaceSize_t
        (self_: &DeviceArray, stable: bool, dim: i64, descending: bool,
         values_out: &DeviceArray, indices_out: &DeviceArray);
    /// How often each value `0..out.len()` occurs in the 1-d non-negative
    /// `self_` (the sums of `weights` when given).
    bincount "aclnnBincount" aclnnBincountGetWorkspaceSize_t
        (self_: &DeviceArray, weights: Option<&DeviceArray>, minlength: i64, out: &DeviceArray);
    /// The indices of the nonzero elements of `self_`, one row of
    /// `self_.ndim` each (`np.argwhere`), into an `out` of exactly as
    /// many rows.
    nonzero "aclnnNonzero" aclnnNonzeroGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// Insertion points of `self_` into `sorted_sequence` (1-d here; the
    /// leftmost with `right` false), INT64 unless `out_int32`.
    search_sorted "aclnnSearchSorted" aclnnSearchSortedGetWorkspaceSize_t
        (sorted_sequence: &DeviceArray, self_: &DeviceArray, out_int32: bool, right: bool,
         sorter: Option<&DeviceArray>, out: &DeviceArray);
    /// `out = condition ? self : other`.
    s_where "aclnnSWhere" aclnnSWhereGetWorkspaceSize_t
        (condition: &DeviceArray, self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = rint(self)`: round half to even.
    round "aclnnRound" aclnnRoundGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = self.real` (a complex tensor's real part).
    real "aclnnReal" aclnnRealGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = !self` (BOOL).
    logical_not "aclnnLogicalNot" aclnnLogicalNotGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = self mod other` with the divisor's sign (Python's `%`).
    remainder "aclnnRemainderTensorTensor" aclnnRemainderTensorTensorGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = floor(self / other)`.
    floor_divide "aclnnFloorDivide" aclnnFloorDivideGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = self ** exponent`.
    pow "aclnnPowTensorTensor" aclnnPowTensorTensorGetWorkspaceSize_t
        (self_: &DeviceArray, exponent: &DeviceArray, out: &DeviceArray);
    /// Index of the maximum along `dim` (out INT64).
    arg_max "aclnnArgMax" aclnnArgMaxGetWorkspaceSize_t
        (self_: &DeviceArray, dim: i64, keepdim: bool, out: &DeviceArray);
    /// Index of the minimum along `dim` (out INT64).
    arg_min "aclnnArgMin" aclnnArgMinGetWorkspaceSize_t
        (self_: &DeviceArray, dim: i64, keepdim: bool, out: &DeviceArray);
    /// Running sum along `dim`, in `dtype` (out's dtype).
    cumsum "aclnnCumsum" aclnnCumsumGetWorkspaceSize_t
        (self_: &DeviceArray, dim: i64, dtype: i32, out: &DeviceArray);
    /// `out = self.take(index, axis=dim)`.
    index_select "aclnnIndexSelect" aclnnIndexSelectGetWorkspaceSize_t
        (self_: &DeviceArray, dim: i64, index: &DeviceArray, out: &DeviceArray);
    /// `out = floor(self)` (integers unchanged).
    floor "aclnnFloor" aclnnFloorGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = ceil(self)`.
    ceil "aclnnCeil" aclnnCeilGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = trunc(self)` (no DOUBLE on the 910B).
    trunc "aclnnTrunc" aclnnTruncGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = sign(self)` by comparison with 0 (NaN gives 0: see NOTES.md).
    sign "aclnnSign" aclnnSignGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = signbit(self)` (BOOL).
    signbit "aclnnSignbit" aclnnSignbitGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = tan(self)`.
    tan "aclnnTan" aclnnTanGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = arcsin(self)`.
    asin "aclnnAsin" aclnnAsinGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = arccos(self)`.
    acos "aclnnAcos" aclnnAcosGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = arctan(self)`.
    atan "aclnnAtan" aclnnAtanGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = sinh(self)`.
    sinh "aclnnSinh" aclnnSinhGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = cosh(self)`.
    cosh "aclnnCosh" aclnnCoshGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = arcsinh(self)`.
    asinh "aclnnAsinh" aclnnAsinhGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = arccosh(self)`.
    acosh "aclnnAcosh" aclnnAcoshGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = arctanh(self)`.
    atanh "aclnnAtanh" aclnnAtanhGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = log2(self)`.
    log2 "aclnnLog2" aclnnLog2GetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = log10(self)`.
    log10 "aclnnLog10" aclnnLog10GetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = log1p(self)`.
    log1p "aclnnLog1p" aclnnLog1pGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = expm1(self)` (no DOUBLE on the 910B).
    expm1 "aclnnExpm1" aclnnExpm1GetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = 2 ** self`.
    exp2 "aclnnExp2" aclnnExp2GetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = 1 / self`.
    reciprocal "aclnnReciprocal" aclnnReciprocalGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = ~self` (logical not for BOOL).
    bitwise_not "aclnnBitwiseNot" aclnnBitwiseNotGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// `out = arctan2(self, other)`.
    atan2 "aclnnAtan2" aclnnAtan2GetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = fmod(self, other)` (C's sign rule: the dividend's sign).
    fmod "aclnnFmodTensor" aclnnFmodTensorGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = gcd(self, other)` (non-negative).
    gcd "aclnnGcd" aclnnGcdGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = self & other`.
    bitwise_and "aclnnBitwiseAndTensor" aclnnBitwiseAndTensorGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = self | other`.
    bitwise_or "aclnnBitwiseOrTensor" aclnnBitwiseOrTensorGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = self ^ other`.
    bitwise_xor "aclnnBitwiseXorTensor" aclnnBitwiseXorTensorGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = bool(self) != bool(other)` (BOOL).
    logical_xor "aclnnLogicalXor" aclnnLogicalXorGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = bool(self) and bool(other)` (BOOL).
    logical_and "aclnnLogicalAnd" aclnnLogicalAndGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = bool(self) or bool(other)` (BOOL).
    logical_or "aclnnLogicalOr" aclnnLogicalOrGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = log(exp(self) + exp(other))`.
    log_add_exp "aclnnLogAddExp" aclnnLogAddExpGetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = log2(2**self + 2**other)`.
    log_add_exp2 "aclnnLogAddExp2" aclnnLogAddExp2GetWorkspaceSize_t
        (self_: &DeviceArray, other: &DeviceArray, out: &DeviceArray);
    /// `out = isfinite(self)` (BOOL).
    is_finite "aclnnIsFinite" aclnnIsFiniteGetWorkspaceSize_t (self_: &DeviceArray, out: &DeviceArray);
    /// Variance over `dim` (empty = all), dividing by `n - correction`.
    var_correction "aclnnVarCorrection" aclnnVarCorrectionGetWorkspaceSize_t
        (self_: &DeviceArray, dim: IntArray, correction: i64, keepdim: bool, out: &DeviceArray);
    /// Standard deviation over `dim` (empty = all), dividing by `n - correction`.
    std "aclnnStd" aclnnStdGetWorkspaceSize_t
        (self_: &DeviceArray, dim: IntArray, correction: i64, keepdim: bool, out: &DeviceArray);
    /// Running product along `dim` (an INT64 scalar), in `dtype` (out's dtype).
    cumprod "aclnnCumprod" aclnnCumprodGetWorkspaceSize_t
        (input: &DeviceArray, dim: HostScalar, dtype: i32, out: &DeviceArray);
    /// `self_ref[...] = value`.
    inplace_fill_scalar "aclnnInplaceFillScalar" aclnnInplaceFillScalarGetWorkspaceSize_t
        (self_ref: &DeviceArray, value: HostScalar);
    /// `self_ref[...] = 0`.
    inplace_zero "aclnnInplaceZero" aclnnInplaceZeroGetWorkspaceSize_t (self_ref: &DeviceArray);
    /// `self_ref[...] = 1`.
    inplace_one "aclnnInplaceOne" aclnnInplaceOneGetWorkspaceSize_t (self_ref: &DeviceArray);
    /// `out = tril(self, diagonal)` over the last two dims.
    tril "aclnnTril" aclnnTrilGetWorkspaceSize_t (self_: &DeviceArray, diagonal: i64, out: &DeviceArray);
    /// `out = triu(self, diagonal)` over the last two dims.
    triu "aclnnTriu" aclnnTriuGetWorkspaceSize_t (self_: &DeviceArray, diagonal: i64, out: &DeviceArray);
    /// `out = arange(start, end, step)`.
    arange "aclnnArange" aclnnArangeGetWorkspaceSize_t
        (start: HostScalar, end: HostScalar, step: HostScalar, out: &DeviceArray);
    /// `out = concatenate(tensors, axis=dim)`.
    cat "aclnnCat" aclnnCatGetWorkspaceSize_t (tensors: TensorList, dim: i64, out: &DeviceArray);
    /// `out = np.roll(x, shifts, dims)`.
    roll "aclnnRoll" aclnnRollGetWorkspaceSize_t (x: &DeviceArray, shifts: IntArray, dims: IntArray, out: &DeviceArray);
    /// `out = self` with `dims` reversed.
    flip "aclnnFlip" aclnnFlipGetWorkspaceSize_t (self_: &DeviceArray, dims: IntArray, out: &DeviceArray);
    /// `out = eye(n, m)` (ones on the main diagonal).
    eye "aclnnEye" aclnnEyeGetWorkspaceSize_t (n: i64, m: i64, out: &DeviceArray);
    /// `self_ref[indices] = values` (`accumulate`: `+=`), in place.
    index_put_impl "aclnnIndexPutImpl" aclnnIndexPutImplGetWorkspaceSize_t
        (self_ref: &DeviceArray, indices: TensorList, values: &DeviceArray,
         accumulate: bool, unsafe_: bool);
}
