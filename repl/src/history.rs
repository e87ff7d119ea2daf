//! Where the shell keeps its history: `XPUSH_HISTORY`, else
//! `$XDG_STATE_HOME/xpush/history`, else `~/.local/state/xpush/history`.

use std::path::PathBuf;

/// The history file for this environment, if a home or state directory is known.
pub fn path() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(p) = var("XPUSH_HISTORY") {
        return Some(PathBuf::from(p));
    }
    // The XDG spec: a relative XDG_STATE_HOME is invalid and ignored.
    let state = var("XDG_STATE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| var("HOME").map(|h| PathBuf::from(h).join(".local/state")))?;
    Some(state.join("xpush").join("history"))
}
