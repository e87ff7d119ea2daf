//! xpush's interpreter: compiles the AST to a slot-resolved tree and walks
//! it, against the stdlib's object model. A session ([`Interpreter`]) keeps
//! its sources, globals and modules across inputs; output goes through an
//! injected sink; Ctrl-C sets a flag that loops and calls check.

mod chain;
pub mod check;
mod comp;
mod compile;
mod dyncode;
mod eval;
mod exc;
mod gen;
mod ir;
pub mod meta;
mod scope;
mod suggest;
mod usermod;

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use xpush_lang::span::SourceMap;
use xpush_lang::Diagnostic;
use xpush_stdlib::{ops, Error, ExcKind, Host, Kwargs, Value};

pub use eval::RECURSION_LIMIT;
pub use exc::Exception;
pub use meta::{Command, CommandKind, ControlFlow, Session};

use compile::{Compiler, GlobalNames};
use eval::Frame;
use exc::Flow;

/// How an input is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A script: no echo.
    File,
    /// An interactive entry: expression statements echo their `repr`, `_`
    /// holds the last echoed value, and a failed entry binds no names.
    Interactive,
}

/// Why a run did not complete normally.
#[derive(Debug)]
pub enum Stop {
    /// Syntax errors, or the uncaught exception (one diagnostic).
    Error(Vec<Diagnostic>),
    /// `sys.exit(code)` was called.
    Exit(i32),
}

/// The sink program output is written to.
pub type Sink = Box<dyn FnMut(&str)>;

/// One session of the language.
pub struct Interpreter {
    sources: SourceMap,
    names: GlobalNames,
    globals: Vec<Option<Value>>,
    modules: HashMap<String, Value>,
    out: Sink,
    interrupt: Arc<AtomicBool>,
    /// The locals of every active call, innermost last (see [`eval::Frame`]).
    stack: Vec<Option<Value>>,
    argv: Vec<String>,
    inputs: usize,
    /// A `def` called back from the stdlib failed: its full exception,
    /// recovered by the caller so the traceback survives the stdlib.
    pending: Option<Box<Exception>>,
    /// The exceptions being handled (`except` blocks running), innermost
    /// last: what a bare `raise` raises again.
    handling: Vec<Exception>,
    /// What the generator that just ended returned (`return v` in its
    /// body), for the `yield from` that drove it.
    gen_return: Option<Value>,
    /// What the generator being resumed gets at its `yield`: the value
    /// `send` sent, or the exception `throw` threw (`None` for `next`).
    gen_input: Option<Result<Value, exc::Exc>>,
    /// Device, modes and settings of meta-commands.
    session: meta::Session,
    /// `:graph`'s captured statements (dropped when the device changes).
    graphs: meta::graph::GraphCache,
    /// Where notices go (`:verify` mismatch lines); `None`: with the output.
    notice: Option<Sink>,
    /// The call site of the stdlib function running now (what a warning
    /// it issues blames).
    site: xpush_lang::span::Span,
    /// The call site of every active `def` call (and class body and
    /// generator step), innermost last: `warnings.warn(stacklevel=2)`
    /// blames the caller's line, and their number is the recursion depth.
    sites: Vec<xpush_lang::span::Span>,
    /// The module whose globals `names` and `globals` are now (0:
    /// `__main__`; the others are the user's modules, see [`usermod`]).
    module: u32,
    /// Every module's globals but the running one's, by module index.
    envs: Vec<usermod::ModuleEnv>,
    /// `sys.path` until the program binds another list to it: the
    /// folders `import` looks in for the user's modules, the script's
    /// first (`''`, the working folder, for `-c` and the shell).
    sys_path: Value,
    /// The dicts `globals()` gave out, and module environments `exec`
    /// can reuse (see [`dyncode`]).
    namespaces: dyncode::Namespaces,
}

impl Interpreter {
    /// A fresh session writing program output to `out`.
    pub fn new(out: Sink) -> Interpreter {
        let mut interp = Interpreter {
            sources: SourceMap::new(),
            names: GlobalNames::default(),
            globals: Vec::new(),
            modules: HashMap::new(),
            out,
            interrupt: Arc::new(AtomicBool::new(false)),
            stack: Vec::new(),
            argv: vec![String::new()],
            inputs: 0,
            pending: None,
            handling: Vec::new(),
            gen_input: None,
            gen_return: None,
            session: meta::Session::default(),
            graphs: Default::default(),
            notice: None,
            site: xpush_lang::span::Span::BUILTIN,
            sites: Vec::new(),
            module: 0,
            envs: vec![usermod::ModuleEnv::default()],
            sys_path: xpush_stdlib::Value::list(vec![xpush_stdlib::Value::str("")]),
            namespaces: Default::default(),
        };
        interp.bind_module_names();
        xpush_stdlib::warnings::reset();
        interp
    }

    /// The names Python binds in every module: `__name__` is `"__main__"`
    /// for a script, `-c` code and the shell alike, so
    /// `if __name__ == "__main__":` runs its block.
    fn bind_module_names(&mut self) {
        let slot = self.names.slot("__name__");
        self.set_global(slot, xpush_stdlib::Value::str("__main__"));
    }

    /// Runs the program as the script at `path`, as CPython does: its
    /// absolute path is `__file__` and its folder is `sys.path[0]`, where
    /// `import` finds the user's own modules.
    pub fn set_script(&mut self, path: &std::path::Path) {
        let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let slot = self.names.slot("__file__");
        self.set_global(
            slot,
            xpush_stdlib::Value::str(path.display().to_string().as_str()),
        );
        if let Some(dir) = path.parent() {
            let dir = xpush_stdlib::Value::str(dir.display().to_string().as_str());
            self.sys_path = xpush_stdlib::Value::list(vec![dir]);
        }
    }

    /// Sets `sys.argv`.
    pub fn set_argv(&mut self, argv: Vec<String>) {
        self.argv = argv;
    }

    /// The flag a Ctrl-C handler sets; loops and calls raise KeyboardInterrupt when they see it.
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }

    /// Every input registered so far (for rendering diagnostics).
    pub fn sources(&self) -> &SourceMap {
        &self.sources
    }

    /// The name for the next interactive input: `<input:N>`.
    pub fn next_input_name(&mut self) -> String {
        self.inputs += 1;
        format!("<input:{}>", self.inputs)
    }

    /// The names bound at module level, with their values, in binding order.
    pub fn globals(&self) -> Vec<(String, Value)> {
        (0..self.names.len())
            .filter_map(|i| {
                let v = self.globals.get(i)?.clone()?;
                Some((self.names.name(i as u32).to_string(), v))
            })
            .collect()
    }

    /// How many locals the active calls hold on the value stack: 0
    /// between inputs, however the last one ended (for tests).
    #[doc(hidden)]
    pub fn stack_len(&self) -> usize {
        self.stack.len()
    }

    /// Forgets every variable and imported module (`:reset`).
    pub fn reset(&mut self) {
        self.graphs.clear();
        self.globals.clear();
        self.modules.clear();
        self.bind_module_names();
    }

    /// Ends a script as CPython's shutdown does: its suspended generators
    /// are closed (their `finally` blocks and `with` exits run), in the
    /// order their variables were first bound.
    pub fn finish(&mut self) {
        for g in 0..self.globals.len() {
            if let Some(v @ Value::Iter(_)) = self.globals[g].take() {
                self.finalize(v);
            }
        }
    }

    /// Registers `text` under `name`, parses, compiles and runs it.
    pub fn run(&mut self, name: &str, text: &str, mode: Mode) -> Result<(), Stop> {
        let id = self.sources.add(name, text);
        let ast = xpush_lang::parse(text, id).map_err(Stop::Error)?;
        let code = Compiler::new(&mut self.names, mode == Mode::Interactive).block(&ast);
        let snapshot = (mode == Mode::Interactive).then(|| self.globals.clone());
        let mut frame = Frame::default();
        self.sites.clear();
        self.session.echo = mode == Mode::Interactive;
        let result = self.exec_top(&mut frame, &code);
        let exc = match result {
            Ok(()) => return Ok(()),
            Err(Flow::Raise(exc)) => exc,
            // The parser rejects these outside functions and loops.
            Err(Flow::Return(_) | Flow::Break | Flow::Continue | Flow::Yield(_)) => return Ok(()),
        };
        if let Some(saved) = snapshot {
            self.globals = saved;
        }
        if exc.error.kind() == ExcKind::SystemExit {
            return Err(Stop::Exit(exc.error.msg().parse().unwrap_or(1)));
        }
        Err(Stop::Error(vec![exc.into_diagnostic()]))
    }

    fn write(&mut self, text: &str) {
        (self.out)(text);
    }

    /// Sends notices (`:verify` mismatch lines) to `sink` instead of the
    /// program output (the CLI writes them to stderr).
    pub fn set_notice(&mut self, sink: Sink) {
        self.notice = Some(sink);
    }

    /// The error a stdlib function returns for `exc`, raised in code it
    /// ran: the full exception waits as pending, so the caller recovers
    /// its traceback ([`Interpreter::host_error`]).
    fn park(&mut self, exc: Box<Exception>) -> Error {
        let error = exc.error.clone();
        self.pending = Some(exc);
        error
    }

    fn notice(&mut self, text: &str) {
        match &mut self.notice {
            Some(n) => n(text),
            None => (self.out)(text),
        }
    }
}

impl Host for Interpreter {
    fn write_out(&mut self, text: &str) {
        self.write(text);
    }

    fn call(&mut self, callee: &Value, args: Vec<Value>, kwargs: Kwargs) -> Result<Value, Error> {
        let span = xpush_lang::span::Span::BUILTIN;
        self.call_value(callee, args, kwargs, span)
            .map_err(|exc| self.park(exc))
    }

    fn check_interrupt(&self) -> Result<(), Error> {
        if self
            .interrupt
            .swap(false, std::sync::atomic::Ordering::Relaxed)
        {
            return Err(Error::new(ExcKind::KeyboardInterrupt, ""));
        }
        Ok(())
    }

    fn argv(&self) -> Vec<String> {
        self.argv.clone()
    }

    fn sys_path(&self) -> xpush_stdlib::Value {
        self.sys_path.clone()
    }

    fn write_err(&mut self, text: &str) {
        // The notice sink is the CLI's stderr.
        self.notice(text);
    }

    fn location(&self, level: usize) -> Option<xpush_stdlib::host::Location> {
        let span = match level {
            0 | 1 => self.site,
            _ => *self.sites.iter().rev().nth(level - 2)?,
        };
        let src = self.sources.get(span.src)?;
        Some(xpush_stdlib::host::Location {
            file: src.name.clone(),
            line: self.sources.line_of(span)?,
            text: self.sources.line_text(span).map(str::to_string),
            module: "__main__".into(),
        })
    }

    fn globals(&self) -> Vec<(std::rc::Rc<str>, Value)> {
        self.module_vars(self.module)
    }

    fn globals_dict(&mut self) -> Value {
        Interpreter::globals_dict(self)
    }

    fn check_source(&mut self, source: &str, filename: &str) -> Result<(), Error> {
        self.parse_string(source, filename, xpush_stdlib::host::SourceKind::Exec)
            .map(drop)
            .map_err(|exc| self.park(exc))
    }

    fn run_source(
        &mut self,
        source: &str,
        kind: xpush_stdlib::host::SourceKind,
        globals: Option<Value>,
        locals: Option<Value>,
    ) -> Result<Value, Error> {
        self.run_string(source, kind, globals, locals)
            .map_err(|exc| self.park(exc))
    }

    fn operate(
        &mut self,
        op: xpush_stdlib::host::Operator,
        a: &Value,
        b: Option<&Value>,
    ) -> Result<Value, Error> {
        use xpush_stdlib::host::Operator;
        // At the site of the stdlib call running now, so NumPy's warnings
        // name its line.
        let span = self.site;
        let none = Value::None;
        let b = b.unwrap_or(&none);
        let r = match op {
            Operator::Binary(op) => self.binary(op, a, b, span),
            Operator::InPlace(op) => self.inplace(op, a, b, span),
            Operator::Compare(op) => self.compare(op, a, b, span),
            Operator::Unary(op) => self.unary(op, a, span),
        };
        r.map_err(|exc| self.park(exc))
    }

    fn resume(&mut self, state: &mut dyn std::any::Any) -> Result<Option<Value>, Error> {
        self.resume_with(state, None)
    }

    fn raise_object(&mut self, obj: Value) -> Error {
        let exc = match self.thrown(&obj) {
            Ok(exc) | Err(exc) => exc,
        };
        self.park(exc)
    }

    fn take_returned(&mut self) -> Option<Value> {
        self.gen_return.take()
    }

    fn resume_with(
        &mut self,
        state: &mut dyn std::any::Any,
        input: Option<xpush_stdlib::GenInput>,
    ) -> Result<Option<Value>, Error> {
        let stepped = if let Some(g) = state.downcast_mut::<gen::FuncGen>() {
            self.resume_function(g, input)
        } else if let Some(g) = state.downcast_mut::<comp::GenState>() {
            match input {
                Some(xpush_stdlib::GenInput::Send(v)) if !v.is_none() => {
                    return Err(Error::type_error(
                        "can't send non-None value to a just-started generator",
                    ))
                }
                Some(xpush_stdlib::GenInput::Throw(v)) => {
                    let (error, _) = xpush_stdlib::py::exc::to_raise(&v)?;
                    return Err(error);
                }
                _ => {
                    let r = self.resume_generator(g);
                    // A generator expression returns nothing (a generator
                    // function it drove may have left its return value).
                    self.gen_return = None;
                    r
                }
            }
        } else {
            return Err(Error::type_error("not a generator of this interpreter"));
        };
        stepped.map_err(|exc| self.park(exc))
    }
}

/// `repr` of a value, for front ends.
pub fn repr(v: &Value) -> String {
    ops::repr(v)
}
