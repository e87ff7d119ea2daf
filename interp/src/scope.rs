//! Scope analysis: which names a function assigns (its locals), which it
//! declares `global`, and which it reads from an enclosing function (its
//! free variables). Python decides all of this statically, and so do we.

use std::collections::HashSet;

use xpush_lang::ast::{
    Arg, Block, Comprehension, DictItem, Expr, ExprKind, FPart, ImportName, Param, StmtKind,
};

/// What one function body does with names.
#[derive(Default, Debug)]
pub struct ScopeInfo {
    /// Names assigned anywhere in the body (parameters included), minus `global` ones.
    pub locals: HashSet<String>,
    /// Names declared `global`.
    pub globals: HashSet<String>,
    /// Names declared `nonlocal`: an enclosing function's variables.
    pub nonlocals: HashSet<String>,
    /// Names read (or assigned) in nested functions that they do not own.
    pub child_free: HashSet<String>,
    /// Names read in this body.
    pub loads: HashSet<String>,
    /// The `:=` targets of a comprehension's scope (and of the
    /// comprehensions nested in it), for the enclosing function to own.
    pub walrus: HashSet<String>,
    /// A comprehension's scope: its `:=` targets belong to the enclosing
    /// function (PEP 572), so here they are free names.
    pub in_comprehension: bool,
    /// Every name the body mentions, in the order CPython's symbol table
    /// first meets it: the order of `locals()`.
    pub order: Vec<String>,
    seen: HashSet<String>,
}

impl ScopeInfo {
    /// Notes that the body mentions `name`.
    fn see(&mut self, name: &str) {
        if !self.seen.contains(name) {
            self.seen.insert(name.to_string());
            self.order.push(name.to_string());
        }
    }

    /// The locals in [`ScopeInfo::order`].
    pub fn ordered_locals(&self) -> Vec<&String> {
        self.order
            .iter()
            .filter(|n| self.locals.contains(*n))
            .collect()
    }

    /// Names this function needs from an enclosing function scope.
    pub fn free(&self) -> HashSet<String> {
        self.loads
            .iter()
            .chain(self.child_free.iter())
            .filter(|n| !self.locals.contains(*n) && !self.globals.contains(*n))
            .cloned()
            .collect()
    }
}

/// Analyses a function with `params` and `body`.
pub fn analyze(params: &[Param], body: &Block) -> ScopeInfo {
    let mut info = ScopeInfo::default();
    for p in params {
        info.see(&p.name.node);
        info.locals.insert(p.name.node.clone());
    }
    block(&mut info, body);
    for g in &info.globals {
        info.locals.remove(g);
    }
    // A nonlocal name is read and written through the enclosing
    // function's cell: free here, never local.
    for n in std::mem::take(&mut info.nonlocals) {
        info.locals.remove(&n);
        info.loads.insert(n.clone());
        info.nonlocals.insert(n);
    }
    info
}

/// Analyses a class body: its assignments are the class namespace. The
/// functions in it do not see that namespace (a method reads a global
/// `x`, not the class attribute `x`), so what they need from enclosing
/// functions passes through the class to them.
pub fn analyze_class(body: &Block) -> ScopeInfo {
    let mut info = analyze(&[], body);
    info.child_free.remove("__class__");
    info
}

/// The names a class body needs from the function around it: its own
/// reads of names it does not bind, and all its methods need.
pub fn class_free(info: &ScopeInfo) -> HashSet<String> {
    let own = info
        .loads
        .iter()
        .filter(|n| !info.locals.contains(*n) && !info.globals.contains(*n));
    own.chain(info.child_free.iter())
        .filter(|n| !info.globals.contains(*n))
        .cloned()
        .collect()
}

/// Analyses a comprehension's own scope: its targets are its locals; its
/// first iterable is read by the enclosing scope, not by this one.
pub fn analyze_comp(clauses: &[Comprehension], elts: &[&Expr]) -> ScopeInfo {
    let mut info = ScopeInfo {
        in_comprehension: true,
        ..ScopeInfo::default()
    };
    for (i, c) in clauses.iter().enumerate() {
        target(&mut info, &c.target);
        if i > 0 {
            expr(&mut info, &c.iter);
        }
        c.ifs.iter().for_each(|e| expr(&mut info, e));
    }
    elts.iter().for_each(|e| expr(&mut info, e));
    info
}

fn fparts(info: &mut ScopeInfo, parts: &[FPart]) {
    for part in parts {
        if let FPart::Field(f) = part {
            expr(info, &f.value);
            fparts(info, &f.spec);
        }
    }
}

/// A comprehension seen from the enclosing scope: its first iterable is
/// read here, everything else is a child scope's.
fn comprehension(info: &mut ScopeInfo, clauses: &[Comprehension], elts: &[&Expr]) {
    if let Some(first) = clauses.first() {
        expr(info, &first.iter);
    }
    let child = analyze_comp(clauses, elts);
    // `:=` in a comprehension binds in the enclosing function.
    for name in &child.walrus {
        named_target(info, name);
    }
    info.walrus.extend(child.walrus.iter().cloned());
    info.child_free.extend(child.free());
}

/// The target of `name := value` in the scope `info`.
fn named_target(info: &mut ScopeInfo, name: &str) {
    info.see(name);
    if info.in_comprehension {
        info.loads.insert(name.to_string());
    } else {
        info.locals.insert(name.to_string());
    }
}

fn block(info: &mut ScopeInfo, body: &[xpush_lang::ast::Stmt]) {
    for stmt in body {
        match &stmt.node {
            StmtKind::Expr(e) => expr(info, e),
            StmtKind::Assign(targets, value) => {
                targets.iter().for_each(|t| target(info, t));
                expr(info, value);
            }
            StmtKind::AugAssign(t, _, value) => {
                target(info, t);
                // `x += 1` also reads x.
                expr(info, t);
                expr(info, value);
            }
            StmtKind::If(c, a, b) | StmtKind::While(c, a, b) => {
                expr(info, c);
                block(info, a);
                block(info, b);
            }
            StmtKind::For(t, it, a, b) => {
                target(info, t);
                expr(info, it);
                block(info, a);
                block(info, b);
            }
            StmtKind::FunctionDef(name, params, body) => {
                info.see(&name.node);
                info.locals.insert(name.node.clone());
                for p in params {
                    if let Some(d) = &p.default {
                        expr(info, d);
                    }
                }
                let child = analyze(params, body);
                info.child_free.extend(child.free());
            }
            StmtKind::ClassDef(name, bases, body) => {
                info.see(&name.node);
                info.locals.insert(name.node.clone());
                args(info, bases);
                let child = analyze_class(body);
                info.child_free.extend(class_free(&child));
            }
            StmtKind::Decorated(decorators, definition) => {
                decorators.iter().for_each(|d| expr(info, d));
                block(info, std::slice::from_ref(&**definition));
            }
            StmtKind::AnnAssign(t, _, value) => {
                target(info, t);
                value.iter().for_each(|v| expr(info, v));
            }
            StmtKind::Return(v) => v.iter().for_each(|e| expr(info, e)),
            StmtKind::Try(t) => {
                block(info, &t.body);
                for h in &t.handlers {
                    if let Some(e) = &h.typ {
                        expr(info, e);
                    }
                    if let Some(n) = &h.name {
                        info.see(&n.node);
                        info.locals.insert(n.node.clone());
                    }
                    block(info, &h.body);
                }
                block(info, &t.orelse);
                block(info, &t.finalbody);
            }
            StmtKind::Raise(exc, cause) => {
                exc.iter().chain(cause.iter()).for_each(|e| expr(info, e));
            }
            StmtKind::With(items, body) => {
                for item in items {
                    expr(info, &item.ctx);
                    if let Some(t) = &item.target {
                        target(info, t);
                    }
                }
                block(info, body);
            }
            StmtKind::Assert(a, b) => {
                expr(info, a);
                b.iter().for_each(|e| expr(info, e));
            }
            StmtKind::Del(ts) => ts.iter().for_each(|t| target(info, t)),
            StmtKind::Global(names) => {
                for n in names {
                    info.globals.insert(n.node.clone());
                }
            }
            StmtKind::Nonlocal(names) => {
                for n in names {
                    info.nonlocals.insert(n.node.clone());
                }
            }
            StmtKind::Import(names) => {
                for ImportName { path, alias } in names {
                    let bound = alias.as_ref().or(path.first());
                    if let Some(b) = bound {
                        info.see(&b.node);
                        info.locals.insert(b.node.clone());
                    }
                }
            }
            StmtKind::ImportFrom(_, names) => {
                for ImportName { path, alias } in names {
                    if let Some(b) = alias.as_ref().or(path.last()) {
                        info.see(&b.node);
                        info.locals.insert(b.node.clone());
                    }
                }
            }
            StmtKind::Break | StmtKind::Continue | StmtKind::Pass | StmtKind::Meta(_) => {}
        }
    }
}

/// Records the names an assignment target binds, and reads its sub-expressions.
fn target(info: &mut ScopeInfo, t: &Expr) {
    match &t.node {
        ExprKind::Name(n) => {
            info.see(n);
            info.locals.insert(n.clone());
        }
        ExprKind::Tuple(items) | ExprKind::List(items) => {
            items.iter().for_each(|i| target(info, i))
        }
        ExprKind::Starred(inner) => target(info, inner),
        _ => expr(info, t),
    }
}

fn args(info: &mut ScopeInfo, call_args: &[Arg]) {
    for a in call_args {
        match a {
            Arg::Positional(e) | Arg::Keyword(_, e) | Arg::Star(e) | Arg::DoubleStar(e) => {
                expr(info, e)
            }
        }
    }
}

fn expr(info: &mut ScopeInfo, e: &Expr) {
    match &e.node {
        ExprKind::Name(n) => {
            info.see(n);
            info.loads.insert(n.clone());
        }
        ExprKind::Int(_)
        | ExprKind::Float(_)
        | ExprKind::Imag(_)
        | ExprKind::Str(_)
        | ExprKind::Bytes(_)
        | ExprKind::Bool(_)
        | ExprKind::None
        | ExprKind::Ellipsis => {}
        ExprKind::List(items) | ExprKind::Tuple(items) | ExprKind::Set(items) => {
            items.iter().for_each(|i| expr(info, i))
        }
        ExprKind::FString(parts) => fparts(info, parts),
        ExprKind::NamedExpr(name, value) => {
            expr(info, value);
            named_target(info, &name.node);
            if info.in_comprehension {
                info.walrus.insert(name.node.clone());
            }
        }
        ExprKind::Dict(items) => {
            for item in items {
                match item {
                    DictItem::Pair(k, v) => {
                        expr(info, k);
                        expr(info, v);
                    }
                    DictItem::Unpack(m) => expr(info, m),
                }
            }
        }
        ExprKind::Unary(_, a) | ExprKind::Attribute(a, _) | ExprKind::Starred(a) => expr(info, a),
        ExprKind::ListComp(elt, clauses)
        | ExprKind::SetComp(elt, clauses)
        | ExprKind::GeneratorExp(elt, clauses) => comprehension(info, clauses, &[elt]),
        ExprKind::DictComp(k, v, clauses) => comprehension(info, clauses, &[k, v]),
        ExprKind::Binary(_, a, b) | ExprKind::BoolOp(_, a, b) | ExprKind::Subscript(a, b) => {
            expr(info, a);
            expr(info, b);
        }
        ExprKind::Compare(first, rest) => {
            expr(info, first);
            rest.iter().for_each(|(_, e)| expr(info, e));
        }
        ExprKind::IfExp { cond, body, orelse } => {
            expr(info, cond);
            expr(info, body);
            expr(info, orelse);
        }
        ExprKind::Call(f, call_args) => {
            expr(info, f);
            args(info, call_args);
            // `super()` reads the defining class from the `__class__` cell.
            if call_args.is_empty() && matches!(&f.node, ExprKind::Name(n) if n == "super") {
                info.see("__class__");
                info.loads.insert("__class__".into());
            }
        }
        ExprKind::Slice(a, b, c) => {
            for part in [a, b, c].into_iter().flatten() {
                expr(info, part);
            }
        }
        // As a `def` without a name to bind: defaults here, the body in its own scope.
        ExprKind::Lambda(params, body) => {
            for p in params {
                if let Some(d) = &p.default {
                    expr(info, d);
                }
            }
            let child = analyze(params, body);
            info.child_free.extend(child.free());
        }
        ExprKind::Yield(v) => v.iter().for_each(|v| expr(info, v)),
        ExprKind::YieldFrom(v) => expr(info, v),
    }
}
