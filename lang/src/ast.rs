//! The abstract syntax tree of xpush's Python subset.
//!
//! Every node carries a [`Span`]. The tree is plain data: the interpreter
//! resolves names to slots in its own pass before running anything.

use crate::span::Span;

/// A node with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Spanned<T> {
    /// The node.
    pub node: T,
    /// Where it came from.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Wraps `node` with `span`.
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// An identifier with its span.
pub type Ident = Spanned<String>;

/// An expression.
pub type Expr = Spanned<ExprKind>;

/// A statement.
pub type Stmt = Spanned<StmtKind>;

/// A sequence of statements (a file, a REPL entry or a block).
pub type Block = Vec<Stmt>;

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `+x`
    Pos,
    /// `~x`
    Invert,
    /// `not x`
    Not,
}

/// Binary (arithmetic and bitwise) operators, in Python's spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `//`
    FloorDiv,
    /// `%`
    Mod,
    /// `**`
    Pow,
    /// `@`
    MatMul,
    /// `&`
    BitAnd,
    /// `|`
    BitOr,
    /// `^`
    BitXor,
    /// `<<`
    LShift,
    /// `>>`
    RShift,
}

impl BinOp {
    /// The operator as written in source (`"**"`).
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::FloorDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "**",
            BinOp::MatMul => "@",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::LShift => "<<",
            BinOp::RShift => ">>",
        }
    }
}

/// Comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    NotEq,
    /// `<`
    Lt,
    /// `<=`
    LtE,
    /// `>`
    Gt,
    /// `>=`
    GtE,
    /// `is`
    Is,
    /// `is not`
    IsNot,
    /// `in`
    In,
    /// `not in`
    NotIn,
}

impl CmpOp {
    /// The operator as written in source (`"not in"`).
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::NotEq => "!=",
            CmpOp::Lt => "<",
            CmpOp::LtE => "<=",
            CmpOp::Gt => ">",
            CmpOp::GtE => ">=",
            CmpOp::Is => "is",
            CmpOp::IsNot => "is not",
            CmpOp::In => "in",
            CmpOp::NotIn => "not in",
        }
    }
}

/// `and` / `or`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoolOp {
    /// `and`
    And,
    /// `or`
    Or,
}

/// One argument at a call site.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// `f(x)`
    Positional(Expr),
    /// `f(name=x)`
    Keyword(Ident, Expr),
    /// `f(*xs)`
    Star(Expr),
    /// `f(**kw)`
    DoubleStar(Expr),
}

impl Arg {
    /// The argument's expression.
    pub fn expr(&self) -> &Expr {
        match self {
            Arg::Positional(e) | Arg::Keyword(_, e) | Arg::Star(e) | Arg::DoubleStar(e) => e,
        }
    }
}

/// One part of an f-string.
#[derive(Clone, Debug, PartialEq)]
pub enum FPart {
    /// Literal text.
    Lit(String),
    /// A replacement field.
    Field(Box<FField>),
}

/// A replacement field of an f-string: `{value=!r:spec}`.
#[derive(Clone, Debug, PartialEq)]
pub struct FField {
    /// The expression.
    pub value: Expr,
    /// `{x=}`: the text printed before the value (`"x="`).
    pub debug: Option<String>,
    /// `!r`, `!s` or `!a`.
    pub conversion: Option<char>,
    /// The format spec, itself literal text and fields.
    pub spec: Vec<FPart>,
}

/// One item of a dict display.
#[derive(Clone, Debug, PartialEq)]
pub enum DictItem {
    /// `key: value`
    Pair(Expr, Expr),
    /// `**mapping`
    Unpack(Expr),
}

/// One `for target in iter if cond ...` clause of a comprehension.
#[derive(Clone, Debug, PartialEq)]
pub struct Comprehension {
    /// The loop target (a name or a tuple of targets).
    pub target: Expr,
    /// The iterable.
    pub iter: Expr,
    /// The `if` conditions, all of which must hold.
    pub ifs: Vec<Expr>,
}

/// An integer literal: a machine integer when it fits, else its decimal digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IntLit {
    /// Fits in an `i64`.
    Small(i64),
    /// Too large for `i64`: the value in decimal digits (no sign, no `_`).
    Big(String),
}

/// Expressions.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A variable reference.
    Name(String),
    /// `42`, `0x1f`, `1_000`, `2**100`-sized literals.
    Int(IntLit),
    /// `1.5`, `1.`, `.5`, `1e-3`.
    Float(f64),
    /// `2j`, `1.5j`: the imaginary part.
    Imag(f64),
    /// A string literal, escapes already processed. Adjacent literals are joined.
    Str(String),
    /// A bytes literal, escapes already processed. Adjacent literals are joined.
    Bytes(Vec<u8>),
    /// `True` / `False`.
    Bool(bool),
    /// `None`.
    None,
    /// `...`.
    Ellipsis,
    /// `[a, b]`.
    List(Vec<Expr>),
    /// `(a, b)`, `a, b`, `()`.
    Tuple(Vec<Expr>),
    /// `-x`, `not x`, ...
    Unary(UnaryOp, Box<Expr>),
    /// `a + b`, ...
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a and b`, `a or b` (short-circuit).
    BoolOp(BoolOp, Box<Expr>, Box<Expr>),
    /// `a < b <= c`: the first operand, then each operator with its right operand.
    Compare(Box<Expr>, Vec<(CmpOp, Expr)>),
    /// `body if cond else orelse`.
    IfExp {
        /// The condition.
        cond: Box<Expr>,
        /// Value when true.
        body: Box<Expr>,
        /// Value when false.
        orelse: Box<Expr>,
    },
    /// `f(a, b=1)`.
    Call(Box<Expr>, Vec<Arg>),
    /// `a.b`.
    Attribute(Box<Expr>, Ident),
    /// `a[i]`, `a[1:, ::2]` (a tuple index is an `ExprKind::Tuple`).
    Subscript(Box<Expr>, Box<Expr>),
    /// `lo:hi:step`, only inside a subscript.
    Slice(Option<Box<Expr>>, Option<Box<Expr>>, Option<Box<Expr>>),
    /// `name := value`.
    NamedExpr(Ident, Box<Expr>),
    /// An f-string (adjacent plain strings joined into its parts).
    FString(Vec<FPart>),
    /// `{k: v, **m}`.
    Dict(Vec<DictItem>),
    /// `{a, b}`.
    Set(Vec<Expr>),
    /// `*xs` inside a list, tuple or set display, or an assignment target.
    Starred(Box<Expr>),
    /// `[elt for ...]`.
    ListComp(Box<Expr>, Vec<Comprehension>),
    /// `{elt for ...}`.
    SetComp(Box<Expr>, Vec<Comprehension>),
    /// `{key: value for ...}`.
    DictComp(Box<Expr>, Box<Expr>, Vec<Comprehension>),
    /// `(elt for ...)`: a lazy generator.
    GeneratorExp(Box<Expr>, Vec<Comprehension>),
    /// `lambda a, b=1: body`: the parameters and a body of one
    /// `return body` statement (so it compiles as a `def` does).
    Lambda(Vec<Param>, Block),
    /// `yield`, `yield value` (a tuple for `yield a, b`).
    Yield(Option<Box<Expr>>),
    /// `yield from iterable`.
    YieldFrom(Box<Expr>),
}

impl Expr {
    /// Whether this is a literal: a number, string, bytes, `True`,
    /// `False`, `None` or `...` (nothing to evaluate).
    pub fn is_literal(&self) -> bool {
        matches!(
            self.node,
            ExprKind::Int(_)
                | ExprKind::Float(_)
                | ExprKind::Imag(_)
                | ExprKind::Str(_)
                | ExprKind::Bytes(_)
                | ExprKind::Bool(_)
                | ExprKind::None
                | ExprKind::Ellipsis
        )
    }

    /// The expressions directly inside this one (a comprehension's
    /// targets, iterables, conditions and elements; a lambda's defaults,
    /// not its body).
    pub fn children(&self) -> Vec<&Expr> {
        use ExprKind::*;
        let mut out: Vec<&Expr> = Vec::new();
        fn comp<'a>(out: &mut Vec<&'a Expr>, clauses: &'a [Comprehension]) {
            for c in clauses {
                out.push(&c.target);
                out.push(&c.iter);
                out.extend(c.ifs.iter());
            }
        }
        match &self.node {
            Name(_) | Int(_) | Float(_) | Imag(_) | Str(_) | Bytes(_) | Bool(_) | None
            | Ellipsis => {}
            List(items) | Tuple(items) | Set(items) => out.extend(items.iter()),
            Unary(_, a) | Attribute(a, _) | Starred(a) | NamedExpr(_, a) | YieldFrom(a) => {
                out.push(a)
            }
            Binary(_, a, b) | BoolOp(_, a, b) | Subscript(a, b) => {
                out.push(a);
                out.push(b);
            }
            Compare(first, rest) => {
                out.push(first);
                out.extend(rest.iter().map(|(_, e)| e));
            }
            IfExp { cond, body, orelse } => out.extend([&**cond, &**body, &**orelse]),
            Call(f, args) => {
                out.push(f);
                out.extend(args.iter().map(Arg::expr));
            }
            Slice(a, b, c) => out.extend([a, b, c].into_iter().flatten().map(|e| &**e)),
            FString(parts) => fstring_children(parts, &mut out),
            Dict(items) => {
                for item in items {
                    match item {
                        DictItem::Pair(k, v) => out.extend([k, v]),
                        DictItem::Unpack(m) => out.push(m),
                    }
                }
            }
            ListComp(elt, clauses) | SetComp(elt, clauses) | GeneratorExp(elt, clauses) => {
                out.push(elt);
                comp(&mut out, clauses);
            }
            DictComp(k, v, clauses) => {
                out.extend([&**k, &**v]);
                comp(&mut out, clauses);
            }
            Lambda(params, _) => out.extend(params.iter().filter_map(|p| p.default.as_ref())),
            Yield(v) => out.extend(v.iter().map(|e| &**e)),
        }
        out
    }
}

fn fstring_children<'a>(parts: &'a [FPart], out: &mut Vec<&'a Expr>) {
    for part in parts {
        if let FPart::Field(f) = part {
            out.push(&f.value);
            fstring_children(&f.spec, out);
        }
    }
}

/// A `def` parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The parameter's name.
    pub name: Ident,
    /// Its default value, evaluated once when the `def` runs.
    pub default: Option<Expr>,
    /// How an argument reaches it.
    pub kind: ParamKind,
}

/// How a call's arguments reach a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// Before `/`: by position only.
    PositionalOnly,
    /// By position or by keyword.
    Normal,
    /// `*args`: the extra positional arguments, as a tuple.
    VarArgs,
    /// After `*` or `*args`: by keyword only.
    KeywordOnly,
    /// `**kwargs`: the extra keyword arguments, as a dict.
    VarKeywords,
}

/// `name as alias` in an import.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportName {
    /// The dotted path (`numpy.linalg` is `["numpy", "linalg"]`).
    pub path: Vec<Ident>,
    /// The `as` name, if any.
    pub alias: Option<Ident>,
}

/// A `try` statement's parts.
#[derive(Clone, Debug, PartialEq)]
pub struct TryStmt {
    /// The guarded block.
    pub body: Block,
    /// The `except` clauses, in order.
    pub handlers: Vec<Handler>,
    /// `else:`, run when the body raised nothing.
    pub orelse: Block,
    /// `finally:`, run on the way out whatever happened.
    pub finalbody: Block,
}

impl TryStmt {
    /// Every block, in source order: the body, each handler's, `else`, `finally`.
    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        std::iter::once(&self.body)
            .chain(self.handlers.iter().map(|h| &h.body))
            .chain([&self.orelse, &self.finalbody])
    }
}

/// One context manager of a `with`: `ctx as target`.
#[derive(Clone, Debug, PartialEq)]
pub struct WithItem {
    /// The expression whose value is the context manager.
    pub ctx: Expr,
    /// Where `as` binds what `__enter__` returns.
    pub target: Option<Expr>,
}

/// `except Type as name: body`; a bare `except:` has no type.
#[derive(Clone, Debug, PartialEq)]
pub struct Handler {
    /// The class (or tuple of classes) it catches; `None` catches everything.
    pub typ: Option<Expr>,
    /// `as name`.
    pub name: Option<Ident>,
    /// The handler's block.
    pub body: Block,
    /// The span of the `except` header.
    pub span: Span,
}

/// Statements.
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// An expression statement; the REPL echoes its value.
    Expr(Expr),
    /// `a = b = value`, `a, b = ...`, `a[i] = v`, `a.x = v`: one or more targets.
    Assign(Vec<Expr>, Expr),
    /// `target op= value`.
    AugAssign(Expr, BinOp, Expr),
    /// `if cond: body elif ...: ... else: orelse` (an `elif` is an `If` in `orelse`).
    If(Expr, Block, Block),
    /// `while cond: body else: orelse`.
    While(Expr, Block, Block),
    /// `for target in iter: body else: orelse`.
    For(Expr, Expr, Block, Block),
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `pass`.
    Pass,
    /// `def name(params): body`.
    FunctionDef(Ident, Vec<Param>, Block),
    /// `class name(bases, keyword=value): body`.
    ClassDef(Ident, Vec<Arg>, Block),
    /// `@decorator` lines and the `def` or `class` they decorate; the
    /// decorators top first (the last one is applied first).
    Decorated(Vec<Expr>, Box<Stmt>),
    /// `target: annotation` or `target: annotation = value`.
    AnnAssign(Expr, Expr, Option<Expr>),
    /// `try: body`, its `except` handlers, `else: orelse`, `finally: finalbody`.
    Try(Box<TryStmt>),
    /// `with ctx as target, ...: body`: the context managers, in order.
    With(Vec<WithItem>, Block),
    /// `raise`, `raise exc`, `raise exc from cause`.
    Raise(Option<Expr>, Option<Expr>),
    /// `return value`.
    Return(Option<Expr>),
    /// `assert test, msg`.
    Assert(Expr, Option<Expr>),
    /// `del a, b[i]`.
    Del(Vec<Expr>),
    /// `global a, b`.
    Global(Vec<Ident>),
    /// `nonlocal a, b`.
    Nonlocal(Vec<Ident>),
    /// `import numpy as np, math`.
    Import(Vec<ImportName>),
    /// `from numpy import a, b as c` (module path, then names).
    ImportFrom(Vec<Ident>, Vec<ImportName>),
    /// A meta-command line such as `:time on`: the text after the `:`.
    Meta(String),
}
