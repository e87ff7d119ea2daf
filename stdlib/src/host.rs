//! What a stdlib function may ask of the interpreter that runs it.

use std::rc::Rc;

use crate::value::Value;
use crate::Result;

/// Keyword arguments at a call: name and value, in call order.
pub type Kwargs = Vec<(Rc<str>, Value)>;

/// The services the interpreter gives stdlib functions: output, calling back
/// into user code, interrupts and session facts. Stdlib code never prints
/// directly.
pub trait Host {
    /// Writes program output (what `print` prints) to the session's sink.
    fn write_out(&mut self, text: &str);
    /// Calls any callable value (a `def` function, a builtin, a bound method).
    fn call(&mut self, callee: &Value, args: Vec<Value>, kwargs: Kwargs) -> Result<Value>;
    /// Returns `Err(KeyboardInterrupt)` if Ctrl-C was pressed; long loops call it.
    fn check_interrupt(&self) -> Result<()>;
    /// `sys.argv` for this run.
    fn argv(&self) -> Vec<String>;
    /// `sys.path`: the list `import` searches for the user's modules,
    /// shared, so the user's changes to it steer later imports.
    fn sys_path(&self) -> Value {
        Value::list(vec![Value::str("")])
    }
    /// Runs a generator expression to its next item (`None` when it is
    /// exhausted). `state` is the interpreter's own suspended state,
    /// held by the generator object.
    fn resume(&mut self, state: &mut dyn std::any::Any) -> Result<Option<Value>>;
    /// Resumes a generator with what `gen.send(v)` or `gen.throw(e)`
    /// delivers at the `yield` it stopped at (`None`: as [`Host::resume`]).
    fn resume_with(
        &mut self,
        state: &mut dyn std::any::Any,
        input: Option<GenInput>,
    ) -> Result<Option<Value>> {
        match input {
            None => self.resume(state),
            Some(_) => Err(crate::Error::type_error("no generators here")),
        }
    }
    /// Writes to standard error (`print(..., file=sys.stderr)`); a host
    /// without a separate error stream writes it with the output.
    fn write_err(&mut self, text: &str) {
        self.write_out(text);
    }
    /// Where the code `level` frames up runs now (1: the line calling the
    /// stdlib function; 2: the line that called the function it is in),
    /// as `warnings.warn(stacklevel=)` blames it. `None` above the
    /// outermost frame, and for a host that runs no source.
    fn location(&self, level: usize) -> Option<Location> {
        let _ = level;
        None
    }
    /// The module's variables that are bound now, in the order they were
    /// first named, for `globals()`. A host without a module has none.
    fn globals(&self) -> Vec<(Rc<str>, Value)> {
        Vec::new()
    }
    /// Parses `source` as statements (a file's code named `filename`),
    /// raising the SyntaxError it has, without running it. A host that
    /// runs no source accepts any.
    fn check_source(&mut self, source: &str, filename: &str) -> Result<()> {
        let _ = (source, filename);
        Ok(())
    }
    /// `globals()`: a new dict of the module's variables as they are now.
    /// A host that runs source remembers it as the module's namespace, for
    /// `exec(code, globals())`.
    fn globals_dict(&mut self) -> Value {
        let mut d = crate::value::DictTable::default();
        for (name, v) in self.globals() {
            // A str key always inserts.
            let _ = d.insert(Value::Str(name), v);
        }
        Value::dict(d)
    }
    /// The error that raises the exception object `obj` (a builtin
    /// exception's object, or an instance of a user exception class) as
    /// it is, when the stdlib function returns it. A host that keeps no
    /// objects raises the builtin class and message.
    fn raise_object(&mut self, obj: Value) -> crate::Error {
        match crate::py::exc::object(&obj) {
            Some(e) => crate::Error::new(e.kind, e.text.clone()),
            None => crate::Error::type_error("exceptions must derive from BaseException"),
        }
    }
    /// What the generator resumed last returned (`return v`), taken: the
    /// value of the `StopIteration` that ends it. `None` when it did not
    /// return (or nothing ran a generator function).
    fn take_returned(&mut self) -> Option<Value> {
        None
    }
    /// Runs Python source given as a string, as `eval` (`kind`
    /// [`SourceKind::Eval`]: one expression, whose value is returned) and
    /// `exec` (statements; `None` is returned) do. `globals` is a dict
    /// the code's module-level names live in (`None`: the running
    /// module's); `locals`, a mapping its names are read from first and
    /// bound in. A host that runs no source refuses.
    fn run_source(
        &mut self,
        source: &str,
        kind: SourceKind,
        globals: Option<Value>,
        locals: Option<Value>,
    ) -> Result<Value> {
        let _ = (source, globals, locals);
        Err(crate::Error::type_error(format!(
            "{}() cannot run code here",
            kind.name()
        )))
    }
    /// Runs an operator as the language does (`a + b`, `a += b`, `a < b`,
    /// `-a`): the interpreter's own dispatch, user objects' special
    /// methods and NumPy's warnings included, at the site of the stdlib
    /// call running now. `b` is the right operand (`None` for a unary
    /// operator). A host without an evaluator runs the built-in operator.
    fn operate(&mut self, op: Operator, a: &Value, b: Option<&Value>) -> Result<Value> {
        let none = Value::None;
        let b = b.unwrap_or(&none);
        match op {
            Operator::Binary(op) => crate::ops::binary(op, a, b),
            Operator::InPlace(op) => crate::ops::inplace(op, a, b),
            Operator::Compare(op) => crate::ops::compare(op, a, b),
            Operator::Unary(op) => crate::ops::unary(op, a),
        }
    }
}

/// What [`Host::run_source`] runs: the builtin that asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind {
    /// `eval(source)`: one expression.
    Eval,
    /// `exec(source)`: a block of statements.
    Exec,
}

impl SourceKind {
    /// The builtin's name, as its errors say it.
    pub fn name(self) -> &'static str {
        match self {
            SourceKind::Eval => "eval",
            SourceKind::Exec => "exec",
        }
    }
}

/// An operator of the language, as [`Host::operate`] runs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operator {
    /// `a op b`.
    Binary(xpush_lang::ast::BinOp),
    /// `a op= b`.
    InPlace(xpush_lang::ast::BinOp),
    /// `a op b` for a comparison (`<`, `==`, `in`, ...).
    Compare(xpush_lang::ast::CmpOp),
    /// `op a` (`-a`, `+a`, `~a`, `not a`).
    Unary(xpush_lang::ast::UnaryOp),
}

/// A place in the user's source, as a warning names it.
pub struct Location {
    /// The file name (`script.py`, `<stdin>`).
    pub file: String,
    /// The 1-based line number.
    pub line: usize,
    /// The text of that line, if the source is known.
    pub text: Option<String>,
    /// The name of the module the code belongs to (`__main__`).
    pub module: String,
}

/// What a generator is resumed with besides `next`.
pub enum GenInput {
    /// `gen.send(value)`.
    Send(Value),
    /// `gen.throw(exc)` (a class or an exception object); `close()` throws
    /// `GeneratorExit`.
    Throw(Value),
}

/// A host for tools that build values without running a program (the
/// static checker listing a module's members): it prints nothing, calls
/// builtins only, and has no generators.
pub struct QuietHost;

impl Host for QuietHost {
    fn write_out(&mut self, _: &str) {}
    fn call(&mut self, callee: &Value, args: Vec<Value>, kwargs: Kwargs) -> Result<Value> {
        crate::ops::call(self, callee, args, kwargs)
    }
    fn check_interrupt(&self) -> Result<()> {
        Ok(())
    }
    fn argv(&self) -> Vec<String> {
        Vec::new()
    }
    fn resume(&mut self, _: &mut dyn std::any::Any) -> Result<Option<Value>> {
        Err(crate::Error::type_error("no generators here"))
    }
}
