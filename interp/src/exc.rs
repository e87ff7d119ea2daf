//! Exceptions while running: the stdlib's span-free [`Error`] plus where it
//! happened and the call frames it unwound through.

use xpush_lang::span::Span;
use xpush_lang::{Diagnostic, TraceFrame};
use xpush_stdlib::{Error, ExcKind, Value};

/// A raised exception on its way up the call stack.
#[derive(Debug, Clone)]
pub struct Exception {
    /// Class and message.
    pub error: Error,
    /// The innermost span not yet attributed to a frame.
    pub span: Span,
    /// Frames already unwound, innermost first.
    pub frames: Vec<TraceFrame>,
    /// The exception object, once there is one (`raise ValueError('x')`
    /// made it, or an `except ... as e` caught it): an exception caught
    /// twice is the same object.
    pub value: Option<Value>,
}

/// Boxed, so `Result<Value, Exc>` stays small.
pub type Exc = Box<Exception>;

impl Exception {
    /// An exception raised at `span`.
    pub fn at(error: Error, span: Span) -> Exc {
        Box::new(Exception {
            error,
            span,
            frames: Vec::new(),
            value: None,
        })
    }

    /// The exception object (`except ... as e`, `__exit__`'s value), made
    /// from the error the first time it is asked for.
    pub fn object(&mut self) -> Value {
        self.value
            .get_or_insert_with(|| xpush_stdlib::py::exc::from_error(&self.error))
            .clone()
    }

    /// Records that the exception left the function `name`, called at `call_site`.
    pub fn unwind(&mut self, name: &str, call_site: Span) {
        self.frames.push(TraceFrame {
            function: name.to_string(),
            span: self.span,
        });
        self.span = call_site;
    }

    /// The diagnostic for an exception that reached the top level.
    pub fn into_diagnostic(mut self) -> Diagnostic {
        self.frames.push(TraceFrame {
            function: "<module>".into(),
            span: self.span,
        });
        self.frames.reverse();
        let span = self.frames.last().map_or(self.span, |f| f.span);
        let class = self
            .value
            .as_ref()
            .and_then(xpush_stdlib::py::class::exception_class_name);
        let name = class.as_deref().unwrap_or(self.error.kind().name());
        let mut diag = Diagnostic::new(name, self.error.msg(), span);
        if self.error.kind() != ExcKind::SyntaxError {
            diag.traceback = self.frames;
        }
        diag
    }
}

/// Non-local control flow out of a statement.
pub enum Flow {
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `return value`.
    Return(xpush_stdlib::Value),
    /// An exception.
    Raise(Exc),
    /// A generator's `yield`, suspending its body with the value (only
    /// the generator executor, `gen.rs`, sees it).
    Yield(xpush_stdlib::Value),
}

impl From<Exc> for Flow {
    fn from(e: Exc) -> Flow {
        Flow::Raise(e)
    }
}

/// Attaches `span` to a span-free stdlib error.
pub trait At<T> {
    /// The result with any error placed at `span`.
    fn at(self, span: Span) -> Result<T, Exc>;
}

impl<T> At<T> for Result<T, Error> {
    #[inline]
    fn at(self, span: Span) -> Result<T, Exc> {
        self.map_err(|e| Exception::at(e, span))
    }
}
