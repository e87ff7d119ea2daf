//! Implicit-synchronization diagnostics (`:sync`, `--sync-debug`), as
//! torch's `set_sync_debug_mode` and CUDA.jl's scalar-indexing guard:
//! every copy of device data to the host synchronizes the stream first,
//! which stalls the host until the NPU has caught up. In `warn` mode each
//! such copy is logged with what forced it (the core's
//! [`SyncReason`]: printing, `float()`,
//! a host fallback of an op) and its cost, for the session to print after
//! the statement; in `error` mode it is refused before it happens. Copies
//! the user asked for (verification, device timing) are neither.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use xpush_core::device::{sync_reason, SyncReason};
use xpush_core::error::{Error, Result};

/// What happens at an implicit device→host synchronize.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SyncMode {
    /// Nothing.
    #[default]
    Off,
    /// Logged, for a dim line after the statement.
    Warn,
    /// A `RuntimeError` before the copy.
    Error,
}

impl SyncMode {
    /// `off`, `warn`, `error`.
    pub fn name(self) -> &'static str {
        match self {
            SyncMode::Off => "off",
            SyncMode::Warn => "warn",
            SyncMode::Error => "error",
        }
    }

    /// Parses a mode name.
    pub fn parse(s: &str) -> std::result::Result<SyncMode, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "off" => Ok(SyncMode::Off),
            "warn" => Ok(SyncMode::Warn),
            "error" => Ok(SyncMode::Error),
            _ => Err(format!(
                "unknown sync mode '{s}' (expected 'off', 'warn' or 'error')"
            )),
        }
    }
}

impl std::str::FromStr for SyncMode {
    type Err = String;
    fn from_str(s: &str) -> std::result::Result<SyncMode, String> {
        SyncMode::parse(s)
    }
}

static MODE: AtomicU8 = AtomicU8::new(0);
static LOG: Mutex<Vec<SyncEvent>> = Mutex::new(Vec::new());

/// One implicit synchronize and copy.
#[derive(Clone, Debug, PartialEq)]
pub struct SyncEvent {
    /// What forced it (`None`: a copy no reader named).
    pub reason: Option<SyncReason>,
    /// Bytes copied to the host.
    pub bytes: usize,
    /// Host time of the synchronize and the copy.
    pub took: Duration,
}

/// The mode in force (process-wide: every NPU).
pub fn mode() -> SyncMode {
    match MODE.load(Ordering::Relaxed) {
        1 => SyncMode::Warn,
        2 => SyncMode::Error,
        _ => SyncMode::Off,
    }
}

/// Sets the mode; leaving `warn` drops what was logged.
pub fn set_mode(m: SyncMode) {
    MODE.store(m as u8, Ordering::Relaxed);
    if m != SyncMode::Warn {
        take_log();
    }
}

/// The copies logged since the last call, oldest first.
pub fn take_log() -> Vec<SyncEvent> {
    std::mem::take(&mut *LOG.lock().unwrap_or_else(|e| e.into_inner()))
}

/// The reason of a copy about to happen, `None` when it is not to be
/// diagnosed; under `error`, the refusal.
pub(crate) fn before(bytes: usize, device: i32) -> Result<Option<Option<SyncReason>>> {
    let m = mode();
    let reason = sync_reason();
    if m == SyncMode::Off || reason.is_some_and(|r| r.expected) {
        return Ok(None);
    }
    if m == SyncMode::Error {
        let what = reason.map_or_else(|| "a device→host copy".to_string(), |r| r.to_string());
        return Err(Error::runtime_error(format!(
            "{what} reads npu:{device} data on the host (a synchronize and a copy of {}): refused under :sync error (:sync warn or :sync off allow it)",
            crate::alloc::human(bytes)
        )));
    }
    Ok(Some(reason))
}

/// Logs a copy [`before`] let through.
pub(crate) fn after(reason: Option<SyncReason>, bytes: usize, took: Duration) {
    LOG.lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(SyncEvent {
            reason,
            bytes,
            took,
        });
}

/// The dim line `:sync warn` prints after a statement: each reason once,
/// with its count, bytes and time: `sync: printing copied 4.0 KB from the
/// npu (0.12 ms); float() ×2 copied 8 B (0.05 ms)`.
pub fn describe(events: &[SyncEvent]) -> Option<String> {
    if events.is_empty() {
        return None;
    }
    let mut groups: Vec<(String, usize, usize, Duration)> = Vec::new();
    for e in events {
        let what = e
            .reason
            .map_or_else(|| "a device→host copy".to_string(), |r| r.to_string());
        match groups.iter_mut().find(|g| g.0 == what) {
            Some(g) => {
                g.1 += 1;
                g.2 += e.bytes;
                g.3 += e.took;
            }
            None => groups.push((what, 1, e.bytes, e.took)),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(what, n, bytes, took)| {
            let times = if *n > 1 {
                format!(" ×{n}")
            } else {
                String::new()
            };
            format!(
                "{what}{times} synchronized and copied {} to the host ({:.2} ms)",
                crate::alloc::human(*bytes),
                took.as_secs_f64() * 1e3
            )
        })
        .collect();
    Some(format!("sync: {}", parts.join("; ")))
}
