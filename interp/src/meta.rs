//! Meta-commands: a line starting with `:` (DESIGN §3), in the REPL and in
//! scripts alike, and IPython's forms of them (`%timeit`, `np.sum?`, see
//! [`magic`]).
//!
//! A meta line is parsed into a typed [`Command`] (numbat's
//! `CommandKind` / `CommandRunner` / `CommandControlFlow` model); bad
//! arguments become an exception placed on the argument's span, so they are
//! rendered by the normal diagnostics. Running a command returns a
//! `#[must_use]` [`ControlFlow`]. A front end can switch commands off with
//! [`Session::disable`]; the session state the commands show and change
//! (device, modes, inline timing) is the [`Session`].
//!
//! Commands of later work (`:verify`, `:ops`) are added as new
//! [`CommandKind`]s here.

pub(crate) mod graph;
mod help;
pub mod magic;
mod ops;
mod profile;
mod timing;
mod vars;
mod verify;

use std::fmt;
use std::str::FromStr;

use xpush_lang::span::Span;
use xpush_lang::Diagnostic;
use xpush_stdlib::{Error, ExcKind};

use crate::exc::{Exc, Exception, Flow};
use crate::Interpreter;

pub use ops::{ops_markdown, ops_table};
pub use profile::{format_bytes, how_name, ProfileArg, ProfileRow, SessionSink};
pub use timing::{format_time, TimeitResult};
pub use verify::{export as verify_export, report as verify_report, VerifyArg};

/// Every meta-command, without its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommandKind {
    /// `:help [name]`.
    Help,
    /// `:device [cpu|npu[:N]]`.
    Device,
    /// `:mode [float64=...] [dtype=...]`.
    Mode,
    /// `:time [on|off|STMT]`.
    Time,
    /// `:timeit [-n N] [-r R] STMT`.
    Timeit,
    /// `:profile [on|off|report]`.
    Profile,
    /// `:vars`.
    Vars,
    /// `:mem`.
    Mem,
    /// `:verify [on|off|report|standard NAME]`.
    Verify,
    /// `:ops [PATTERN]`.
    Ops,
    /// `:sync [off|warn|error]`.
    Sync,
    /// `:graph [STMT|clear]`.
    Graph,
    /// `:load FILE`.
    Load,
    /// `:reset`.
    Reset,
    /// `:history`.
    History,
    /// `:quit`.
    Quit,
}

impl CommandKind {
    /// Every command, in the order `:help` lists them.
    pub const ALL: &'static [CommandKind] = &[
        CommandKind::Help,
        CommandKind::Device,
        CommandKind::Mode,
        CommandKind::Time,
        CommandKind::Timeit,
        CommandKind::Graph,
        CommandKind::Profile,
        CommandKind::Vars,
        CommandKind::Mem,
        CommandKind::Verify,
        CommandKind::Sync,
        CommandKind::Ops,
        CommandKind::Load,
        CommandKind::Reset,
        CommandKind::History,
        CommandKind::Quit,
    ];

    /// The command word, without the `:`.
    pub fn name(self) -> &'static str {
        match self {
            CommandKind::Help => "help",
            CommandKind::Device => "device",
            CommandKind::Mode => "mode",
            CommandKind::Time => "time",
            CommandKind::Timeit => "timeit",
            CommandKind::Profile => "profile",
            CommandKind::Vars => "vars",
            CommandKind::Mem => "mem",
            CommandKind::Verify => "verify",
            CommandKind::Sync => "sync",
            CommandKind::Graph => "graph",
            CommandKind::Ops => "ops",
            CommandKind::Load => "load",
            CommandKind::Reset => "reset",
            CommandKind::History => "history",
            CommandKind::Quit => "quit",
        }
    }

    /// The command with its arguments, as `:help` shows it.
    pub fn usage(self) -> &'static str {
        match self {
            CommandKind::Help => ":help [name]",
            CommandKind::Device => ":device [cpu|npu[:N]|npu-sim|cache [on|off|clear]]",
            CommandKind::Mode => ":mode [float64=float32|cpu|off] [dtype=float32|float64]",
            CommandKind::Time => ":time [on|off|STMT]",
            CommandKind::Timeit => ":timeit [--graph] [-n N] [-r R] STMT",
            CommandKind::Profile => ":profile [on|off|report]",
            CommandKind::Vars => ":vars",
            CommandKind::Mem => ":mem",
            CommandKind::Verify => ":verify [on|off|report|standard NAME]",
            CommandKind::Sync => ":sync [off|warn|error]",
            CommandKind::Graph => ":graph [STMT|clear]",
            CommandKind::Ops => ":ops [PATTERN]",
            CommandKind::Load => ":load FILE",
            CommandKind::Reset => ":reset",
            CommandKind::History => ":history",
            CommandKind::Quit => ":quit",
        }
    }

    /// One line on what the command does.
    pub fn summary(self) -> &'static str {
        match self {
            CommandKind::Help => "this list, or a function's signature and doc (:help math.sqrt)",
            CommandKind::Device => {
                "show or switch the session device (npu: SoC, CANN version, devices); cache: the npu's executor cache"
            }
            CommandKind::Mode => "show or set the float64 mode and the default float dtype",
            CommandKind::Time => {
                "wall time after every statement (on/off) or of one; op count, npu device time, bytes"
            }
            CommandKind::Timeit => {
                "time a statement over many loops: mean ± std. dev. of 7 runs (--graph: replays of its captured npu ops)"
            }
            CommandKind::Profile => {
                "record every op (on: a fresh table); report: calls, times, aclnn op, how it ran, bytes"
            }
            CommandKind::Vars => "the workspace: name, type, shape, dtype, device, bytes",
            CommandKind::Mem => "the npu memory pool: in use, cached, peak, device mallocs",
            CommandKind::Verify => {
                "re-run npu ops on the cpu reference, report errors beyond tolerance (standards: ulp, ttk, cann-single, cann-dual)"
            }
            CommandKind::Graph => {
                "run a statement's npu ops as a captured graph, replayed while what it reads keeps its dtypes and shapes (no STMT: the graphs kept)"
            }
            CommandKind::Sync => {
                "implicit npu→host synchronizes (printing, float(a), host fallbacks): warn names them after each statement, error raises"
            }
            CommandKind::Ops => {
                "NumPy functions: aclnn op or composition, dtypes native/demoted/host on the npu (PATTERN: substring or *glob*)"
            }
            CommandKind::Load => "run a file in this session",
            CommandKind::Reset => "forget every variable and imported module",
            CommandKind::History => "this session's inputs, numbered (IPython's %history -n)",
            CommandKind::Quit => "leave xpush (as Ctrl-D does)",
        }
    }

    /// The command named `word` (without the `:`).
    pub fn from_name(word: &str) -> Option<CommandKind> {
        CommandKind::ALL.iter().copied().find(|k| k.name() == word)
    }
}

/// A session device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Device {
    /// The host: NumPy's exact reference.
    Cpu,
    /// Ascend NPU number N.
    Npu(u32),
    /// NPU number N of acl-sim, the simulator built with xpush (`npu-sim`):
    /// the same backend as a real NPU, loaded from beside the binary.
    NpuSim(u32),
}

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Device::Cpu => f.write_str("cpu"),
            Device::Npu(n) => write!(f, "npu:{n}"),
            Device::NpuSim(0) => f.write_str("npu-sim"),
            Device::NpuSim(n) => write!(f, "npu-sim:{n}"),
        }
    }
}

impl FromStr for Device {
    type Err = String;
    fn from_str(s: &str) -> Result<Device, String> {
        let bad =
            || format!("unknown device '{s}': expected cpu, npu, npu:N, npu-sim or npu-sim:N");
        match s.to_ascii_lowercase().as_str() {
            "cpu" => Ok(Device::Cpu),
            "npu" => Ok(Device::Npu(0)),
            "npu-sim" => Ok(Device::NpuSim(0)),
            other => {
                if let Some(n) = other.strip_prefix("npu:") {
                    n.parse().map(Device::Npu).map_err(|_| bad())
                } else if let Some(n) = other.strip_prefix("npu-sim:") {
                    n.parse().map(Device::NpuSim).map_err(|_| bad())
                } else {
                    Err(bad())
                }
            }
        }
    }
}

/// How float64 and complex128 work runs on a device without double support (DESIGN §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Float64Mode {
    /// Demote to float32/complex64, compute on the device, cast back.
    #[default]
    Float32,
    /// Copy to the host, compute exactly on the cpu, copy back.
    Cpu,
    /// An op that cannot run in double raises.
    Off,
}

impl fmt::Display for Float64Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Float64Mode::Float32 => "float32",
            Float64Mode::Cpu => "cpu",
            Float64Mode::Off => "off",
        })
    }
}

impl FromStr for Float64Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Float64Mode, String> {
        match s.to_ascii_lowercase().as_str() {
            "float32" => Ok(Float64Mode::Float32),
            "cpu" => Ok(Float64Mode::Cpu),
            "off" => Ok(Float64Mode::Off),
            _ => Err(format!(
                "unknown float64 mode '{s}': expected float32, cpu or off"
            )),
        }
    }
}

/// A default float dtype.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatDtype {
    /// `float32`.
    Float32,
    /// `float64`.
    Float64,
}

impl fmt::Display for FloatDtype {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FloatDtype::Float32 => "float32",
            FloatDtype::Float64 => "float64",
        })
    }
}

impl FromStr for FloatDtype {
    type Err = String;
    fn from_str(s: &str) -> Result<FloatDtype, String> {
        match s.to_ascii_lowercase().as_str() {
            "float32" => Ok(FloatDtype::Float32),
            "float64" => Ok(FloatDtype::Float64),
            _ => Err(format!("unknown dtype '{s}': expected float32 or float64")),
        }
    }
}

impl Device {
    /// The runtime's device (the simulator's NPU is an NPU to it).
    pub fn to_npu(self) -> xpush_npu::device::Device {
        match self.npu_id() {
            None => xpush_npu::device::Device::Cpu,
            Some(n) => xpush_npu::device::Device::Npu(n),
        }
    }

    /// The NPU number, real or simulated; `None` for the cpu.
    pub fn npu_id(self) -> Option<u32> {
        match self {
            Device::Cpu => None,
            Device::Npu(n) | Device::NpuSim(n) => Some(n),
        }
    }
}

impl Float64Mode {
    /// The runtime's float64 mode.
    pub fn to_npu(self) -> xpush_npu::ascend::policy::Float64Mode {
        use xpush_npu::ascend::policy::Float64Mode as M;
        match self {
            Float64Mode::Float32 => M::Float32,
            Float64Mode::Cpu => M::Cpu,
            Float64Mode::Off => M::Off,
        }
    }

    /// The mode the environment sets: `XPUSH_FLOAT64_MODE`, else
    /// `CUPY_ASCEND_FLOAT64_MODE`, else the legacy
    /// `CUPY_ASCEND_ENABLE_FLOAT64_TO_FLOAT32=1` (meaning `float32`); a
    /// bad value is an error naming the variable.
    pub fn from_env() -> Result<Option<Float64Mode>, String> {
        use xpush_npu::ascend::policy::Float64Mode as M;
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        let mode = M::from_env(&var).map_err(|e| e.msg().to_string())?;
        Ok(mode.map(|m| match m {
            M::Float32 => Float64Mode::Float32,
            M::Cpu => Float64Mode::Cpu,
            M::Off => Float64Mode::Off,
        }))
    }
}

/// The session's device, modes and front-end settings, shown and changed by
/// `:device`, `:mode` and `:time`. Device, float64 mode and default float
/// are handed to the array runtime as they change
/// ([`xpush_npu::device::set_placement`], `set_float64_mode`): they hold
/// for the whole process, one session at a time.
#[derive(Clone, Debug)]
pub struct Session {
    device: Device,
    float64: Float64Mode,
    dtype: Option<FloatDtype>,
    time: bool,
    profile: bool,
    sink: std::sync::Arc<SessionSink>,
    color: bool,
    disabled: Vec<CommandKind>,
    /// Whether the input now running echoes expression values (REPL entry).
    pub(crate) echo: bool,
    verify_on: bool,
    verify_log: std::sync::Arc<xpush_npu::verify::VerifyLog>,
}

impl Default for Session {
    fn default() -> Session {
        Session {
            device: Device::Cpu,
            float64: Float64Mode::Float32,
            dtype: None,
            time: false,
            profile: false,
            sink: std::sync::Arc::default(),
            color: false,
            disabled: Vec::new(),
            echo: false,
            verify_on: false,
            verify_log: Default::default(),
        }
    }
}

impl Session {
    /// The device new arrays go to.
    pub fn device(&self) -> Device {
        self.device
    }

    /// Switches the device. Switching to `npu:N` starts it (loads CANN,
    /// `aclInit`, `aclrtSetDevice`, its stream) the first time; the error
    /// is the loader's message (what was tried, to source `set_env.sh`)
    /// or CANN's.
    pub fn set_device(&mut self, device: Device) -> Result<(), String> {
        use xpush_npu::ascend;
        match device {
            Device::Cpu => {}
            // A real NPU never opens the simulator: once npu-sim started it
            // in this process, `npu` is refused rather than simulated.
            Device::Npu(_) if ascend::simulator_installed() => {
                return Err(format!(
                    "this session runs the simulator (npu-sim); a real NPU cannot be opened in the same process: restart xpush with --device {device}"
                ));
            }
            Device::Npu(_) => {}
            Device::NpuSim(_) => {
                ascend::install_simulator().map_err(|e| e.to_string())?;
            }
        }
        if let Some(n) = device.npu_id() {
            let id = i32::try_from(n).map_err(|_| format!("{device} does not exist"))?;
            ascend::device(id).map_err(|e| e.msg().to_string())?;
        }
        self.device = device;
        self.push_placement();
        self.push_profiling();
        Ok(())
    }

    /// What `:device` shows about the session's NPU: SoC, CANN version,
    /// device count, memory; `None` on the cpu.
    pub fn npu_info(&self) -> Option<Result<xpush_npu::ascend::DeviceInfo, String>> {
        let n = self.device.npu_id()?;
        Some(
            xpush_npu::ascend::device(n as i32)
                .and_then(|d| d.info())
                .map_err(|e| e.msg().to_string()),
        )
    }

    /// The session's NPU, when it is on one and it opened.
    pub fn npu(&self) -> Option<std::sync::Arc<xpush_npu::ascend::Device>> {
        let n = self.device.npu_id()?;
        xpush_npu::ascend::device(n as i32).ok()
    }

    /// The float64 mode.
    pub fn float64_mode(&self) -> Float64Mode {
        self.float64
    }

    /// Sets the float64 mode.
    pub fn set_float64_mode(&mut self, mode: Float64Mode) {
        self.float64 = mode;
        xpush_npu::device::set_float64_mode(mode.to_npu());
    }

    /// The default float dtype: the override, else float64 on cpu and float32 on the npu.
    pub fn default_float(&self) -> FloatDtype {
        self.dtype.unwrap_or(match self.device {
            Device::Cpu => FloatDtype::Float64,
            Device::Npu(_) | Device::NpuSim(_) => FloatDtype::Float32,
        })
    }

    /// Overrides the default float dtype (`None` goes back to the device's default).
    pub fn set_default_float(&mut self, dtype: Option<FloatDtype>) {
        self.dtype = dtype;
        self.push_placement();
    }

    /// Hands the device and default float to the array runtime.
    fn push_placement(&self) {
        xpush_npu::device::set_placement(xpush_npu::device::Placement {
            device: self.device.to_npu(),
            float: match self.default_float() {
                FloatDtype::Float32 => xpush_npu::DType::Float32,
                FloatDtype::Float64 => xpush_npu::DType::Float64,
            },
        });
    }

    /// Whether every top-level statement prints its wall time.
    pub fn time(&self) -> bool {
        self.time
    }

    /// Turns inline timing on or off (`:time on`, `--time`).
    pub fn set_time(&mut self, on: bool) {
        self.time = on;
        self.push_profiling();
    }

    /// Whether command output may use ANSI colours.
    pub fn color(&self) -> bool {
        self.color
    }

    /// Lets command output use ANSI colours (the front end knows the terminal).
    pub fn set_color(&mut self, color: bool) {
        self.color = color;
    }

    /// Switches a command off for this front end: using it is an error.
    pub fn disable(&mut self, kind: CommandKind) {
        if !self.disabled.contains(&kind) {
            self.disabled.push(kind);
        }
    }

    /// Whether a command may be used in this session.
    pub fn enabled(&self, kind: CommandKind) -> bool {
        !self.disabled.contains(&kind)
    }

    /// `device cpu, default float float64, float64 mode float32` (banner
    /// and `:mode`; `:device` adds the NPU's description).
    pub fn describe(&self) -> String {
        let dtype = match self.dtype {
            Some(d) => format!("{d} (set by :mode)"),
            None => format!("{} (the {} default)", self.default_float(), self.device),
        };
        let f64_note = match self.device {
            Device::Cpu => " (used on the npu; the cpu computes float64 exactly)",
            Device::Npu(_) | Device::NpuSim(_) => "",
        };
        format!(
            "device: {}\ndefault float dtype: {dtype}\nfloat64 mode: {}{f64_note}\n",
            self.device, self.float64
        )
    }

    /// [`describe`](Self::describe) with, on an NPU, what was found: SoC,
    /// CANN version, device count, memory and library (`:device`).
    pub fn describe_device(&self) -> String {
        let mut text = self.describe();
        match self.npu_info() {
            None => {}
            Some(Ok(info)) => {
                let sim = if info.simulated { " (simulated)" } else { "" };
                text.push_str(&format!(
                    "npu: {}{sim}, CANN {}, {} device(s)\nmemory: {} free of {}\nlibrary: {}\n",
                    info.soc,
                    info.cann_version.as_deref().unwrap_or("version unknown"),
                    info.count,
                    xpush_npu::ascend::alloc::human(info.mem_free),
                    xpush_npu::ascend::alloc::human(info.mem_total),
                    info.library
                ));
            }
            Some(Err(e)) => text.push_str(&format!("npu: {e}\n")),
        }
        if let Some(Ok(info)) = self.npu_info() {
            let cache = if info.exec_cache {
                "on (repeatable executors: phase 1 once per op, dtypes and shapes)"
            } else {
                "off"
            };
            let pta = if info.pta_exec_cache {
                "exported by the op library, not used"
            } else {
                "not exported"
            };
            text.push_str(&format!(
                "executor cache: {cache}; CANN's PTA cache: {pta} (:device cache)\n"
            ));
        }
        text
    }

    /// `:device cache [on|off|clear]`: the session NPU's executor cache,
    /// its counters and the ops it served.
    pub fn device_cache(&self, arg: Option<CacheArg>) -> Result<String, String> {
        let Some(n) = self.device.npu_id() else {
            return Ok("device cpu: no executor cache (:device npu to use one)\n".into());
        };
        let d = xpush_npu::ascend::device(n as i32).map_err(|e| e.msg().to_string())?;
        let cache = d.exec_cache();
        match arg {
            Some(CacheArg::On) => cache.set_enabled(true).map_err(|e| e.to_string())?,
            Some(CacheArg::Off) => cache.set_enabled(false).map_err(|e| e.to_string())?,
            Some(CacheArg::Clear) => {
                cache.clear();
                cache.reset_stats();
            }
            None => {}
        }
        Ok(cache_report(n, &cache.stats()))
    }

    /// `:mem`: the session NPU's caching allocator (in use, cached, peak,
    /// device mallocs), or a line saying the cpu has no pool.
    pub fn describe_mem(&self) -> Result<String, String> {
        let Some(n) = self.device.npu_id() else {
            return Ok("device cpu: host memory, no device pool (:device npu to use one)\n".into());
        };
        let d = xpush_npu::ascend::device(n as i32).map_err(|e| e.msg().to_string())?;
        let s = d.mem_stats();
        let h = xpush_npu::ascend::alloc::human;
        Ok(format!(
            "npu:{n} memory pool\nin use: {}\ncached: {}\npeak: {}\ndevice mallocs: {} (frees: {}, cache hits: {})\n",
            h(s.in_use),
            h(s.cached),
            h(s.peak),
            s.device_mallocs,
            s.device_frees,
            s.cache_hits
        ))
    }
}

/// What `:device cache` prints: state, counters, and each aclnn op's hits
/// and misses.
fn cache_report(n: u32, s: &xpush_npu::ascend::CacheStats) -> String {
    let state = match (s.enabled, s.supported) {
        (true, _) => "on",
        (false, true) => "off (:device cache on)",
        (false, false) => "off: this CANN has no repeatable executors",
    };
    let calls = s.hits + s.misses;
    let share = if calls == 0 {
        String::new()
    } else {
        format!(
            ": phase 1 skipped for {:.1}%",
            100.0 * s.hits as f64 / calls as f64
        )
    };
    let mut text = format!(
        "npu:{n} executor cache: {state}\nkept: {} of {} executors\ncalls: {calls} ({} hits, {} misses{share})\nrefused by CANN (copy inside; planned every call): {}\nevicted: {}\n",
        s.entries,
        xpush_npu::ascend::exec::CACHE_CAPACITY,
        s.hits,
        s.misses,
        s.refused,
        s.evicted
    );
    if !s.per_op.is_empty() {
        let mut table = comfy_table::Table::new();
        table.load_style(comfy_table::presets::UTF8_FULL_CONDENSED.with_rounded_corners());
        table.set_header(["aclnn op", "hits", "misses"]);
        for &(op, h, m) in &s.per_op {
            table.add_row([op.to_string(), h.to_string(), m.to_string()]);
        }
        for col in 1..3 {
            if let Some(c) = table.column_mut(col) {
                c.set_cell_alignment(comfy_table::CellAlignment::Right);
            }
        }
        text.push_str(&format!("{table}\n"));
    }
    text
}

/// The process's dispatched-op counts as one line, for `XPUSH_STATS_FILE`:
/// `device=npu:0 float64=off cpu=3 native=40 demoted=0 host=2
/// host_ops=take:2 cpu_ops=multiply:3` (`cpu`: ops on cpu arrays, by op
/// in `cpu_ops`; `native`/`demoted`: NPU ops through aclnn; `host`: NPU
/// ops run on the host, by op in `host_ops`; `host_dtypes`: calls on
/// host-dtype arrays, which aclnn has no type for, by dtype).
pub fn stats_line() -> String {
    use xpush_npu::device::{host_runs, ExecKind};
    let s = xpush_npu::device::stats();
    let by_op = |how| -> String {
        host_runs(how)
            .iter()
            .map(|(op, n)| format!("{op}:{n}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "device={} float64={} cpu={} native={} demoted={} host={} host_ops={} cpu_ops={} host_dtypes={}",
        xpush_npu::device::placement().device,
        xpush_npu::device::float64_mode().name(),
        s.cpu,
        s.aclnn_native,
        s.aclnn_demoted,
        s.host_fallback,
        by_op(ExecKind::HostFallback),
        by_op(ExecKind::Cpu),
        xpush_npu::device::host_dtype_runs()
            .iter()
            .map(|(d, n)| format!("{d}:{n}"))
            .collect::<Vec<_>>()
            .join(","),
    )
}

/// Shuts the array runtime's devices down (`aclFinalize`); front ends call
/// it once at exit. Nothing happens when no NPU was started.
pub fn finalize() -> Result<(), String> {
    xpush_npu::ascend::finalize().map_err(|e| e.msg().to_string())
}

/// What `:time` was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub enum TimeArg {
    /// `:time`: show whether inline timing is on.
    Show,
    /// `:time on`.
    On,
    /// `:time off`.
    Off,
    /// `:time STMT`: run it once and print its wall time.
    Stmt(Code),
}

/// A statement given to `:time` or `:timeit`, with where it sits in the meta line.
#[derive(Clone, Debug, PartialEq)]
pub struct Code {
    /// The statement's text.
    pub text: String,
    /// Its span in the meta line.
    pub span: Span,
}

/// What `:device cache` is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CacheArg {
    /// Keep executors (the default where CANN has repeatable ones).
    On,
    /// Plan every call afresh (frees the kept executors).
    Off,
    /// Free the kept executors and zero the counters.
    Clear,
}

/// A parsed meta-command.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `:help` or `:help name`.
    Help(Option<(String, Span)>),
    /// `:device` or `:device cpu`.
    Device(Option<Device>),
    /// `:device cache [on|off|clear]`: the NPU's executor cache.
    DeviceCache(Option<CacheArg>),
    /// `:mode`, `:mode float64=cpu dtype=float32`.
    Mode {
        /// A new float64 mode.
        float64: Option<Float64Mode>,
        /// A new default float dtype.
        dtype: Option<FloatDtype>,
    },
    /// `:time ...`.
    Time(TimeArg),
    /// `:profile [on|off|report]`.
    Profile(ProfileArg),
    /// `:timeit [-n N] [-r R] STMT`, or `%%timeit [-n N] [-r R] [SETUP]`
    /// and its cell.
    Timeit {
        /// Loops per run (`None`: IPython's choice, 1, 10, 100, ... until 0.2 s).
        number: Option<u64>,
        /// Runs (default 7).
        repeat: u32,
        /// Run once before the timing (`%%timeit`'s first line).
        setup: Option<Code>,
        /// The statement.
        code: Code,
        /// `--graph`: capture the statement's npu ops once and time the
        /// replays of the graph.
        graph: bool,
    },
    /// `:vars` (`%whos`).
    Vars,
    /// `%who [TYPE ...]`: the names `:vars` shows (of these types), as IPython lists them.
    Who(Vec<String>),
    /// `:history` (`%history`).
    History,
    /// `%matplotlib ...`: nothing to do, plots already show inline.
    Ignored,
    /// `:mem`.
    Mem,
    /// `:verify [on|off|report|standard NAME]`.
    Verify(VerifyArg),
    /// `:ops [PATTERN]`.
    Ops(Option<String>),
    /// `:sync` (show) or `:sync MODE`.
    Sync(Option<xpush_npu::ascend::syncdebug::SyncMode>),
    /// `:graph` (list), `:graph clear` or `:graph STMT`.
    Graph(Option<Code>),
    /// `:graph clear`.
    GraphClear,
    /// `:load FILE`.
    Load(String, Span),
    /// `:reset`.
    Reset,
    /// `:quit`.
    Quit,
}

impl Command {
    /// Which command this is (`None` for one that does nothing).
    pub fn kind(&self) -> Option<CommandKind> {
        Some(match self {
            Command::Help(_) => CommandKind::Help,
            Command::Device(_) | Command::DeviceCache(_) => CommandKind::Device,
            Command::Mode { .. } => CommandKind::Mode,
            Command::Time(_) => CommandKind::Time,
            Command::Timeit { .. } => CommandKind::Timeit,
            Command::Profile(_) => CommandKind::Profile,
            Command::Vars | Command::Who(_) => CommandKind::Vars,
            Command::History => CommandKind::History,
            Command::Ignored => return None,
            Command::Mem => CommandKind::Mem,
            Command::Verify(_) => CommandKind::Verify,
            Command::Sync(_) => CommandKind::Sync,
            Command::Graph(_) | Command::GraphClear => CommandKind::Graph,
            Command::Ops(_) => CommandKind::Ops,
            Command::Load(..) => CommandKind::Load,
            Command::Reset => CommandKind::Reset,
            Command::Quit => CommandKind::Quit,
        })
    }
}

/// What the caller should do after a command.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ControlFlow {
    /// Go on with the next statement or prompt.
    Continue,
    /// Leave the session with this exit code (`:quit`).
    Quit(i32),
}

/// A bad meta-command: an exception class and message on the span of the
/// offending word.
#[derive(Clone, Debug, PartialEq)]
pub struct ArgError {
    /// Python exception class.
    pub kind: ExcKind,
    /// The message.
    pub message: String,
    /// The offending word.
    pub span: Span,
}

impl ArgError {
    fn new(kind: ExcKind, message: impl Into<String>, span: Span) -> ArgError {
        ArgError {
            kind,
            message: message.into(),
            span,
        }
    }

    /// The error as a diagnostic, for a front end that parses commands itself.
    pub fn into_diagnostic(self) -> Diagnostic {
        Diagnostic::new(self.kind.name(), self.message, self.span)
    }

    fn into_exc(self) -> Exc {
        Exception::at(Error::new(self.kind, self.message), self.span)
    }
}

/// The words of a meta line with their spans.
struct Words<'a> {
    text: &'a str,
    /// Span of the whole meta line; `text` starts one byte after its start.
    line: Span,
    words: Vec<(usize, &'a str)>,
}

impl<'a> Words<'a> {
    fn new(text: &'a str, line: Span) -> Words<'a> {
        let mut words = Vec::new();
        let mut start = None;
        for (i, c) in text.char_indices() {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    words.push((s, &text[s..i]));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(s) = start {
            words.push((s, &text[s..]));
        }
        Words { text, line, words }
    }

    /// The span of `len` bytes at offset `at` of the text.
    fn span_at(&self, at: usize, len: usize) -> Span {
        let start = self.line.start as usize + 1 + at;
        Span::new(self.line.src, start, start + len)
    }

    fn span(&self, i: usize) -> Span {
        let (at, w) = self.words[i];
        self.span_at(at, w.len())
    }

    /// Everything from word `i` to the end of the line.
    fn rest(&self, i: usize) -> Option<(&'a str, Span)> {
        let (at, _) = *self.words.get(i)?;
        let text = self.text[at..].trim_end();
        Some((text, self.span_at(at, text.len())))
    }

    /// Error unless there are at most `max` arguments after the command word.
    fn at_most(&self, max: usize, usage: &str) -> Result<(), ArgError> {
        if self.words.len() > max + 1 {
            let first = self.span(max + 1);
            let last = self.span(self.words.len() - 1);
            let what = match max {
                0 => "no arguments".to_string(),
                1 => "at most one argument".to_string(),
                n => format!("at most {n} arguments"),
            };
            return Err(ArgError::new(
                ExcKind::TypeError,
                format!("{usage} takes {what}"),
                first.to(last),
            ));
        }
        Ok(())
    }
}

/// Parses a meta line as the lexer gives it: `text` is the whole line
/// (`:time on`, `%timeit x = 1`, `np.sum?`; a cell magic with its cell),
/// `line` its span, so errors point at the offending word.
pub fn parse(text: &str, line: Span) -> Result<Command, ArgError> {
    match text.strip_prefix(':') {
        Some(command) => parse_command(command, line),
        None => magic::parse(text, line),
    }
}

/// Parses a `:` command; `text` is what follows the `:`.
fn parse_command(text: &str, line: Span) -> Result<Command, ArgError> {
    let w = Words::new(text, line);
    let Some(&(_, word)) = w.words.first() else {
        return Err(ArgError::new(
            ExcKind::SyntaxError,
            "empty meta-command: try :help",
            line,
        ));
    };
    let Some(kind) = CommandKind::from_name(word) else {
        let names = CommandKind::ALL.iter().map(|k| k.name());
        let msg = match crate::suggest::suggest(word, names) {
            Some(s) => format!("unknown meta-command ':{word}'. Did you mean: ':{s}'?"),
            None => format!("unknown meta-command ':{word}' (:help lists them)"),
        };
        return Err(ArgError::new(ExcKind::SyntaxError, msg, w.span(0)));
    };
    let usage = kind.usage();
    let value_error = |i: usize, msg: String| ArgError::new(ExcKind::ValueError, msg, w.span(i));
    match kind {
        CommandKind::Help => {
            w.at_most(1, ":help")?;
            Ok(Command::Help(
                w.words
                    .get(1)
                    .map(|&(_, name)| (name.to_string(), w.span(1))),
            ))
        }
        CommandKind::Device => {
            if w.words.get(1).is_some_and(|&(_, a)| a == "cache") {
                w.at_most(2, ":device cache")?;
                return match w.words.get(2).map(|&(_, a)| a) {
                    None => Ok(Command::DeviceCache(None)),
                    Some("on") => Ok(Command::DeviceCache(Some(CacheArg::On))),
                    Some("off") => Ok(Command::DeviceCache(Some(CacheArg::Off))),
                    Some("clear") => Ok(Command::DeviceCache(Some(CacheArg::Clear))),
                    Some(a) => Err(value_error(
                        2,
                        format!("unknown argument '{a}': usage :device cache [on|off|clear]"),
                    )),
                };
            }
            w.at_most(1, ":device")?;
            match w.words.get(1) {
                None => Ok(Command::Device(None)),
                Some(&(_, d)) => d
                    .parse()
                    .map(|d| Command::Device(Some(d)))
                    .map_err(|e| value_error(1, e)),
            }
        }
        CommandKind::Mode => {
            let (mut float64, mut dtype) = (None, None);
            for (i, &(_, arg)) in w.words.iter().enumerate().skip(1) {
                match arg.split_once('=') {
                    Some(("float64", v)) => {
                        float64 = Some(v.parse().map_err(|e| value_error(i, e))?)
                    }
                    Some(("dtype", v)) => dtype = Some(v.parse().map_err(|e| value_error(i, e))?),
                    _ => {
                        return Err(value_error(
                            i,
                            format!("unknown setting '{arg}': usage {usage}"),
                        ))
                    }
                }
            }
            Ok(Command::Mode { float64, dtype })
        }
        CommandKind::Time => match w.words.get(1).map(|&(_, a)| a) {
            None => Ok(Command::Time(TimeArg::Show)),
            Some(a @ ("on" | "off")) if w.words.len() == 2 => Ok(Command::Time(if a == "on" {
                TimeArg::On
            } else {
                TimeArg::Off
            })),
            Some(_) => {
                let (text, span) = w.rest(1).unwrap_or(("", line));
                Ok(Command::Time(TimeArg::Stmt(Code {
                    text: text.to_string(),
                    span,
                })))
            }
        },
        CommandKind::Timeit => parse_timeit(&w, usage),
        CommandKind::Graph => match w.rest(1) {
            None => Ok(Command::Graph(None)),
            Some(("clear", _)) => Ok(Command::GraphClear),
            Some((text, span)) => Ok(Command::Graph(Some(Code {
                text: text.to_string(),
                span,
            }))),
        },
        CommandKind::Profile => {
            w.at_most(1, ":profile")?;
            match w.words.get(1).map(|&(_, a)| a) {
                None => Ok(Command::Profile(ProfileArg::Show)),
                Some("on") => Ok(Command::Profile(ProfileArg::On)),
                Some("off") => Ok(Command::Profile(ProfileArg::Off)),
                Some("report") => Ok(Command::Profile(ProfileArg::Report)),
                Some(a) => Err(value_error(
                    1,
                    format!("unknown argument '{a}': usage {usage}"),
                )),
            }
        }
        CommandKind::Verify => verify::parse(&w, usage),
        CommandKind::Sync => {
            w.at_most(1, ":sync")?;
            match w.words.get(1) {
                None => Ok(Command::Sync(None)),
                Some(&(_, m)) => m
                    .parse()
                    .map(|m| Command::Sync(Some(m)))
                    .map_err(|e| value_error(1, e)),
            }
        }
        CommandKind::Ops => {
            w.at_most(1, ":ops")?;
            Ok(Command::Ops(w.words.get(1).map(|&(_, p)| p.to_string())))
        }
        CommandKind::Load => match w.rest(1) {
            Some((path, span)) => Ok(Command::Load(unquote(path).to_string(), span)),
            None => Err(ArgError::new(
                ExcKind::TypeError,
                format!("{usage}: which file?"),
                w.span(0),
            )),
        },
        CommandKind::Vars
        | CommandKind::Mem
        | CommandKind::Reset
        | CommandKind::History
        | CommandKind::Quit => {
            w.at_most(0, &format!(":{}", kind.name()))?;
            Ok(match kind {
                CommandKind::Vars => Command::Vars,
                CommandKind::Mem => Command::Mem,
                CommandKind::Reset => Command::Reset,
                CommandKind::History => Command::History,
                _ => Command::Quit,
            })
        }
    }
}

/// `:timeit [-n N] [-r R] STMT`.
fn parse_timeit(w: &Words<'_>, usage: &str) -> Result<Command, ArgError> {
    timeit_command(w, usage)?.ok_or_else(|| {
        ArgError::new(
            ExcKind::TypeError,
            format!("{usage}: which statement?"),
            w.span(0),
        )
    })
}

/// `[-n N] [-r R] STMT` after the command word of `:timeit` or `%timeit`:
/// the command, or `None` when no statement follows (each form says so in
/// its own words).
fn timeit_command(w: &Words<'_>, usage: &str) -> Result<Option<Command>, ArgError> {
    let graph = w.words.get(1).is_some_and(|&(_, a)| a == "--graph");
    let (number, repeat, i) = parse_timeit_flags_from(w, usage, 1 + usize::from(graph))?;
    Ok(w.rest(i).map(|(text, span)| Command::Timeit {
        number,
        repeat,
        setup: None,
        code: Code {
            text: text.to_string(),
            span,
        },
        graph,
    }))
}

/// The `-n N` and `-r R` flags of `:timeit` (and `%timeit`, `%%timeit`)
/// after the command word: loops, runs, and the index of the first word
/// after them.
fn parse_timeit_flags(w: &Words<'_>, usage: &str) -> Result<(Option<u64>, u32, usize), ArgError> {
    parse_timeit_flags_from(w, usage, 1)
}

/// [`parse_timeit_flags`] from word `start`.
fn parse_timeit_flags_from(
    w: &Words<'_>,
    usage: &str,
    start: usize,
) -> Result<(Option<u64>, u32, usize), ArgError> {
    let mut number = None;
    let mut repeat = 7;
    let mut i = start;
    while let Some(&(_, word)) = w.words.get(i) {
        let (flag, value, value_at) = match word {
            "-n" | "-r" => (word, w.words.get(i + 1).map(|&(_, v)| v), i + 1),
            _ if word.starts_with("-n") || word.starts_with("-r") => {
                (&word[..2], Some(&word[2..]), i)
            }
            _ => break,
        };
        let Some(value) = value else {
            return Err(ArgError::new(
                ExcKind::TypeError,
                format!("{flag} needs a number: usage {usage}"),
                w.span(i),
            ));
        };
        let n: u64 = match value.parse() {
            Ok(n) if n > 0 => n,
            _ => {
                return Err(ArgError::new(
                    ExcKind::ValueError,
                    format!("{flag} needs a positive integer, not '{value}'"),
                    w.span(value_at),
                ))
            }
        };
        if flag == "-n" {
            number = Some(n);
        } else {
            repeat = u32::try_from(n).unwrap_or(u32::MAX);
        }
        i = value_at + 1;
    }
    Ok((number, repeat, i))
}

/// `'path'` or `"path"` without its quotes.
fn unquote(text: &str) -> &str {
    for q in ['\'', '"'] {
        if let Some(inner) = text.strip_prefix(q).and_then(|t| t.strip_suffix(q)) {
            return inner;
        }
    }
    text
}

impl Interpreter {
    /// The session's device, modes and settings.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The session's device, modes and settings, to change.
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// Runs a meta line met while executing (the `StKind::Meta` statement).
    pub(crate) fn meta(&mut self, text: &str, span: Span) -> Result<(), Flow> {
        let cmd = parse(text, span).map_err(ArgError::into_exc)?;
        match self.command(cmd, span)? {
            ControlFlow::Continue => Ok(()),
            ControlFlow::Quit(code) => {
                Err(Exception::at(Error::new(ExcKind::SystemExit, code.to_string()), span).into())
            }
        }
    }

    /// Runs a parsed command; `span` is its line.
    pub(crate) fn command(&mut self, cmd: Command, span: Span) -> Result<ControlFlow, Flow> {
        if let Some(kind) = cmd.kind().filter(|&k| !self.session.enabled(k)) {
            let err = Error::new(
                ExcKind::RuntimeError,
                format!("':{}' is not available here", kind.name()),
            );
            return Err(Exception::at(err, span).into());
        }
        match cmd {
            Command::Help(name) => {
                let text = match name {
                    None => help::overview(),
                    Some((name, at)) => self
                        .help_for(&name)
                        .ok_or_else(|| Exception::at(help::unknown(&name), at))?,
                };
                self.write(&text);
            }
            Command::Device(device) => {
                if let Some(d) = device {
                    self.session
                        .set_device(d)
                        .map_err(|m| Exception::at(Error::new(ExcKind::RuntimeError, m), span))?;
                }
                let text = self.session.describe_device();
                self.write(&text);
            }
            Command::DeviceCache(arg) => {
                let text = self
                    .session
                    .device_cache(arg)
                    .map_err(|m| Exception::at(Error::new(ExcKind::RuntimeError, m), span))?;
                self.write(&text);
            }
            Command::Mode { float64, dtype } => {
                if let Some(m) = float64 {
                    self.session.set_float64_mode(m);
                }
                if let Some(d) = dtype {
                    self.session.set_default_float(Some(d));
                }
                let text = self.session.describe();
                self.write(&text);
            }
            Command::Time(TimeArg::Show) => {
                let state = if self.session.time { "on" } else { "off" };
                self.write(&format!("inline timing is {state}\n"));
            }
            Command::Time(TimeArg::On) => self.session.set_time(true),
            Command::Time(TimeArg::Off) => self.session.set_time(false),
            Command::Time(TimeArg::Stmt(code)) => self.time_once(&code)?,
            Command::Timeit {
                number,
                repeat,
                setup,
                code,
                graph,
            } => {
                if let Some(setup) = setup {
                    self.run_code(&setup)?;
                }
                if graph {
                    self.timeit_graph(&code, number, repeat, span)?
                } else {
                    self.timeit(&code, number, repeat)?
                }
            }
            Command::Profile(arg) => {
                let text = self.session.profile_command(arg);
                self.write(&text);
            }
            Command::Vars => {
                let text = vars::table(&self.user_vars());
                self.write(&text);
            }
            Command::Who(types) => {
                let text = vars::who(&self.user_vars(), &types);
                self.write(&text);
            }
            Command::History => {
                let text = self.history();
                self.write(&text);
            }
            Command::Ignored => {}
            Command::Graph(None) => {
                let text = self.graphs.describe();
                self.write(&text);
            }
            Command::Graph(Some(code)) => self.graph_run(&code, span)?,
            Command::GraphClear => self.graphs.clear(),
            Command::Sync(mode) => {
                use xpush_npu::ascend::syncdebug;
                if let Some(m) = mode {
                    syncdebug::set_mode(m);
                }
                let text = match syncdebug::mode() {
                    syncdebug::SyncMode::Off => "sync diagnostics are off\n",
                    syncdebug::SyncMode::Warn => {
                        "sync diagnostics warn: a dim line after each statement names what synchronized the npu and copied to the host\n"
                    }
                    syncdebug::SyncMode::Error => {
                        "sync diagnostics error: a read of npu data on the host raises RuntimeError\n"
                    }
                };
                self.write(text);
            }
            Command::Ops(pattern) => {
                let mode = self.session.float64_mode().to_npu();
                self.write(&ops_table(pattern.as_deref(), mode));
            }
            Command::Mem => {
                let text = self
                    .session
                    .describe_mem()
                    .map_err(|m| Exception::at(Error::new(ExcKind::RuntimeError, m), span))?;
                self.write(&text);
            }
            Command::Verify(arg) => self
                .verify_command(arg)
                .map_err(|m| Exception::at(Error::new(ExcKind::OSError, m), span))?,
            Command::Load(path, at) => self.load_file(&path, at)?,
            Command::Reset => self.reset(),
            Command::Quit => return Ok(ControlFlow::Quit(0)),
        }
        Ok(ControlFlow::Continue)
    }

    /// The session's variables, as `:vars` and `%who` show them: module
    /// dunders (`__name__`) are not the user's.
    fn user_vars(&self) -> Vec<(String, xpush_stdlib::Value)> {
        let mut vars = self.globals();
        vars.retain(|(n, _)| !(n.starts_with("__") && n.ends_with("__")));
        vars
    }

    /// `:history`: every interactive input of the session (`<input:N>`)
    /// as IPython's `%history -n` prints it: `   3: x = 1`, a multi-line
    /// input starting on the line after its number.
    fn history(&self) -> String {
        let mut out = String::new();
        let mut last = 0;
        let sources = (0..).map_while(|id| self.sources.get(id));
        for src in sources {
            let number = src
                .name
                .strip_prefix("<input:")
                .and_then(|n| n.strip_suffix('>'))
                .and_then(|n| n.parse::<usize>().ok());
            // `:time STMT` registers its statement under its line's name again.
            let Some(n) = number.filter(|&n| n > last) else {
                continue;
            };
            last = n;
            let text = src.text.trim_end();
            let sep = if text.contains('\n') { '\n' } else { ' ' };
            out.push_str(&format!("{n:>4}:{sep}{text}\n"));
        }
        out
    }

    /// Parses and compiles `text` as a new source named after the line it came from.
    fn compile_source(
        &mut self,
        name: &str,
        text: &str,
        echo: bool,
    ) -> Result<Vec<crate::ir::St>, Flow> {
        let ast = self.parse_source(name, text)?;
        Ok(crate::compile::Compiler::new(&mut self.names, echo).block(&ast))
    }

    /// Registers `text` as source `name` and parses it.
    fn parse_source(&mut self, name: &str, text: &str) -> Result<xpush_lang::ast::Block, Flow> {
        let id = self.sources.add(name, text);
        xpush_lang::parse(text, id).map_err(|diags| {
            let first = diags.into_iter().next();
            let (msg, span) = first.map_or((String::from("invalid syntax"), Span::BUILTIN), |d| {
                (d.message, d.span)
            });
            Flow::Raise(Exception::at(Error::new(ExcKind::SyntaxError, msg), span))
        })
    }

    /// [`Self::compile_source`] without echo, with the global slots the
    /// code reads.
    fn compile_source_reads(
        &mut self,
        name: &str,
        text: &str,
    ) -> Result<(Vec<crate::ir::St>, Vec<u32>), Flow> {
        let ast = self.parse_source(name, text)?;
        let mut c = crate::compile::Compiler::new(&mut self.names, false);
        let code = c.block(&ast);
        Ok((code, c.used_globals()))
    }

    /// `:load FILE`: runs the file in this session.
    fn load_file(&mut self, path: &str, at: Span) -> Result<(), Flow> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            let kind = match e.kind() {
                std::io::ErrorKind::NotFound => ExcKind::FileNotFoundError,
                _ => ExcKind::OSError,
            };
            Exception::at(Error::new(kind, format!("{e}: '{path}'")), at)
        })?;
        // A `#!` line is a comment to the shell: keep it as an empty line.
        let text = if text.starts_with("#!") {
            text.find('\n')
                .map_or(String::new(), |i| text[i..].to_string())
        } else {
            text
        };
        let code = self.compile_source(path, &text, false)?;
        let mut frame = crate::eval::Frame::default();
        self.exec_top(&mut frame, &code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> (String, Span) {
        // As the lexer gives it: the whole line and its span.
        (text.to_string(), Span::new(0, 0, text.len()))
    }

    fn parse_line(text: &str) -> Result<Command, ArgError> {
        let (body, span) = line(text);
        parse(&body, span)
    }

    #[test]
    fn commands_parse_into_the_enum() {
        assert_eq!(parse_line(":vars"), Ok(Command::Vars));
        assert_eq!(
            parse_line(":device npu:2"),
            Ok(Command::Device(Some(Device::Npu(2))))
        );
        assert_eq!(
            parse_line(":mode float64=cpu dtype=float32"),
            Ok(Command::Mode {
                float64: Some(Float64Mode::Cpu),
                dtype: Some(FloatDtype::Float32)
            })
        );
        assert_eq!(parse_line(":time on"), Ok(Command::Time(TimeArg::On)));
        let Ok(Command::Time(TimeArg::Stmt(code))) = parse_line(":time x = on") else {
            panic!("a statement");
        };
        assert_eq!((code.text.as_str(), code.span.range()), ("x = on", 6..12));
        let Ok(Command::Timeit {
            number,
            repeat,
            code,
            ..
        }) = parse_line(":timeit -n 10 -r3 f(1)")
        else {
            panic!("timeit");
        };
        assert_eq!((number, repeat, code.text.as_str()), (Some(10), 3, "f(1)"));
        assert_eq!(
            parse_line(":load 'my file.py'"),
            Ok(Command::Load("my file.py".into(), Span::new(0, 6, 18)))
        );
    }

    #[test]
    fn bad_arguments_are_spanned() {
        let e = parse_line(":mode dtype=int8").unwrap_err();
        assert_eq!((e.kind, e.span.range()), (ExcKind::ValueError, 6..16));
        let e = parse_line(":vars x y").unwrap_err();
        assert_eq!((e.kind, e.span.range()), (ExcKind::TypeError, 6..9));
        assert_eq!(e.message, ":vars takes no arguments");
        let e = parse_line(":timeit -n 0 f()").unwrap_err();
        assert_eq!(e.span.range(), 11..12);
        let e = parse_line(":hlp").unwrap_err();
        assert_eq!(
            e.message,
            "unknown meta-command ':hlp'. Did you mean: ':help'?"
        );
        assert_eq!(e.span.range(), 1..4);
    }

    #[test]
    fn default_float_follows_the_override() {
        let mut s = Session::default();
        assert_eq!(s.device(), Device::Cpu);
        assert_eq!(s.default_float(), FloatDtype::Float64);
        s.set_default_float(Some(FloatDtype::Float32));
        assert_eq!(s.default_float(), FloatDtype::Float32);
    }
}
