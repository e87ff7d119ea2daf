//! Errors as values: a Python exception class and a message, no span.
//!
//! The payload is boxed so that `Result<T, Error>` stays one pointer wide.

use std::fmt;

macro_rules! exc_kinds {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {
        /// The Python exception classes xpush raises.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum ExcKind {
            $($(#[$doc])* $name,)*
        }

        impl ExcKind {
            /// Every kind, in declaration order.
            pub const ALL: &'static [ExcKind] = &[$(ExcKind::$name,)*];

            /// The class name as Python prints it (`ValueError`).
            pub fn name(self) -> &'static str {
                match self {
                    $(ExcKind::$name => stringify!($name),)*
                }
            }
        }
    };
}

exc_kinds! {
    /// The root of every exception class.
    BaseException,
    /// `ArithmeticError`: the base of the arithmetic errors.
    ArithmeticError,
    /// A floating-point operation failed (NumPy's `errstate(all='raise')`).
    FloatingPointError,
    /// A codec failed (the base of the decode and encode errors).
    UnicodeError,
    /// A file operation without the permission for it.
    PermissionError,
    /// A directory where a file was wanted.
    IsADirectoryError,
    /// A file where a directory was wanted.
    NotADirectoryError,
    /// A file that already exists.
    FileExistsError,
    /// `io.UnsupportedOperation`: reading a file opened for writing, and the like.
    UnsupportedOperation,
    /// `input()` at the end of its input.
    EOFError,
    /// What `generator.close()` raises inside the generator.
    GeneratorExit,
    /// Invalid syntax.
    SyntaxError,
    /// Bad indentation.
    IndentationError,
    /// Inconsistent tabs and spaces.
    TabError,
    /// An unbound name.
    NameError,
    /// A local read before assignment.
    UnboundLocalError,
    /// Wrong type of operand or argument.
    TypeError,
    /// Right type, bad value.
    ValueError,
    /// Division or modulo by zero.
    ZeroDivisionError,
    /// Sequence index out of range.
    IndexError,
    /// Missing mapping key.
    KeyError,
    /// Missing attribute.
    AttributeError,
    /// A number too large for its type.
    OverflowError,
    /// Call depth exceeded.
    RecursionError,
    /// A failed `assert`.
    AssertionError,
    /// Ctrl-C.
    KeyboardInterrupt,
    /// A feature that exists in Python but not (yet) in xpush.
    NotImplementedError,
    /// Generic runtime failure.
    RuntimeError,
    /// `next()` of an exhausted iterator.
    StopIteration,
    /// An unknown codec or error handler name.
    LookupError,
    /// Bytes a codec cannot decode.
    UnicodeDecodeError,
    /// A str a codec cannot encode.
    UnicodeEncodeError,
    /// `import` of an unknown module.
    ModuleNotFoundError,
    /// `from m import x` where `m` has no `x`.
    ImportError,
    /// Out of memory.
    MemoryError,
    /// NumPy: an array the allocator refused
    /// (`numpy._core._exceptions._ArrayMemoryError`, a `MemoryError`).
    _ArrayMemoryError,
    /// File system and I/O errors.
    OSError,
    /// A file that does not exist.
    FileNotFoundError,
    /// `sys.exit` (carries the exit code in its message).
    SystemExit,
    /// NumPy: an axis out of range (`numpy.exceptions.AxisError`).
    AxisError,
    /// NumPy: a linear algebra failure (`numpy.linalg.LinAlgError`).
    LinAlgError,
    /// NumPy: a masked-array failure (`numpy.ma.MAError`).
    MAError,
    /// NumPy: a mask that does not fit its data (`numpy.ma.MaskError`).
    MaskError,
    /// `json.JSONDecodeError`: a document `json.loads` cannot parse.
    JSONDecodeError,
    /// `dataclasses.FrozenInstanceError`: assigning a field of a frozen dataclass.
    FrozenInstanceError,
    /// NumPy: dtypes with no common dtype
    /// (`numpy.exceptions.DTypePromotionError`, a `TypeError`).
    DTypePromotionError,
    /// NumPy: a problem past its work bound, as `np.shares_memory(a, b,
    /// max_work=...)` reports it (`numpy.exceptions.TooHardError`, a
    /// `RuntimeError`).
    TooHardError,
    /// NumPy: a ufunc casting or loop failure (`numpy._core._exceptions._UFuncOutputCastingError` and kin).
    UFuncTypeError,
    /// IPython's `UsageError`: a magic (`%foo`) xpush does not know, or
    /// used wrongly.
    UsageError,
    /// Matplotlib-style plotting errors and anything else raised as a plain `Exception`.
    Exception,
    /// The base of the warning categories (`warnings.warn`).
    Warning,
    /// `warnings.warn`'s default category.
    UserWarning,
    /// A deprecated feature, for developers.
    DeprecationWarning,
    /// A feature that will be deprecated.
    PendingDeprecationWarning,
    /// Dubious syntax.
    SyntaxWarning,
    /// Dubious runtime behaviour: NumPy's floating-point warnings.
    RuntimeWarning,
    /// A deprecated feature, for end users.
    FutureWarning,
    /// A probable mistake in a module import.
    ImportWarning,
    /// Unicode-related warnings.
    UnicodeWarning,
    /// `bytes` and `bytearray` warnings.
    BytesWarning,
    /// Resource usage.
    ResourceWarning,
    /// An encoding left to the locale.
    EncodingWarning,
    /// NumPy: a complex value cast to a real type drops its imaginary part.
    ComplexWarning,
    /// NumPy: a deprecation shown to end users.
    VisibleDeprecationWarning,
    /// NumPy: `polyfit`'s rank-deficient fit.
    RankWarning,
    /// NumPy: a `numpy.ma` default that will change (`argsort`'s axis).
    MaskedArrayFutureWarning,
}

impl ExcKind {
    /// The classes this one derives from directly, in CPython's (and
    /// NumPy's) hierarchy: `ZeroDivisionError` is an `ArithmeticError`,
    /// NumPy's `AxisError` both a `ValueError` and an `IndexError`.
    pub fn bases(self) -> &'static [ExcKind] {
        use ExcKind::*;
        match self {
            BaseException => &[],
            Exception | KeyboardInterrupt | SystemExit | GeneratorExit => &[BaseException],
            ZeroDivisionError | OverflowError | FloatingPointError => &[ArithmeticError],
            IndexError | KeyError => &[LookupError],
            IndentationError => &[SyntaxError],
            TabError => &[IndentationError],
            UnboundLocalError => &[NameError],
            RecursionError | NotImplementedError | TooHardError => &[RuntimeError],
            ModuleNotFoundError => &[ImportError],
            FileNotFoundError | PermissionError | IsADirectoryError | NotADirectoryError
            | FileExistsError => &[OSError],
            UnicodeError => &[ValueError],
            UnicodeDecodeError | UnicodeEncodeError => &[UnicodeError],
            AxisError => &[ValueError, IndexError],
            UnsupportedOperation => &[OSError, ValueError],
            LinAlgError | JSONDecodeError => &[ValueError],
            UFuncTypeError | DTypePromotionError => &[TypeError],
            _ArrayMemoryError => &[MemoryError],
            FrozenInstanceError | MAError => &[AttributeError],
            MaskError => &[MAError],
            UserWarning
            | DeprecationWarning
            | PendingDeprecationWarning
            | SyntaxWarning
            | RuntimeWarning
            | FutureWarning
            | ImportWarning
            | UnicodeWarning
            | BytesWarning
            | ResourceWarning
            | EncodingWarning => &[Warning],
            ComplexWarning | RankWarning => &[RuntimeWarning],
            MaskedArrayFutureWarning => &[FutureWarning],
            VisibleDeprecationWarning => &[UserWarning],
            _ => &[Exception],
        }
    }

    /// Whether this class is `class` or derives from it: what `except
    /// class:` catches.
    pub fn is_subclass(self, class: ExcKind) -> bool {
        self == class || self.bases().iter().any(|b| b.is_subclass(class))
    }

    /// The class whose name is `name` (`ValueError`), as a builtin name
    /// finds it; NumPy's own classes are found through their modules.
    pub fn from_name(name: &str) -> Option<ExcKind> {
        ExcKind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == name && k.module() == "builtins")
    }

    /// The module the class lives in: `builtins`, or NumPy's
    /// (`numpy.linalg` for `LinAlgError`).
    pub fn module(self) -> &'static str {
        match self {
            ExcKind::AxisError
            | ExcKind::ComplexWarning
            | ExcKind::VisibleDeprecationWarning
            | ExcKind::RankWarning
            | ExcKind::DTypePromotionError
            | ExcKind::TooHardError => "numpy.exceptions",
            ExcKind::LinAlgError => "numpy.linalg",
            ExcKind::MAError | ExcKind::MaskError => "numpy.ma",
            ExcKind::MaskedArrayFutureWarning => "numpy.ma.core",
            ExcKind::JSONDecodeError => "json.decoder",
            ExcKind::FrozenInstanceError => "dataclasses",
            ExcKind::UFuncTypeError | ExcKind::_ArrayMemoryError => "numpy._core._exceptions",
            ExcKind::UnsupportedOperation => "io",
            ExcKind::UsageError => "IPython.core.error",
            _ => "builtins",
        }
    }

    /// `repr` of the class: `<class 'ValueError'>`, `<class 'numpy.linalg.LinAlgError'>`.
    pub fn class_repr(self) -> String {
        match self.module() {
            "builtins" => format!("<class '{}'>", self.name()),
            m => format!("<class '{m}.{}'>", self.name()),
        }
    }
}

/// An exception: its class and message.
#[derive(Clone, PartialEq)]
pub struct Error(Box<ErrorInner>);

#[derive(Clone, Debug, PartialEq)]
struct ErrorInner {
    kind: ExcKind,
    msg: String,
    cause: Option<Cause>,
}

/// What raised an error, where the code that catches it needs more than
/// its class to decide what to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// A device library refused the call before running anything (CANN's
    /// phase 1 rejected its dtypes or shapes): the op may run elsewhere.
    DeviceRefused,
}

/// Result with an [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// An exception of `kind` with message `msg`.
    pub fn new(kind: ExcKind, msg: impl Into<String>) -> Error {
        Error(Box::new(ErrorInner {
            kind,
            msg: msg.into(),
            cause: None,
        }))
    }

    /// The same error, marked with its cause.
    pub fn with_cause(mut self, cause: Cause) -> Error {
        self.0.cause = Some(cause);
        self
    }

    /// Its cause, when one was marked.
    pub fn cause(&self) -> Option<Cause> {
        self.0.cause
    }

    /// The exception class.
    pub fn kind(&self) -> ExcKind {
        self.0.kind
    }

    /// The message (may be empty, as for a bare `AssertionError`).
    pub fn msg(&self) -> &str {
        &self.0.msg
    }
}

macro_rules! constructors {
    ($($fn_name:ident => $kind:ident),* $(,)?) => {
        impl Error {
            $(
                #[doc = concat!("A `", stringify!($kind), "` with message `msg`.")]
                pub fn $fn_name(msg: impl Into<String>) -> Error {
                    Error::new(ExcKind::$kind, msg)
                }
            )*
        }
    };
}

constructors! {
    type_error => TypeError,
    value_error => ValueError,
    index_error => IndexError,
    zero_division => ZeroDivisionError,
    overflow => OverflowError,
    attribute_error => AttributeError,
    name_error => NameError,
    axis_error => AxisError,
    not_implemented => NotImplementedError,
    runtime_error => RuntimeError,
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind().name(), self.msg())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.msg().is_empty() {
            f.write_str(self.kind().name())
        } else {
            write!(f, "{}: {}", self.kind().name(), self.msg())
        }
    }
}

impl std::error::Error for Error {}

const _: () = assert!(std::mem::size_of::<Result<()>>() == std::mem::size_of::<usize>());
