//! Multi-line entry: the validator asks the lexer's completeness check
//! whether the entry (the lines typed so far plus this one) can run.
//!
//! Each physical line is read with its own prompt (`>>> ` first, `... `
//! after), as Python's REPL does; rustyline cannot draw a prompt on the
//! continuation lines of one buffer. Alt+Enter inserts a newline in the
//! buffer instead, and pasted blocks arrive as one buffer: the check covers
//! every line of it. An open block or bracket asks for more; a blank line
//! closes a block.

use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use xpush_lang::Completeness;

use crate::helper::XpushHelper;

impl Validator for XpushHelper {
    fn validate(&self, ctx: &mut ValidationContext<'_>) -> rustyline::Result<ValidationResult> {
        let entry = self.entry_with(ctx.input());
        self.complete
            .set(xpush_lang::completeness(&entry) == Completeness::Complete);
        // The line itself is always accepted: the shell reads the next one
        // with the `... ` prompt while the entry is incomplete.
        Ok(ValidationResult::Valid(None))
    }
}

impl XpushHelper {
    /// The entry so far followed by `line`.
    pub fn entry_with(&self, line: &str) -> String {
        let pending = self.pending.borrow();
        if pending.is_empty() {
            line.to_string()
        } else {
            format!("{pending}\n{line}")
        }
    }

    /// Adds an accepted line to the entry; returns the whole entry when
    /// the validator found it complete (and starts a new one).
    pub fn accept(&self, line: &str) -> Option<String> {
        let entry = self.entry_with(line);
        if self.complete.replace(true) {
            self.pending.borrow_mut().clear();
            Some(entry)
        } else {
            *self.pending.borrow_mut() = entry;
            None
        }
    }

    /// Drops a half-typed entry (Ctrl-C).
    pub fn cancel(&self) {
        self.pending.borrow_mut().clear();
        self.complete.set(true);
    }

    /// Whether a multi-line entry is in progress (`... ` prompt).
    pub fn continuing(&self) -> bool {
        !self.pending.borrow().is_empty()
    }
}
