//! One-line notices for the session to show after a statement (on
//! stderr): what the npu could not run as asked and where it ran instead
//! (a phase 1 that refused the call, a known failure from the kernel
//! facts). Each is shown once per process, keyed by what it is about.

use std::collections::HashSet;
use std::sync::Mutex;

struct Notices {
    seen: HashSet<String>,
    pending: Vec<String>,
}

static NOTICES: Mutex<Option<Notices>> = Mutex::new(None);

/// Queues `line` unless a notice with `key` was queued before.
pub fn once(key: String, line: String) {
    let mut g = NOTICES.lock().unwrap_or_else(|e| e.into_inner());
    let n = g.get_or_insert_with(|| Notices {
        seen: HashSet::new(),
        pending: Vec::new(),
    });
    if n.seen.insert(key) {
        n.pending.push(line);
    }
}

/// The notices queued since the last call, oldest first.
pub fn take() -> Vec<String> {
    let mut g = NOTICES.lock().unwrap_or_else(|e| e.into_inner());
    g.as_mut()
        .map(|n| std::mem::take(&mut n.pending))
        .unwrap_or_default()
}
