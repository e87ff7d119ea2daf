//! Turns the AST into the resolved IR: names become slots, literals become
//! values. Runs once per input; the result is what the evaluator walks.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use num_bigint::BigInt;
use num_complex::Complex64;
use xpush_lang::ast::{
    Arg, BinOp, Block, Comprehension, DictItem, Expr, ExprKind, FPart, Ident, ImportName, IntLit,
    Param, ParamKind, Spanned, Stmt, StmtKind, UnaryOp,
};
use xpush_lang::span::Span;
use xpush_stdlib::Value;

use crate::ir::{
    CallArg, CallCache, ClassIr, CompClause, CompCode, CompKind, ConstVal, Ex, ExKind, FPartIr,
    FuncCode, HandlerIr, NameRef, Slot, St, StKind, Target, TryIr,
};
use crate::scope;

/// The session's module-level names and their slots. Slots are never
/// reused, so code compiled by an earlier REPL entry stays valid.
#[derive(Default, Debug, Clone)]
pub struct GlobalNames {
    slots: HashMap<Rc<str>, u32>,
    names: Vec<Rc<str>>,
}

impl GlobalNames {
    /// The slot for `name`, allocating one if new.
    pub fn slot(&mut self, name: &str) -> u32 {
        if let Some(&s) = self.slots.get(name) {
            return s;
        }
        let s = self.names.len() as u32;
        let name: Rc<str> = name.into();
        self.names.push(name.clone());
        self.slots.insert(name, s);
        s
    }

    /// The slot of `name`, if it has one.
    pub fn lookup(&self, name: &str) -> Option<u32> {
        self.slots.get(name).copied()
    }

    /// The name of a slot.
    pub fn name(&self, slot: u32) -> &Rc<str> {
        &self.names[slot as usize]
    }

    /// Number of slots.
    pub fn len(&self) -> usize {
        self.names.len()
    }
}

/// Whether a call in a function reads the function's locals when its
/// callee is the builtin it names: `locals()`, `vars()` and `dir()` with
/// no argument, `eval(src)` and `exec(src)` with only the source.
fn reads_locals(f: &Expr, args: &[Arg]) -> bool {
    let ExprKind::Name(n) = &f.node else {
        return false;
    };
    match n.as_str() {
        "locals" | "vars" | "dir" => args.is_empty(),
        "eval" | "exec" => matches!(args, [Arg::Positional(_)]),
        _ => false,
    }
}

/// Per-function resolution state.
struct FnScope {
    slots: HashMap<String, Slot>,
    globals: HashSet<String>,
    local_names: Vec<Rc<str>>,
    cell_names: Vec<Rc<str>>,
    n_own_cells: usize,
    free_from: Vec<Slot>,
    /// The `locals()` calls in this scope, to be told its variables.
    locals_calls: Vec<Rc<std::cell::OnceCell<Vec<NameRef>>>>,
    /// A class body: the functions in it do not see its names.
    is_class: bool,
    /// A class body's cells for names its methods take from the
    /// functions around it (kept apart from the class's own names).
    passthrough: HashMap<String, Slot>,
    /// The first parameter (what a zero-argument `super()` binds to).
    first_param: Option<String>,
}

impl FnScope {
    /// Tells the scope's `locals()` calls its variables: plain locals,
    /// then cells, then free variables, as CPython lists them.
    fn finish_locals(&self) {
        let locals = self
            .local_names
            .iter()
            .enumerate()
            .map(|(i, n)| (n, Slot::Local(i as u32)));
        let cells = self
            .cell_names
            .iter()
            .enumerate()
            .map(|(i, n)| (n, Slot::Cell(i as u32)));
        // The parser's temporaries (`.y0`, no Python name) are not the user's.
        let names: Vec<NameRef> = locals
            .chain(cells)
            .filter(|(n, _)| !n.starts_with('.'))
            .map(|(n, slot)| NameRef {
                slot,
                name: n.clone(),
            })
            .collect();
        for call in &self.locals_calls {
            let _ = call.set(names.clone());
        }
    }
}

/// Compiles statements against the session's global names.
pub struct Compiler<'a> {
    globals: &'a mut GlobalNames,
    fns: Vec<FnScope>,
    echo: bool,
    /// The qualified-name prefix of the definitions being compiled
    /// (`A.`, `f.<locals>.`).
    qual: Vec<String>,
    /// Every global slot the code compiled so far reads (a name in an
    /// expression, the target of an augmented assignment), in order, with
    /// repeats.
    used: Vec<u32>,
}

impl<'a> Compiler<'a> {
    /// A compiler; `echo` marks top-level expression statements for REPL echo.
    pub fn new(globals: &'a mut GlobalNames, echo: bool) -> Self {
        Compiler {
            globals,
            fns: Vec::new(),
            echo,
            qual: Vec::new(),
            used: Vec::new(),
        }
    }

    /// The global slots the code compiled so far reads, each once, in
    /// slot order (nested `def`s and comprehensions included).
    pub fn used_globals(&self) -> Vec<u32> {
        sorted_unique(&self.used)
    }

    /// A read of `name`: its reference, a global one noted as read.
    fn read_name(&mut self, name: &str) -> NameRef {
        let r = self.name_ref(name);
        if let Slot::Global(g) = r.slot {
            self.used.push(g);
        }
        r
    }

    /// Compiles a top-level block.
    pub fn block(&mut self, body: &Block) -> Vec<St> {
        body.iter().map(|s| self.stmt(s)).collect()
    }

    /// The positional arguments of a call, compiled (the call's other
    /// arguments are left out: callers take only all-positional calls).
    fn positional(&mut self, args: &[Arg]) -> Vec<Ex> {
        args.iter()
            .filter_map(|a| match a {
                Arg::Positional(e) => Some(self.expr(e)),
                Arg::Keyword(..) | Arg::Star(_) | Arg::DoubleStar(_) => None,
            })
            .collect()
    }

    /// Compiles one top-level expression (`eval`'s code).
    pub fn expression(&mut self, e: &Expr) -> Ex {
        self.expr(e)
    }

    fn name_ref(&mut self, name: &str) -> NameRef {
        let slot = match self.fns.len() {
            0 => Slot::Global(self.globals.slot(name)),
            n => self.resolve_in(n - 1, name),
        };
        NameRef {
            slot,
            name: name.into(),
        }
    }

    /// Resolves `name` as seen from function scope `i`.
    fn resolve_in(&mut self, i: usize, name: &str) -> Slot {
        let scope = &self.fns[i];
        if scope.globals.contains(name) {
            return Slot::Global(self.globals.slot(name));
        }
        if let Some(&slot) = scope.slots.get(name) {
            return slot;
        }
        self.resolve_free(i, name, false)
    }

    /// `name` as a free variable of scope `i`: a global, or a cell taken
    /// from the nearest enclosing function that binds it. Class bodies in
    /// between are skipped (their names are not visible to the functions
    /// in them) but still carry the cell through (`through`), since a
    /// method's closure is taken from the class body's frame; only
    /// `__class__` is found in a class body.
    fn resolve_free(&mut self, i: usize, name: &str, through: bool) -> Slot {
        if through {
            if let Some(&slot) = self.fns[i].passthrough.get(name) {
                return slot;
            }
        }
        if i == 0 {
            return Slot::Global(self.globals.slot(name));
        }
        let parent = i - 1;
        let from_parent = if self.fns[parent].is_class && name != "__class__" {
            self.resolve_free(parent, name, true)
        } else {
            self.resolve_in(parent, name)
        };
        match from_parent {
            Slot::Global(g) => Slot::Global(g),
            // A plain local of the parent cannot be captured; the analysis
            // makes every captured local a cell, so this is a read of the
            // global name in practice (the parent does not own it as a cell).
            Slot::Local(_) => Slot::Global(self.globals.slot(name)),
            parent_cell @ Slot::Cell(_) => {
                let scope = &mut self.fns[i];
                let idx = scope.cell_names.len() as u32;
                scope.cell_names.push(name.into());
                scope.free_from.push(parent_cell);
                if through {
                    scope.passthrough.insert(name.to_string(), Slot::Cell(idx));
                } else {
                    scope.slots.insert(name.to_string(), Slot::Cell(idx));
                }
                Slot::Cell(idx)
            }
        }
    }

    /// The qualified name of a definition named `name` here.
    fn qualname(&self, name: &str) -> Rc<str> {
        format!("{}{name}", self.qual.concat()).into()
    }

    fn stmt(&mut self, s: &Stmt) -> St {
        let span = s.span;
        let kind = match &s.node {
            StmtKind::Expr(e) if is_yield(e) => self.yield_stmt(e, None),
            StmtKind::Assign(targets, value) if targets.len() == 1 && is_yield(value) => {
                let target = self.target(&targets[0]);
                self.yield_stmt(value, Some(target))
            }
            StmtKind::AugAssign(t, op, value) if is_yield(value) => {
                let target = self.target(t);
                match self.yield_stmt(value, Some(target)) {
                    StKind::Yield {
                        value,
                        from,
                        target,
                        ..
                    } => StKind::Yield {
                        value,
                        from,
                        target,
                        aug: Some(*op),
                    },
                    other => other,
                }
            }
            StmtKind::Expr(e) => {
                let ex = self.expr(e);
                match resize_receiver(&ex) {
                    Some(name) => StKind::ResizeName(name, ex),
                    None => StKind::Expr(ex, self.echo && self.fns.is_empty()),
                }
            }
            StmtKind::Assign(targets, value) => {
                let value = self.expr(value);
                StKind::Assign(targets.iter().map(|t| self.target(t)).collect(), value)
            }
            StmtKind::AugAssign(t, op, value) => {
                if let ExprKind::Name(n) = &t.node {
                    self.read_name(n);
                }
                let value = self.expr(value);
                StKind::AugAssign(self.target(t), *op, value)
            }
            StmtKind::If(c, a, b) => StKind::If(self.expr(c), self.stmts(a), self.stmts(b)),
            StmtKind::While(c, a, b) => StKind::While(self.expr(c), self.stmts(a), self.stmts(b)),
            StmtKind::For(t, it, a, b) => {
                let it = self.expr(it);
                StKind::For(self.target(t), it, self.stmts(a), self.stmts(b))
            }
            StmtKind::Break => StKind::Break,
            StmtKind::Continue => StKind::Continue,
            StmtKind::Pass | StmtKind::Global(_) | StmtKind::Nonlocal(_) => StKind::Pass,
            StmtKind::FunctionDef(name, params, body) => self.def(name, params, body, Vec::new()),
            StmtKind::ClassDef(name, bases, body) => self.class(name, bases, body, Vec::new()),
            StmtKind::Decorated(decorators, definition) => {
                let decorators = decorators.iter().map(|d| self.expr(d)).collect();
                match &definition.node {
                    StmtKind::FunctionDef(name, params, body) => {
                        self.def(name, params, body, decorators)
                    }
                    StmtKind::ClassDef(name, bases, body) => {
                        self.class(name, bases, body, decorators)
                    }
                    // The parser decorates only `def` and `class`.
                    _ => StKind::Pass,
                }
            }
            // Annotations are not evaluated (as under `from __future__
            // import annotations`); a class body records the names.
            StmtKind::AnnAssign(t, _, value) => match value {
                Some(v) => {
                    let value = self.expr(v);
                    StKind::Assign(vec![self.target(t)], value)
                }
                None => StKind::Pass,
            },
            StmtKind::Return(v) => StKind::Return(v.as_ref().map(|e| self.expr(e))),
            StmtKind::Try(t) => StKind::Try(Box::new(TryIr {
                body: self.stmts(&t.body),
                handlers: t
                    .handlers
                    .iter()
                    .map(|h| HandlerIr {
                        typ: h.typ.as_ref().map(|e| self.expr(e)),
                        name: h.name.as_ref().map(|n| self.name_ref(&n.node)),
                        body: self.stmts(&h.body),
                    })
                    .collect(),
                orelse: self.stmts(&t.orelse),
                finalbody: self.stmts(&t.finalbody),
            })),
            StmtKind::With(items, body) => StKind::With(
                items
                    .iter()
                    .map(|i| (self.expr(&i.ctx), i.target.as_ref().map(|t| self.target(t))))
                    .collect(),
                self.stmts(body),
            ),
            StmtKind::Raise(exc, cause) => StKind::Raise(
                exc.as_ref().map(|e| self.expr(e)),
                cause.as_ref().map(|e| self.expr(e)),
            ),
            StmtKind::Assert(a, b) => {
                StKind::Assert(self.expr(a), b.as_ref().map(|e| self.expr(e)))
            }
            StmtKind::Del(ts) => StKind::Del(ts.iter().map(|t| self.target(t)).collect()),
            StmtKind::Import(names) => {
                // `import a, b` is compiled as consecutive imports.
                let mut parts: Vec<St> = names.iter().map(|n| self.import(n, span)).collect();
                if parts.len() == 1 {
                    return parts.remove(0);
                }
                StKind::Seq(parts)
            }
            StmtKind::ImportFrom(module, names) => {
                let module = dotted(module);
                let bindings = names
                    .iter()
                    .filter_map(|ImportName { path, alias }| {
                        let member = path.last()?;
                        let bound = alias.as_ref().unwrap_or(member);
                        Some((
                            member.node.as_str().into(),
                            self.name_ref(&bound.node),
                            member.span,
                        ))
                    })
                    .collect();
                StKind::ImportFrom(module, bindings)
            }
            StmtKind::Meta(text) => StKind::Meta(text.clone()),
        };
        let yields = kind_yields(&kind);
        St { kind, span, yields }
    }

    /// `yield v` / `target = yield v` / `yield from it` as a statement.
    fn yield_stmt(&mut self, e: &Expr, target: Option<Target>) -> StKind {
        let (value, from) = match &e.node {
            ExprKind::Yield(v) => (v.as_ref().map(|v| self.expr(v)), false),
            ExprKind::YieldFrom(v) => (Some(self.expr(v)), true),
            _ => (None, false),
        };
        StKind::Yield {
            value,
            from,
            target,
            aug: None,
        }
    }

    /// A `def`, its decorators evaluated first.
    fn def(&mut self, name: &Ident, params: &[Param], body: &Block, decorators: Vec<Ex>) -> StKind {
        let defaults = params
            .iter()
            .filter_map(|p| p.default.as_ref())
            .map(|d| self.expr(d))
            .collect();
        let code = self.function(name, params, body);
        StKind::Def(code, defaults, self.name_ref(&name.node), decorators)
    }

    /// A `class`: its body compiled as a scope whose plain locals become
    /// the class namespace, with one own cell, `__class__`, for the
    /// methods' `super()`.
    fn class(&mut self, name: &Ident, bases: &[Arg], body: &Block, decorators: Vec<Ex>) -> StKind {
        let bases = bases.iter().map(|a| self.call_arg(a)).collect();
        let info = scope::analyze_class(body);
        let mut scope = FnScope {
            slots: HashMap::new(),
            globals: info.globals.clone(),
            local_names: Vec::new(),
            cell_names: vec!["__class__".into()],
            n_own_cells: 1,
            free_from: Vec::new(),
            locals_calls: Vec::new(),
            is_class: true,
            passthrough: HashMap::new(),
            first_param: None,
        };
        scope.slots.insert("__class__".into(), Slot::Cell(0));
        for local in info.ordered_locals() {
            scope.local_names.push(local.as_str().into());
            let slot = Slot::Local(scope.local_names.len() as u32 - 1);
            scope.slots.insert(local.clone(), slot);
        }
        let annotations = body
            .iter()
            .filter_map(|s| match &s.node {
                StmtKind::AnnAssign(t, ann, _) => match &t.node {
                    ExprKind::Name(n) => Some((n.as_str().into(), unparse(ann).into())),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        let qualname = self.qualname(&name.node);
        self.qual.push(format!("{}.", name.node));
        let used_from = self.used.len();
        self.fns.push(scope);
        let stmts = self.stmts(body);
        let scope = self.fns.pop().expect("pushed above");
        self.qual.pop();
        scope.finish_locals();
        let code = Rc::new(FuncCode {
            name: name.node.as_str().into(),
            doc: docstring(body),
            qualname: qualname.clone(),
            params: Vec::new(),
            kinds: Vec::new(),
            has_default: Vec::new(),
            param_slots: Vec::new(),
            fast_arity: 0,
            n_locals: scope.local_names.len(),
            n_cells: scope.n_own_cells,
            free_from: scope.free_from,
            is_generator: false,
            body: stmts,
            globals_used: sorted_unique(&self.used[used_from..]),
        });
        StKind::Class(Box::new(ClassIr {
            name: name.node.as_str().into(),
            qualname,
            bases,
            code,
            namespace: scope.local_names,
            annotations,
            decorators,
            target: self.name_ref(&name.node),
        }))
    }

    fn call_arg(&mut self, a: &Arg) -> CallArg {
        match a {
            Arg::Positional(e) => CallArg::Positional(self.expr(e)),
            Arg::Keyword(name, e) => CallArg::Keyword(name.node.as_str().into(), self.expr(e)),
            Arg::Star(e) => CallArg::Star(self.expr(e)),
            Arg::DoubleStar(e) => CallArg::DoubleStar(self.expr(e)),
        }
    }

    fn import(&mut self, name: &ImportName, span: Span) -> St {
        let module = dotted(&name.path);
        let kind = match &name.alias {
            Some(alias) => StKind::Import(module, self.name_ref(&alias.node), false),
            None => {
                let top = name
                    .path
                    .first()
                    .map_or("", |p| p.node.as_str())
                    .to_string();
                let top_only = name.path.len() > 1;
                StKind::Import(module, self.name_ref(&top), top_only)
            }
        };
        St {
            kind,
            span,
            yields: false,
        }
    }

    fn stmts(&mut self, body: &Block) -> Vec<St> {
        body.iter().map(|s| self.stmt(s)).collect()
    }

    /// The scope of a function or comprehension whose locals are `order`
    /// (parameters first): a local captured by a nested scope is a cell.
    fn new_scope(order: Vec<&String>, info: &scope::ScopeInfo) -> FnScope {
        let mut scope = FnScope {
            slots: HashMap::new(),
            globals: info.globals.clone(),
            local_names: Vec::new(),
            cell_names: Vec::new(),
            n_own_cells: 0,
            free_from: Vec::new(),
            locals_calls: Vec::new(),
            is_class: false,
            passthrough: HashMap::new(),
            first_param: None,
        };
        for local in order {
            let slot = if info.child_free.contains(local) {
                scope.cell_names.push(local.as_str().into());
                Slot::Cell(scope.cell_names.len() as u32 - 1)
            } else {
                scope.local_names.push(local.as_str().into());
                Slot::Local(scope.local_names.len() as u32 - 1)
            };
            scope.slots.insert(local.clone(), slot);
        }
        scope.n_own_cells = scope.cell_names.len();
        scope
    }

    fn function(&mut self, name: &Ident, params: &[Param], body: &Block) -> Rc<FuncCode> {
        let info = scope::analyze(params, body);
        // Parameters first, in order, then the other locals in the order
        // the body first mentions them (CPython's order for `locals()`).
        let mut order: Vec<&String> = params.iter().map(|p| &p.name.node).collect();
        let rest: Vec<&String> = info
            .ordered_locals()
            .into_iter()
            .filter(|n| !order.contains(n))
            .collect();
        order.extend(rest);
        let mut scope = Self::new_scope(order, &info);
        scope.first_param = params
            .first()
            .filter(|p| matches!(p.kind, ParamKind::Normal | ParamKind::PositionalOnly))
            .map(|p| p.name.node.clone());
        let qualname = self.qualname(&name.node);
        let param_slots: Vec<Slot> = params.iter().map(|p| scope.slots[&p.name.node]).collect();
        let simple_params = param_slots
            .iter()
            .enumerate()
            .all(|(i, s)| *s == Slot::Local(i as u32))
            && params.iter().all(|p| p.kind == ParamKind::Normal);
        self.qual.push(format!("{}.<locals>.", name.node));
        let used_from = self.used.len();
        self.fns.push(scope);
        let doc = docstring(body);
        let body = self.stmts(body);
        let scope = self.fns.pop().expect("pushed above");
        self.qual.pop();
        scope.finish_locals();
        Rc::new(FuncCode {
            name: name.node.as_str().into(),
            doc,
            qualname,
            params: params.iter().map(|p| p.name.node.as_str().into()).collect(),
            kinds: params.iter().map(|p| p.kind).collect(),
            has_default: params.iter().map(|p| p.default.is_some()).collect(),
            param_slots,
            fast_arity: if simple_params {
                params.len()
            } else {
                usize::MAX
            },
            n_locals: scope.local_names.len(),
            n_cells: scope.n_own_cells,
            free_from: scope.free_from,
            is_generator: body.iter().any(|s| s.yields),
            body,
            globals_used: sorted_unique(&self.used[used_from..]),
        })
    }

    /// A comprehension: its first iterable compiled here, the rest in a
    /// scope of its own.
    fn comprehension(
        &mut self,
        kind: CompKind,
        clauses: &[Comprehension],
        elt: &Expr,
        value: Option<&Expr>,
    ) -> ExKind {
        let first = match clauses.first() {
            Some(c) => self.expr(&c.iter),
            None => Ex {
                kind: ExKind::Const(ConstVal(Value::tuple(Vec::new()))),
                span: elt.span,
            },
        };
        let elts: Vec<&Expr> = std::iter::once(elt).chain(value).collect();
        let info = scope::analyze_comp(clauses, &elts);
        let order = info.ordered_locals();
        let scope = Self::new_scope(order, &info);
        self.fns.push(scope);
        let clauses = clauses
            .iter()
            .enumerate()
            .map(|(i, c)| CompClause {
                target: self.target(&c.target),
                iter: if i == 0 {
                    Ex {
                        kind: ExKind::Const(ConstVal(Value::None)),
                        span: c.iter.span,
                    }
                } else {
                    self.expr(&c.iter)
                },
                ifs: c.ifs.iter().map(|e| self.expr(e)).collect(),
            })
            .collect();
        let elt = self.expr(elt);
        let value = value.map(|v| self.expr(v));
        let scope = self.fns.pop().expect("pushed above");
        scope.finish_locals();
        let name = match kind {
            CompKind::List => "<listcomp>",
            CompKind::Set => "<setcomp>",
            CompKind::Dict => "<dictcomp>",
            CompKind::Generator => "<genexpr>",
        };
        let code = CompCode {
            name: name.into(),
            kind,
            clauses,
            elt,
            value,
            n_locals: scope.local_names.len(),
            n_cells: scope.n_own_cells,
            free_from: scope.free_from,
        };
        ExKind::Comp(Rc::new(code), Box::new(first))
    }

    fn fparts(&mut self, parts: &[FPart]) -> Vec<FPartIr> {
        parts
            .iter()
            .map(|part| match part {
                FPart::Lit(s) => FPartIr::Lit(s.as_str().into()),
                FPart::Field(f) => FPartIr::Field {
                    value: self.expr(&f.value),
                    debug: f.debug.as_deref().map(Rc::from),
                    conversion: f.conversion,
                    spec: self.fparts(&f.spec),
                },
            })
            .collect()
    }

    fn target(&mut self, t: &Expr) -> Target {
        match &t.node {
            ExprKind::Name(n) => Target::Name(self.name_ref(n), t.span),
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                Target::Unpack(items.iter().map(|i| self.target(i)).collect(), t.span)
            }
            ExprKind::Subscript(v, i) => Target::Subscript(self.expr(v), self.expr(i), t.span),
            ExprKind::Attribute(v, name) => {
                Target::Attr(self.expr(v), name.node.as_str().into(), t.span)
            }
            ExprKind::Starred(x) => Target::Starred(Box::new(self.target(x)), t.span),
            // The parser rejects every other target; keep a harmless fallback.
            _ => Target::Unpack(Vec::new(), t.span),
        }
    }

    fn boxed(&mut self, e: &Expr) -> Box<Ex> {
        Box::new(self.expr(e))
    }

    fn expr(&mut self, e: &Expr) -> Ex {
        let constant = |v: Value| ExKind::Const(ConstVal(v));
        let kind = match &e.node {
            ExprKind::Name(n) => ExKind::Name(self.read_name(n)),
            ExprKind::Int(IntLit::Small(i)) => constant(Value::Int(*i)),
            ExprKind::Int(IntLit::Big(digits)) => constant(
                digits
                    .parse::<BigInt>()
                    .map(Value::from_bigint)
                    .unwrap_or(Value::Int(0)),
            ),
            ExprKind::Float(f) => constant(Value::Float(*f)),
            ExprKind::Imag(f) => constant(Value::Complex(Complex64::new(0.0, *f))),
            ExprKind::Str(s) => constant(Value::str(s.as_str())),
            ExprKind::Bytes(b) => constant(Value::Bytes(b.as_slice().into())),
            ExprKind::Bool(b) => constant(Value::Bool(*b)),
            ExprKind::None => constant(Value::None),
            ExprKind::Ellipsis => constant(Value::Ellipsis),
            ExprKind::List(items) => ExKind::List(items.iter().map(|i| self.expr(i)).collect()),
            ExprKind::Set(items) => {
                let all_const = items.len() > 2 && items.iter().all(is_constant);
                ExKind::Set(items.iter().map(|i| self.expr(i)).collect(), all_const)
            }
            ExprKind::FString(parts) => ExKind::FString(self.fparts(parts)),
            ExprKind::NamedExpr(name, value) => {
                let value = self.boxed(value);
                ExKind::Walrus(self.name_ref(&name.node), value)
            }
            ExprKind::Dict(items) => ExKind::Dict(
                items
                    .iter()
                    .map(|item| match item {
                        DictItem::Pair(k, v) => (Some(self.expr(k)), self.expr(v)),
                        DictItem::Unpack(m) => (None, self.expr(m)),
                    })
                    .collect(),
            ),
            ExprKind::Starred(x) => ExKind::Starred(self.boxed(x)),
            ExprKind::ListComp(elt, clauses) => {
                self.comprehension(CompKind::List, clauses, elt, None)
            }
            ExprKind::SetComp(elt, clauses) => {
                self.comprehension(CompKind::Set, clauses, elt, None)
            }
            ExprKind::GeneratorExp(elt, clauses) => {
                self.comprehension(CompKind::Generator, clauses, elt, None)
            }
            ExprKind::DictComp(k, v, clauses) => {
                self.comprehension(CompKind::Dict, clauses, k, Some(v))
            }
            ExprKind::Tuple(items) => ExKind::Tuple(items.iter().map(|i| self.expr(i)).collect()),
            ExprKind::Unary(op, a) => ExKind::Unary(*op, self.boxed(a)),
            ExprKind::Binary(op, a, b) => crate::chain::wrap(Ex {
                kind: ExKind::Binary(*op, self.boxed(a), self.boxed(b)),
                span: e.span,
            }),
            ExprKind::BoolOp(op, a, b) => ExKind::BoolOp(*op, self.boxed(a), self.boxed(b)),
            ExprKind::Compare(first, rest) => {
                let first = self.boxed(first);
                ExKind::Compare(
                    first,
                    rest.iter().map(|(op, e)| (*op, self.expr(e))).collect(),
                )
            }
            ExprKind::IfExp { cond, body, orelse } => {
                ExKind::IfExp(self.boxed(cond), self.boxed(body), self.boxed(orelse))
            }
            // `super()` in a method is `super(__class__, self)`.
            ExprKind::Call(f, args)
                if args.is_empty()
                    && matches!(&f.node, ExprKind::Name(n) if n == "super")
                    && self.fns.last().is_some_and(|s| s.first_param.is_some()) =>
            {
                let first = self.fns.last().and_then(|s| s.first_param.clone());
                let callee = self.boxed(f);
                let class = self.name_ref("__class__");
                let receiver = self.name_ref(first.as_deref().unwrap_or("self"));
                ExKind::CallPos(
                    callee,
                    vec![
                        Ex {
                            kind: ExKind::Name(class),
                            span: e.span,
                        },
                        Ex {
                            kind: ExKind::Name(receiver),
                            span: e.span,
                        },
                    ],
                    CallCache::default(),
                )
            }
            ExprKind::Call(f, args) if !self.fns.is_empty() && reads_locals(f, args) => {
                let callee = self.boxed(f);
                let args = self.positional(args);
                let names = Rc::new(std::cell::OnceCell::new());
                if let Some(scope) = self.fns.last_mut() {
                    scope.locals_calls.push(names.clone());
                }
                ExKind::Locals(callee, args, names)
            }
            ExprKind::Call(f, args) if args.iter().all(|a| matches!(a, Arg::Positional(_))) => {
                let f = self.boxed(f);
                let args = self.positional(args);
                crate::chain::wrap(Ex {
                    kind: ExKind::CallPos(f, args, CallCache::default()),
                    span: e.span,
                })
            }
            ExprKind::Call(f, args) => {
                let f = self.boxed(f);
                let args = args.iter().map(|a| self.call_arg(a)).collect();
                ExKind::Call(f, args)
            }
            ExprKind::Attribute(v, name) => ExKind::Attr(self.boxed(v), name.node.as_str().into()),
            ExprKind::Subscript(v, i) => ExKind::Subscript(self.boxed(v), self.boxed(i)),
            ExprKind::Slice(a, b, c) => ExKind::Slice(
                a.as_ref().map(|x| self.boxed(x)),
                b.as_ref().map(|x| self.boxed(x)),
                c.as_ref().map(|x| self.boxed(x)),
            ),
            ExprKind::Lambda(params, body) => {
                let defaults = params
                    .iter()
                    .filter_map(|p| p.default.as_ref())
                    .map(|d| self.expr(d))
                    .collect();
                let name = Spanned::new("<lambda>".to_string(), e.span);
                ExKind::Lambda(self.function(&name, params, body), defaults)
            }
            // The parser moves every `yield` it lets through into a
            // statement of its own (`parser/yields.rs`).
            ExprKind::Yield(_) | ExprKind::YieldFrom(_) => {
                ExKind::Invalid("yield is not supported here yet".into())
            }
        };
        Ex { kind, span: e.span }
    }
}

/// Whether CPython's compiler folds `e` into a constant (a literal, an
/// operator on constants, a tuple of constants): a set display of more
/// than two such items is built from a frozenset constant.
/// The source form of an annotation, as `__annotations__` holds it
/// (xpush does not evaluate annotations: they are strings, as under
/// `from __future__ import annotations`).
fn unparse(e: &Expr) -> String {
    match &e.node {
        ExprKind::Name(n) => n.clone(),
        ExprKind::Attribute(v, name) => format!("{}.{}", unparse(v), name.node),
        ExprKind::Subscript(v, i) => format!("{}[{}]", unparse(v), unparse(i)),
        ExprKind::Tuple(items) => items.iter().map(unparse).collect::<Vec<_>>().join(", "),
        ExprKind::None => "None".into(),
        ExprKind::Str(s) => s.to_string(),
        ExprKind::Binary(BinOp::BitOr, a, b) => format!("{} | {}", unparse(a), unparse(b)),
        _ => "...".into(),
    }
}

/// Whether `e` is a `yield` or `yield from` expression.
fn is_yield(e: &Expr) -> bool {
    matches!(e.node, ExprKind::Yield(_) | ExprKind::YieldFrom(_))
}

/// Whether a compiled statement yields: it is a `yield`, or a block
/// inside it yields (a `def` or `class` inside is its own scope).
fn kind_yields(kind: &StKind) -> bool {
    let any = |b: &[St]| b.iter().any(|s| s.yields);
    match kind {
        StKind::Yield { .. } => true,
        StKind::If(_, a, b) | StKind::While(_, a, b) | StKind::For(_, _, a, b) => any(a) || any(b),
        StKind::Try(t) => {
            any(&t.body)
                || t.handlers.iter().any(|h| any(&h.body))
                || any(&t.orelse)
                || any(&t.finalbody)
        }
        StKind::With(_, body) | StKind::Seq(body) => any(body),
        _ => false,
    }
}

fn is_constant(e: &Expr) -> bool {
    match &e.node {
        _ if e.is_literal() => true,
        ExprKind::Unary(op, a) => *op != UnaryOp::Not && is_constant(a),
        ExprKind::Binary(_, a, b) => is_constant(a) && is_constant(b),
        ExprKind::Tuple(items) => items.iter().all(is_constant),
        _ => false,
    }
}

fn dotted(path: &[Ident]) -> String {
    path.iter()
        .map(|p| p.node.as_str())
        .collect::<Vec<_>>()
        .join(".")
}

/// `v`'s values, each once, ascending.
fn sorted_unique(v: &[u32]) -> Vec<u32> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v.dedup();
    v
}

/// The name in a `name.resize(...)` call (see [`StKind::ResizeName`]).
fn resize_receiver(ex: &Ex) -> Option<NameRef> {
    let (ExKind::Call(f, _) | ExKind::CallPos(f, ..)) = &ex.kind else {
        return None;
    };
    match &f.kind {
        ExKind::Attr(obj, attr) if &**attr == "resize" => match &obj.kind {
            ExKind::Name(n) => Some(n.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// A `def`'s or `class`'s docstring: its body's first statement when that
/// is a string literal.
fn docstring(body: &Block) -> Option<Rc<str>> {
    match &body.first()?.node {
        StmtKind::Expr(e) => match &e.node {
            ExprKind::Str(s) => Some(s.as_str().into()),
            _ => None,
        },
        _ => None,
    }
}
