//! Calls keep every frame's locals on one value stack: a call that fails
//! part-way (while its arguments are evaluated, at the recursion limit, on
//! Ctrl-C) must leave the stack as it found it, so the session's later
//! calls see their own locals and nothing else.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::Ordering;

use xpush_interp::{Interpreter, Mode, Stop};

/// A session whose output is collected.
fn session() -> (Interpreter, Rc<RefCell<String>>) {
    let out = Rc::new(RefCell::new(String::new()));
    let sink = out.clone();
    let interp = Interpreter::new(Box::new(move |s: &str| sink.borrow_mut().push_str(s)));
    (interp, out)
}

/// The exception class of a failed run.
fn error_class(r: Result<(), Stop>) -> String {
    match r {
        Err(Stop::Error(diags)) => diags[0].class.clone(),
        other => panic!("expected an exception, got {other:?}"),
    }
}

const DEFS: &str = "
def f(a, b, c):
    return a * 100 + b * 10 + c

def g(n):
    return f(n, n + 1, undefined_name)

def down(n):
    return down(n + 1)

def locals_check(x):
    y = x + 1
    return f(x, y, y + 1)
";

#[test]
fn failed_argument_evaluation_leaves_the_stack_clean() {
    let (mut s, out) = session();
    s.run("<defs>", DEFS, Mode::Interactive).unwrap();
    for _ in 0..3 {
        assert_eq!(
            error_class(s.run("<e>", "g(1)", Mode::Interactive)),
            "NameError"
        );
        assert_eq!(s.stack_len(), 0);
        assert_eq!(
            error_class(s.run("<e>", "f(1, 2, 1 // 0)", Mode::Interactive)),
            "ZeroDivisionError"
        );
        assert_eq!(s.stack_len(), 0);
    }
    out.borrow_mut().clear();
    s.run("<ok>", "locals_check(1)", Mode::Interactive).unwrap();
    assert_eq!(out.borrow().as_str(), "123\n");
    assert_eq!(s.stack_len(), 0);
}

#[test]
fn recursion_limit_is_raised_every_time_and_calls_work_after() {
    let (mut s, out) = session();
    s.run("<defs>", DEFS, Mode::Interactive).unwrap();
    for _ in 0..2 {
        assert_eq!(
            error_class(s.run("<e>", "down(0)", Mode::Interactive)),
            "RecursionError"
        );
        assert_eq!(s.stack_len(), 0);
    }
    out.borrow_mut().clear();
    s.run("<ok>", "locals_check(4)", Mode::Interactive).unwrap();
    assert_eq!(out.borrow().as_str(), "456\n");
}

#[test]
fn interrupt_stops_a_call_and_the_next_call_works() {
    let (mut s, out) = session();
    s.run("<defs>", DEFS, Mode::Interactive).unwrap();
    s.interrupt_flag().store(true, Ordering::Relaxed);
    assert_eq!(
        error_class(s.run("<e>", "locals_check(1)", Mode::Interactive)),
        "KeyboardInterrupt"
    );
    assert_eq!(s.stack_len(), 0);
    out.borrow_mut().clear();
    s.run("<ok>", "locals_check(7)", Mode::Interactive).unwrap();
    assert_eq!(out.borrow().as_str(), "789\n");
}
