//! No input panics: every test case and error-corpus file, and every prefix
//! of each cut at whitespace and punctuation, goes through the lexer, the
//! parser and the evaluator and must come back as a value or a Python
//! exception, never a panic.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use xpush_interp::{Interpreter, Mode};

/// A prefix can cut a loop before its counter update and run forever: a
/// watchdog presses Ctrl-C on any input that runs longer than this.
const WATCHDOG: Duration = Duration::from_millis(20);

#[test]
fn no_input_panics() {
    let inputs = xpush_tests::no_panic_inputs(&xpush_tests::tests_dir());
    assert!(
        inputs.len() > 1000,
        "the corpus is unexpectedly small: {}",
        inputs.len()
    );
    // Prefixes of the cases that write files stop before they remove
    // them: run where those files are thrown away, not in the checkout.
    let scratch = std::env::temp_dir().join(format!("xpush-no-panic-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch dir");
    std::env::set_current_dir(&scratch).expect("cd scratch dir");
    let progress = Arc::new(AtomicUsize::new(0));
    let current: Arc<Mutex<Option<Arc<AtomicBool>>>> = Arc::new(Mutex::new(None));
    let done = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let (progress, current, done) = (progress.clone(), current.clone(), done.clone());
        std::thread::spawn(move || {
            let mut last = usize::MAX;
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(WATCHDOG);
                let now = progress.load(Ordering::Relaxed);
                if now == last {
                    if let Some(flag) = current.lock().map(|c| c.clone()).ok().flatten() {
                        flag.store(true, Ordering::Relaxed);
                    }
                }
                last = now;
            }
        })
    };
    // The evaluator may nest up to the recursion limit: give it the stack
    // the xpush binary gives it.
    let runner = std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(move || {
            let mut panicked = Vec::new();
            for (i, text) in inputs.iter().enumerate() {
                let mut interp = Interpreter::new(Box::new(|_: &str| {}));
                if let Ok(mut c) = current.lock() {
                    *c = Some(interp.interrupt_flag());
                }
                progress.store(i, Ordering::Relaxed);
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    // Interactive mode also exercises echo; rendering must not panic either.
                    if let Err(xpush_interp::Stop::Error(diags)) =
                        interp.run("<no-panic>", text, Mode::Interactive)
                    {
                        for d in &diags {
                            let _ = xpush_lang::render(d, interp.sources(), false);
                        }
                    }
                }));
                if outcome.is_err() {
                    panicked.push(text.clone());
                }
            }
            panicked
        });
    let panicked = runner
        .expect("runner thread starts")
        .join()
        .expect("runner thread ends");
    done.store(true, Ordering::Relaxed);
    let _ = watchdog.join();
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(
        panicked.is_empty(),
        "{} inputs panicked; the first:\n{}",
        panicked.len(),
        panicked[0]
    );
}
