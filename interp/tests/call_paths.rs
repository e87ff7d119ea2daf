//! A call with positional arguments only takes a fast path when the callee
//! is a `def` whose parameters are plain locals and the argument count
//! matches; every other call goes through argument binding. Both paths must
//! give Python's results and Python's error messages, whichever is taken.

use std::cell::RefCell;
use std::rc::Rc;

use xpush_interp::{Interpreter, Mode, Stop};

/// A session whose output is collected.
fn session() -> (Interpreter, Rc<RefCell<String>>) {
    let out = Rc::new(RefCell::new(String::new()));
    let sink = out.clone();
    let interp = Interpreter::new(Box::new(move |s: &str| sink.borrow_mut().push_str(s)));
    (interp, out)
}

/// Runs `code` as a script and returns its output.
fn output(code: &str) -> String {
    let (mut s, out) = session();
    if let Err(e) = s.run("<t>", code, Mode::File) {
        panic!("{code} failed: {e:?}");
    }
    assert_eq!(s.stack_len(), 0);
    let text = out.borrow().clone();
    text
}

/// The `Class: message` of the exception `code` raises.
fn error(code: &str) -> String {
    let (mut s, _) = session();
    let r = s.run("<t>", code, Mode::File);
    assert_eq!(s.stack_len(), 0);
    match r {
        Err(Stop::Error(diags)) => format!("{}: {}", diags[0].class, diags[0].message),
        other => panic!("expected an exception from {code}, got {other:?}"),
    }
}

const AREA: &str = "def area(w, h):\n    return w * h\n";

#[test]
fn wrong_positional_counts_give_pythons_type_errors() {
    assert_eq!(
        error(&format!("{AREA}area(2, 3, 4)")),
        "TypeError: area() takes 2 positional arguments but 3 were given"
    );
    assert_eq!(
        error(&format!("{AREA}area(2)")),
        "TypeError: area() missing 1 required positional argument: 'h'"
    );
    assert_eq!(
        error(&format!("{AREA}area()")),
        "TypeError: area() missing 2 required positional arguments: 'w' and 'h'"
    );
    assert_eq!(
        error("def one(x):\n    return x\none(1, 2)"),
        "TypeError: one() takes 1 positional argument but 2 were given"
    );
}

#[test]
fn defaults_and_keywords_still_bind() {
    let code = "def f(a, b=10, c=100):\n    return a + b + c\n\
                print(f(1), f(1, 2), f(1, 2, 3), f(1, c=3), f(c=1, a=2), f(*[1, 2]))";
    assert_eq!(output(code), "111 103 6 14 13 103\n");
    assert_eq!(
        error("def f(a, b=1):\n    return a\nf(1, a=2)"),
        "TypeError: f() got multiple values for argument 'a'"
    );
    assert_eq!(
        error("def f(a, b=1):\n    return a\nf(1, 2, 3)"),
        "TypeError: f() takes from 1 to 2 positional arguments but 3 were given"
    );
}

#[test]
fn callees_that_are_not_plain_defs_called_positionally() {
    // A parameter captured by a nested function lives in a cell, so the
    // call binds it; a `def` held in a local, a builtin and a bound method
    // are called positionally too.
    let code = "\
def adder(n):
    def add(x):
        return x + n
    return add

def apply(g, x):
    return g(x)

print(adder(2)(3), apply(adder(10), 5), apply(abs, -4), apply('a-b'.split, '-'))";
    assert_eq!(output(code), "5 15 4 ['a', 'b']\n");
    assert_eq!(
        error("x = 3\nx(1)"),
        "TypeError: 'int' object is not callable"
    );
}

#[test]
fn return_inside_nested_blocks_and_loops() {
    let code = "\
def first_over(xs, limit):
    for x in xs:
        if x > limit:
            return x
    return None

def count_to(n):
    i = 0
    while True:
        i = i + 1
        if i == n:
            return i

def no_return(x):
    x = x + 1

print(first_over([1, 5, 9], 4), first_over([1], 4), count_to(7), no_return(1))";
    assert_eq!(output(code), "5 None 7 None\n");
}

#[test]
fn arguments_are_evaluated_left_to_right_before_the_body() {
    let code = "\
log = []
def v(x):
    log.append(x)
    return x
def f(a, b, c):
    log.append('body')
    return a + b + c
print(f(v(1), v(2), v(3)), log)";
    assert_eq!(output(code), "6 [1, 2, 3, 'body']\n");
}
