//! The resolved tree the evaluator runs: the AST with every name turned
//! into a slot (global, local or closure cell), so a variable access in a
//! loop is an index, never a string lookup.

use std::rc::Rc;

use xpush_lang::ast::{BinOp, BoolOp, CmpOp, ParamKind, UnaryOp};
use xpush_lang::span::Span;
use xpush_stdlib::Value;

/// Where a name lives at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Module-level variable: index into the session's globals.
    Global(u32),
    /// Function-local variable: index into the frame's locals.
    Local(u32),
    /// A variable shared with nested functions: index into the frame's cells
    /// (own cell variables first, then captured free variables).
    Cell(u32),
}

/// A name reference: its slot and its spelling (for error messages).
#[derive(Clone, Debug)]
pub struct NameRef {
    /// Where the value lives.
    pub slot: Slot,
    /// The source name.
    pub name: Rc<str>,
}

/// An expression node with its span.
#[derive(Debug)]
pub struct Ex {
    /// The node.
    pub kind: ExKind,
    /// Its source span.
    pub span: Span,
}

/// A call site's inline cache: the `def` it called last, so that calling
/// the same function again skips the downcast from `dyn UserFunction`.
/// That downcast compares two 16-byte `TypeId`s, one of them returned
/// through memory and read back whole: a store-forwarding stall that was a
/// sixth of the time of recursive `fib`. Weak, so a cached function is
/// freed as soon as nothing else holds it (its address then stays
/// reserved while the cache remembers it, so it never matches another).
#[derive(Default)]
pub struct CallCache(std::cell::Cell<std::rc::Weak<crate::eval::Function>>);

impl CallCache {
    /// The cached function, if `callee` is it and it is alive.
    #[inline(always)]
    pub(crate) fn get(
        &self,
        callee: &Rc<dyn xpush_stdlib::value::UserFunction>,
    ) -> Option<Rc<crate::eval::Function>> {
        let cached = self.0.take();
        let hit = std::ptr::addr_eq(cached.as_ptr(), Rc::as_ptr(callee));
        let func = if hit { cached.upgrade() } else { None };
        self.0.set(cached);
        func
    }

    /// Remembers `callee` if it is a `def`, and returns it as one.
    #[inline(never)]
    pub(crate) fn fill(
        &self,
        callee: &Rc<dyn xpush_stdlib::value::UserFunction>,
    ) -> Option<Rc<crate::eval::Function>> {
        let func = callee.as_any().downcast_ref::<crate::eval::Function>()?;
        self.0.set(func.this.clone());
        func.this.upgrade()
    }
}

impl std::fmt::Debug for CallCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CallCache")
    }
}

/// An expression of two or more `+`, `-`, `*`, `/`, unary `-`, `x**2` and
/// calls of NumPy's `sqrt`, `abs`, `square` and `negative` over names and
/// numbers (`a * 2.0 + b * 3.0 - 1.0`, `np.sqrt(x**2 + y**2)`). When its names hold
/// large float arrays of one shape and dtype it runs as one fused pass
/// (`xpush_npu::ops::fused_chain`); otherwise, or when the pass met a
/// value that is not finite, `expr` runs operator by operator, with the
/// same result.
#[derive(Debug)]
pub struct Chain {
    /// The expression as it runs unfused.
    pub expr: Ex,
    /// Its operators and operands in postfix order; `Input(i)` is `names[i]`.
    pub steps: Vec<xpush_npu::ops::ChainStep>,
    /// The names read, in order of first use.
    pub names: Vec<NameRef>,
    /// The functions called, each checked to be NumPy's before the pass.
    pub calls: Vec<ChainCall>,
}

/// A call inside a [`Chain`]: `sqrt(x)` (`name` the function) or
/// `np.sqrt(x)` (`name` the module, `attr` the function's name in it),
/// which must be NumPy's entry `numpy.<entry>` for the chain to fuse.
#[derive(Debug)]
pub struct ChainCall {
    /// The name read.
    pub name: NameRef,
    /// The attribute read from it, if any.
    pub attr: Option<Rc<str>>,
    /// The NumPy function it must be.
    pub entry: &'static str,
    /// The step it is (`Unary(Sqrt)`, `Where`).
    pub step: xpush_npu::ops::ChainStep,
}

/// Expression kinds.
#[derive(Debug)]
pub enum ExKind {
    /// A literal or other constant.
    Const(ConstVal),
    /// A variable read.
    Name(NameRef),
    /// `[a, b]`.
    List(Vec<Ex>),
    /// `(a, b)`.
    Tuple(Vec<Ex>),
    /// `-x`, `+x`, `~x`, `not x`.
    Unary(UnaryOp, Box<Ex>),
    /// `a op b`.
    Binary(BinOp, Box<Ex>, Box<Ex>),
    /// `a and b`, `a or b`.
    BoolOp(BoolOp, Box<Ex>, Box<Ex>),
    /// `a < b <= c`.
    Compare(Box<Ex>, Vec<(CmpOp, Ex)>),
    /// `body if cond else orelse`.
    IfExp(Box<Ex>, Box<Ex>, Box<Ex>),
    /// `f(args)` with keyword or starred arguments.
    Call(Box<Ex>, Vec<CallArg>),
    /// `f(a, b)`: positional arguments only, the common case, which the
    /// evaluator can push straight onto the value stack as the callee's
    /// locals (see `Interpreter::eval_call_pos`), with the site's
    /// memory of the `def` it called last.
    CallPos(Box<Ex>, Vec<Ex>, CallCache),
    /// `locals()` inside a function or comprehension (and `vars()`,
    /// `dir()`, and `eval(src)`/`exec(src)`, which run in its locals):
    /// the callee (the builtin unless the name is rebound), its
    /// arguments, and the scope's variables, filled in when the scope is
    /// compiled to its end.
    Locals(Box<Ex>, Vec<Ex>, Rc<std::cell::OnceCell<Vec<NameRef>>>),
    /// `v.name`.
    Attr(Box<Ex>, Rc<str>),
    /// `v[index]`.
    Subscript(Box<Ex>, Box<Ex>),
    /// `lo:hi:step`.
    Slice(Option<Box<Ex>>, Option<Box<Ex>>, Option<Box<Ex>>),
    /// `lambda ...: body`: the code (named `<lambda>`) and default expressions.
    Lambda(Rc<FuncCode>, Vec<Ex>),
    /// `name := value`.
    Walrus(NameRef, Box<Ex>),
    /// An f-string's parts.
    FString(Vec<FPartIr>),
    /// `{k: v, **m}`: each item a key and value, or (key `None`) a mapping to unpack.
    Dict(Vec<(Option<Ex>, Ex)>),
    /// `{a, *b}`; `true` when there are more than two items and every one
    /// is a constant (CPython builds such a display from a frozenset
    /// constant, which lays it out differently from adding the items one
    /// by one).
    Set(Vec<Ex>, bool),
    /// `*xs` inside a list, tuple or set display.
    Starred(Box<Ex>),
    /// A comprehension or generator expression: its code and its first
    /// iterable, evaluated in the enclosing scope.
    Comp(Rc<CompCode>, Box<Ex>),
    /// Arithmetic that can run as one fused pass ([`Chain`]).
    Chain(Box<Chain>),
    /// A construct the parser's checks should have rejected: a
    /// SyntaxError with this message when evaluated.
    Invalid(Rc<str>),
}

/// One part of an f-string.
#[derive(Debug)]
pub enum FPartIr {
    /// Literal text.
    Lit(Rc<str>),
    /// `{value=!conversion:spec}`.
    Field {
        /// The expression.
        value: Ex,
        /// The `x=` text of a debug field.
        debug: Option<Rc<str>>,
        /// `r`, `s` or `a`.
        conversion: Option<char>,
        /// The format spec's parts.
        spec: Vec<FPartIr>,
    },
}

/// What a comprehension builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompKind {
    /// `[... for ...]`.
    List,
    /// `{... for ...}`.
    Set,
    /// `{k: v for ...}`.
    Dict,
    /// `(... for ...)`: a lazy generator.
    Generator,
}

/// One `for target in iter if ...` clause.
#[derive(Debug)]
pub struct CompClause {
    /// The loop target, in the comprehension's scope.
    pub target: Target,
    /// The iterable (unused for the first clause: it is evaluated
    /// outside, as [`ExKind::Comp`]'s second field).
    pub iter: Ex,
    /// The conditions.
    pub ifs: Vec<Ex>,
}

/// A compiled comprehension: its own scope, as a function's in Python 3.
#[derive(Debug)]
pub struct CompCode {
    /// `<listcomp>`, `<setcomp>`, `<dictcomp>` or `<genexpr>`.
    pub name: Rc<str>,
    /// What it builds.
    pub kind: CompKind,
    /// The `for` clauses, outermost first.
    pub clauses: Vec<CompClause>,
    /// The element (a dict comprehension's key).
    pub elt: Ex,
    /// A dict comprehension's value.
    pub value: Option<Ex>,
    /// Number of local slots.
    pub n_locals: usize,
    /// Number of its own cell variables.
    pub n_cells: usize,
    /// For each free variable: the slot in the defining frame holding its cell.
    pub free_from: Vec<Slot>,
}

/// A constant; wrapped so the IR can be `Debug` without `Value: Debug`.
pub struct ConstVal(pub Value);

impl std::fmt::Debug for ConstVal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&xpush_stdlib::ops::repr(&self.0))
    }
}

/// One argument at a call site.
#[derive(Debug)]
pub enum CallArg {
    /// `f(x)`.
    Positional(Ex),
    /// `f(name=x)`.
    Keyword(Rc<str>, Ex),
    /// `f(*xs)`.
    Star(Ex),
    /// `f(**kw)`.
    DoubleStar(Ex),
}

/// An assignment target.
#[derive(Debug)]
pub enum Target {
    /// `x = ...`.
    Name(NameRef, Span),
    /// `a, b = ...` / `[a, b] = ...`.
    Unpack(Vec<Target>, Span),
    /// `v[i] = ...`.
    Subscript(Ex, Ex, Span),
    /// `v.name = ...`.
    Attr(Ex, Rc<str>, Span),
    /// `*rest` inside an unpacking target: takes the items the others leave.
    Starred(Box<Target>, Span),
}

/// A statement with its span.
#[derive(Debug)]
pub struct St {
    /// The statement.
    pub kind: StKind,
    /// Its source span.
    pub span: Span,
    /// Whether a `yield` runs inside it (a generator suspends there, so
    /// it runs through the resumable executor, `gen.rs`).
    pub yields: bool,
}

/// Statement kinds.
#[derive(Debug)]
pub enum StKind {
    /// An expression statement; `echo` is set for top-level REPL statements.
    Expr(Ex, bool),
    /// `name.resize(...)` as a statement (the call is the `Ex`): on an
    /// array, NumPy's in-place resize, done by binding the resized array
    /// to the name; on anything else, the call.
    ResizeName(NameRef, Ex),
    /// `t1 = t2 = value`.
    Assign(Vec<Target>, Ex),
    /// `target op= value`.
    AugAssign(Target, BinOp, Ex),
    /// `if`.
    If(Ex, Vec<St>, Vec<St>),
    /// `while`.
    While(Ex, Vec<St>, Vec<St>),
    /// `for`.
    For(Target, Ex, Vec<St>, Vec<St>),
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `pass` and `global` (nothing to do at run time).
    Pass,
    /// `def`: the code, default expressions, where to bind it, and its
    /// decorators (top first).
    Def(Rc<FuncCode>, Vec<Ex>, NameRef, Vec<Ex>),
    /// `class`.
    Class(Box<ClassIr>),
    /// `try`/`except`/`else`/`finally`.
    Try(Box<TryIr>),
    /// `with`: each context manager's expression and `as` target, then the body.
    With(Vec<(Ex, Option<Target>)>, Vec<St>),
    /// `raise exc from cause`; a bare `raise` has neither.
    Raise(Option<Ex>, Option<Ex>),
    /// `return`.
    Return(Option<Ex>),
    /// `assert test, msg`.
    Assert(Ex, Option<Ex>),
    /// `del t1, t2`.
    Del(Vec<Target>),
    /// `import a.b as c`: module to import, the name to bind, and whether
    /// to bind the top-level package (`import a.b` binds `a`).
    Import(String, NameRef, bool),
    /// `from m import x as y`: module, then (member, binding) pairs.
    ImportFrom(String, Vec<(Rc<str>, NameRef, Span)>),
    /// Several statements compiled from one (`import a, b`).
    Seq(Vec<St>),
    /// A meta-command line (`:time on`).
    Meta(String),
    /// `yield value`, `target = yield value`, `yield from iterable`.
    Yield {
        /// What is yielded (or, for `yield from`, iterated); `None` yields None.
        value: Option<Ex>,
        /// `yield from`.
        from: bool,
        /// Where the sent value (or `yield from`'s result) is assigned.
        target: Option<Target>,
        /// `target op= yield value`: the operator combining it.
        aug: Option<BinOp>,
    },
}

/// A compiled `try` statement.
#[derive(Debug)]
pub struct TryIr {
    /// The guarded block.
    pub body: Vec<St>,
    /// The `except` clauses, in order.
    pub handlers: Vec<HandlerIr>,
    /// `else:`.
    pub orelse: Vec<St>,
    /// `finally:`.
    pub finalbody: Vec<St>,
}

/// One `except` clause.
#[derive(Debug)]
pub struct HandlerIr {
    /// The class or tuple of classes; `None` for a bare `except:`.
    pub typ: Option<Ex>,
    /// Where `as name` binds the exception.
    pub name: Option<NameRef>,
    /// The clause's block.
    pub body: Vec<St>,
}

/// A compiled `class` statement.
#[derive(Debug)]
pub struct ClassIr {
    /// `__name__`.
    pub name: Rc<str>,
    /// `__qualname__`.
    pub qualname: Rc<str>,
    /// The bases (and keywords such as `metaclass=`, which are refused).
    pub bases: Vec<CallArg>,
    /// The body, run once as a function without parameters; its own
    /// cell 0 is `__class__`.
    pub code: Rc<FuncCode>,
    /// The body's plain locals, in order: the class namespace.
    pub namespace: Vec<Rc<str>>,
    /// The names annotated in the body with their annotations' source.
    pub annotations: Vec<(Rc<str>, Rc<str>)>,
    /// Decorators, top first.
    pub decorators: Vec<Ex>,
    /// Where the class is bound.
    pub target: NameRef,
}

/// The compiled body of a `def`.
#[derive(Debug)]
pub struct FuncCode {
    /// The function's name.
    pub name: Rc<str>,
    /// `__doc__`: the body's docstring, a string literal as its first
    /// statement.
    pub doc: Option<Rc<str>>,
    /// `__qualname__` (`A.method`, `f.<locals>.g`).
    pub qualname: Rc<str>,
    /// Parameter names, in order.
    pub params: Vec<Rc<str>>,
    /// How each parameter is passed.
    pub kinds: Vec<ParamKind>,
    /// Whether each parameter has a default (the function's defaults are
    /// those parameters', in order).
    pub has_default: Vec<bool>,
    /// Where each parameter is stored (a local or a cell slot).
    pub param_slots: Vec<Slot>,
    /// `params.len()` when parameter `i` is stored in `Local(i)` for every
    /// `i` (no parameter is captured by a nested function) and every
    /// parameter is an ordinary positional-or-keyword one, else
    /// `usize::MAX`: a call with exactly this many positional arguments
    /// moves them straight into the locals, with no argument binding (one
    /// comparison on the hot call path).
    pub fast_arity: usize,
    /// Number of local slots.
    pub n_locals: usize,
    /// Number of the function's own cell variables.
    pub n_cells: usize,
    /// For each free variable: the slot in the *defining* frame holding its cell.
    pub free_from: Vec<Slot>,
    /// A generator function: a call makes a generator object.
    pub is_generator: bool,
    /// The body.
    pub body: Vec<St>,
    /// The global slots its body reads (nested definitions included),
    /// each once: what a call of it may read (`:graph` guards them).
    pub globals_used: Vec<u32>,
}
