//! Print options of the session (`np.set_printoptions`).
//!
//! The interpreter runs one session per thread, so the options live in a
//! thread-local: every `repr`/`str` of an array on this thread reads them.

use std::cell::RefCell;

use xpush_npu::PrintOptions;

thread_local! {
    static OPTIONS: RefCell<PrintOptions> = RefCell::new(PrintOptions::default());
}

/// The current print options.
pub fn get() -> PrintOptions {
    OPTIONS.with(|o| o.borrow().clone())
}

/// Replaces the print options.
pub fn set(opts: PrintOptions) {
    OPTIONS.with(|o| *o.borrow_mut() = opts);
}
