//! The interactive shell: the rustyline loop on a terminal, a plain
//! line loop otherwise, the banner, and reporting of errors.

use std::io::{BufRead, Write};
use std::sync::atomic::Ordering;

use rustyline::config::{BellStyle, ColorMode, CompletionType, Config};
use rustyline::error::ReadlineError;
use rustyline::history::FileHistory;
use rustyline::{Cmd, Editor, KeyCode, KeyEvent, Modifiers};
use xpush_interp::{Interpreter, Mode, Stop};
use xpush_lang::Completeness;

use crate::cli::{report, Output};
use crate::helper::XpushHelper;

/// The first lines of an interactive session.
pub fn banner(interp: &Interpreter) -> String {
    let s = interp.session();
    let mut text = format!(
        "xpush {} — NumPy-flavoured Python; device {}, \
         default float {}, float64 mode {}\n\
         Type :help for commands, :help NAME for a function (:help len); Ctrl-D or :quit to leave.\n",
        env!("CARGO_PKG_VERSION"),
        s.device(),
        s.default_float(),
        s.float64_mode(),
    );
    if let Some(Ok(info)) = s.npu_info() {
        text.push_str(&format!("{info}\n"));
    }
    if s.device() == xpush_interp::meta::Device::Cpu {
        text.push_str(
            "No NPU here? :device npu-sim (or xpush --device npu-sim) runs the simulated Ascend NPU.\n",
        );
    }
    text
}

/// Runs one entry; `Some(code)` when the session should end.
fn run_entry(interp: &mut Interpreter, out: &Output, text: &str) -> Option<u8> {
    let flag = interp.interrupt_flag();
    flag.store(false, Ordering::Relaxed);
    let name = interp.next_input_name();
    let mut text = text.to_string();
    text.push('\n');
    let result = interp.run(&name, &text, Mode::Interactive);
    out.flush();
    flag.store(false, Ordering::Relaxed);
    match result {
        Ok(()) => None,
        Err(Stop::Exit(code)) => Some(code.clamp(0, 255) as u8),
        Err(stop) => {
            report(interp, stop, out.err_color);
            None
        }
    }
}

/// The line-editing shell, on a terminal.
pub fn interactive(interp: &mut Interpreter, out: &Output, show_banner: bool) -> u8 {
    if show_banner {
        out.write(&banner(interp));
        out.flush();
    }
    let config = Config::builder()
        .history_ignore_dups(true)
        .and_then(|c| c.max_history_size(10_000))
        .map(|c| {
            c.completion_type(CompletionType::List)
                .auto_add_history(false)
                .bell_style(BellStyle::None)
                .color_mode(if out.color {
                    ColorMode::Enabled
                } else {
                    ColorMode::Disabled
                })
                .build()
        });
    let mut editor: Editor<XpushHelper, FileHistory> = match config.and_then(Editor::with_config) {
        Ok(e) => e,
        Err(e) => {
            let _ = writeln!(
                std::io::stderr(),
                "xpush: no line editor ({e}); plain input"
            );
            return plain(interp, out);
        }
    };
    editor.set_helper(Some(XpushHelper::new(out.color)));
    editor.bind_sequence(KeyEvent(KeyCode::Enter, Modifiers::ALT), Cmd::Newline);
    let history = crate::history::path();
    if let Some(path) = &history {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.load_history(path);
    }
    loop {
        let Some(helper) = editor.helper() else {
            return 70;
        };
        helper.set_scope(interp.globals());
        let prompt = if helper.continuing() { "... " } else { ">>> " };
        match editor.readline(prompt) {
            Ok(line) => {
                let Some(helper) = editor.helper() else {
                    return 70;
                };
                let Some(entry) = helper.accept(&line) else {
                    continue;
                };
                if entry.trim().is_empty() {
                    continue;
                }
                // History keeps whole entries, written at once so a crash loses nothing.
                let _ = editor.add_history_entry(entry.trim_end());
                if let Some(path) = &history {
                    let _ = editor.append_history(path);
                }
                if let Some(code) = run_entry(interp, out, &entry) {
                    return code;
                }
            }
            Err(ReadlineError::Interrupted) => {
                if let Some(helper) = editor.helper() {
                    helper.cancel();
                }
            }
            Err(ReadlineError::Eof) => {
                out.write("\n");
                out.flush();
                return 0;
            }
            Err(e) => {
                let _ = writeln!(std::io::stderr(), "xpush: {e}");
                return 1;
            }
        }
    }
}

/// A plain read-eval-print loop for input that is not a terminal.
pub fn plain(interp: &mut Interpreter, out: &Output) -> u8 {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut entry = String::new();
    loop {
        out.write(if entry.is_empty() { ">>> " } else { "... " });
        out.flush();
        let Some(Ok(line)) = lines.next() else {
            out.write("\n");
            out.flush();
            return 0;
        };
        // The entry is its lines joined by `\n`, as a line editor's buffer is.
        if !entry.is_empty() {
            entry.push('\n');
        }
        entry.push_str(&line);
        if xpush_lang::completeness(&entry) == Completeness::Incomplete {
            continue;
        }
        let text = std::mem::take(&mut entry);
        if text.trim().is_empty() {
            continue;
        }
        if let Some(code) = run_entry(interp, out, &text) {
            return code;
        }
    }
}
