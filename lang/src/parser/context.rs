//! The checks CPython's compiler makes after parsing, on where a statement
//! may stand: `return` only in a function, `break` and `continue` only in
//! a loop (of the same function), `nonlocal` only in a nested function and
//! only for a name an enclosing function binds, `yield` only in a
//! function and not in a comprehension (and, in xpush, not in the few
//! places `yields.rs` cannot move it out of: a lambda, a target, ...).

use std::collections::HashSet;

use crate::ast::{Block, Expr, ExprKind, ImportName, Stmt, StmtKind};
use crate::diagnostics::Diagnostic;

/// A function's bindings and its `global` names.
struct Scope {
    bound: HashSet<String>,
    globals: HashSet<String>,
}

/// What encloses the statements being checked.
#[derive(Clone, Copy)]
struct Place {
    in_function: bool,
    in_loop: bool,
}

/// Every misplaced statement of `block`, as a SyntaxError.
pub(crate) fn check(block: &Block) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut scopes: Vec<Scope> = Vec::new();
    statements(
        block,
        Place {
            in_function: false,
            in_loop: false,
        },
        &mut scopes,
        &mut out,
    );
    out
}

fn error(out: &mut Vec<Diagnostic>, stmt: &Stmt, message: String) {
    out.push(Diagnostic::new("SyntaxError", message, stmt.span));
}

/// The expressions of a statement itself, not of the blocks inside it.
fn own_exprs(stmt: &Stmt) -> Vec<&Expr> {
    let mut out: Vec<&Expr> = Vec::new();
    match &stmt.node {
        StmtKind::Expr(e) => out.push(e),
        StmtKind::Assign(targets, v) => {
            out.extend(targets.iter());
            out.push(v);
        }
        StmtKind::AugAssign(t, _, v) => out.extend([t, v]),
        StmtKind::AnnAssign(t, _, v) => {
            out.push(t);
            out.extend(v.iter());
        }
        StmtKind::If(c, ..) | StmtKind::While(c, ..) => out.push(c),
        StmtKind::For(t, it, ..) => out.extend([t, it]),
        StmtKind::Return(v) => out.extend(v.iter()),
        StmtKind::Raise(a, b) => out.extend(a.iter().chain(b.iter())),
        StmtKind::Assert(a, b) => {
            out.push(a);
            out.extend(b.iter());
        }
        StmtKind::Del(ts) => out.extend(ts.iter()),
        StmtKind::With(items, _) => {
            for i in items {
                out.push(&i.ctx);
                out.extend(i.target.iter());
            }
        }
        StmtKind::Try(t) => out.extend(t.handlers.iter().filter_map(|h| h.typ.as_ref())),
        StmtKind::FunctionDef(_, params, _) => {
            out.extend(params.iter().filter_map(|p| p.default.as_ref()))
        }
        StmtKind::ClassDef(_, bases, _) => out.extend(bases.iter().map(|a| a.expr())),
        StmtKind::Decorated(decorators, _) => out.extend(decorators.iter()),
        _ => {}
    }
    out
}

/// The `yield` a statement may hold: its whole value (`yield x`,
/// `y = yield x`).
fn statement_yield(stmt: &Stmt) -> Option<&Expr> {
    let e = match &stmt.node {
        StmtKind::Expr(e) | StmtKind::Assign(_, e) | StmtKind::AugAssign(_, _, e) => e,
        _ => return None,
    };
    matches!(e.node, ExprKind::Yield(_) | ExprKind::YieldFrom(_)).then_some(e)
}

/// Reports the `yield`s in `e` that may not stand where they are.
fn check_yields(e: &Expr, allowed: Option<&Expr>, place: Place, out: &mut Vec<Diagnostic>) {
    yields_in(e, allowed, place, None, out);
}

/// [`check_yields`] inside the comprehension `comprehension` names (past
/// its first iterable), if any.
fn yields_in(
    e: &Expr,
    allowed: Option<&Expr>,
    place: Place,
    comprehension: Option<&str>,
    out: &mut Vec<Diagnostic>,
) {
    if matches!(e.node, ExprKind::Yield(_) | ExprKind::YieldFrom(_)) {
        let message = if let Some(kind) = comprehension {
            Some(format!("'yield' inside {kind}"))
        } else if !place.in_function {
            Some("'yield' outside function".to_string())
        } else if !allowed.is_some_and(|a| std::ptr::eq(a, e)) {
            Some(NOT_HERE.to_string())
        } else {
            None
        };
        if let Some(m) = message {
            out.push(Diagnostic::new("SyntaxError", m, e.span));
        }
    }
    let kind = match &e.node {
        ExprKind::ListComp(..) => Some("list comprehension"),
        ExprKind::SetComp(..) => Some("set comprehension"),
        ExprKind::DictComp(..) => Some("dict comprehension"),
        ExprKind::GeneratorExp(..) => Some("generator expression"),
        _ => None,
    };
    let first_iter = match &e.node {
        ExprKind::ListComp(_, c)
        | ExprKind::SetComp(_, c)
        | ExprKind::DictComp(_, _, c)
        | ExprKind::GeneratorExp(_, c) => c.first().map(|c| &c.iter),
        _ => None,
    };
    for c in e.children() {
        // The first iterable is evaluated outside the comprehension.
        let inside = match first_iter {
            Some(f) if std::ptr::eq(f, c) => comprehension,
            _ => kind.or(comprehension),
        };
        yields_in(c, allowed, place, inside, out);
    }
    // A lambda's body is a function's: a `yield` there has no statement.
    if let ExprKind::Lambda(_, body) = &e.node {
        let inner = Place {
            in_function: true,
            in_loop: false,
        };
        for stmt in body {
            for x in own_exprs(stmt) {
                yields_in(x, None, inner, comprehension, out);
            }
        }
    }
}

/// Where a `yield` is left after `yields.rs` has moved every other one
/// into a statement of its own.
const NOT_HERE: &str = "yield is not supported here yet (in a lambda, an assignment target, a default or decorator, an except clause, an assert message or the condition of a while with an else)";

fn statements(block: &[Stmt], place: Place, scopes: &mut Vec<Scope>, out: &mut Vec<Diagnostic>) {
    for stmt in block {
        let allowed = statement_yield(stmt);
        for e in own_exprs(stmt) {
            check_yields(e, allowed, place, out);
        }
        match &stmt.node {
            StmtKind::Return(_) if !place.in_function => {
                error(out, stmt, "'return' outside function".into())
            }
            StmtKind::Break if !place.in_loop => error(out, stmt, "'break' outside loop".into()),
            StmtKind::Continue if !place.in_loop => {
                error(out, stmt, "'continue' not properly in loop".into())
            }
            StmtKind::Nonlocal(names) => {
                if !place.in_function {
                    error(
                        out,
                        stmt,
                        "nonlocal declaration not allowed at module level".into(),
                    );
                    continue;
                }
                // The function's own bindings are the last scope; the
                // enclosing functions' the ones before it.
                // The nearest enclosing function that binds the name or
                // declares it global decides (a global one hides it).
                let enclosing = &scopes[..scopes.len().saturating_sub(1)];
                for name in names {
                    let n = &name.node;
                    let found = enclosing
                        .iter()
                        .rev()
                        .find(|s| s.bound.contains(n) || s.globals.contains(n));
                    if !found.is_some_and(|s| s.bound.contains(n)) {
                        let message = format!("no binding for nonlocal '{}' found", name.node);
                        out.push(Diagnostic::new("SyntaxError", message, name.span));
                    }
                }
            }
            StmtKind::If(_, a, b) => {
                statements(a, place, scopes, out);
                statements(b, place, scopes, out);
            }
            StmtKind::Try(t) => {
                for block in t.blocks() {
                    statements(block, place, scopes, out);
                }
            }
            StmtKind::With(_, body) => statements(body, place, scopes, out),
            StmtKind::While(_, body, orelse) | StmtKind::For(_, _, body, orelse) => {
                let in_loop = Place {
                    in_loop: true,
                    ..place
                };
                statements(body, in_loop, scopes, out);
                statements(orelse, place, scopes, out);
            }
            StmtKind::ClassDef(_, _, body) => {
                // A class body is neither a function nor a loop.
                let inner = Place {
                    in_function: false,
                    in_loop: false,
                };
                statements(body, inner, scopes, out);
            }
            StmtKind::Decorated(_, definition) => {
                statements(std::slice::from_ref(&**definition), place, scopes, out)
            }
            StmtKind::FunctionDef(_, params, body) => {
                let mut bound: HashSet<String> =
                    params.iter().map(|p| p.name.node.clone()).collect();
                let globals = bindings(body, &mut bound);
                scopes.push(Scope { bound, globals });
                let inner = Place {
                    in_function: true,
                    in_loop: false,
                };
                statements(body, inner, scopes, out);
                scopes.pop();
            }
            _ => {}
        }
    }
}

/// The names a function body binds (assigns, defines, imports, loops
/// over), not counting nested functions' own, into `bound`; `nonlocal`
/// ones count (an enclosing function's binding, seen from inside). Returns
/// its `global` names, which it does not bind.
fn bindings(block: &Block, bound: &mut HashSet<String>) -> HashSet<String> {
    let mut globals = HashSet::new();
    collect(block, bound, &mut globals);
    for g in &globals {
        bound.remove(g);
    }
    globals
}

fn collect(block: &[Stmt], bound: &mut HashSet<String>, globals: &mut HashSet<String>) {
    for stmt in block {
        match &stmt.node {
            StmtKind::Assign(targets, _) => targets.iter().for_each(|t| target(t, bound)),
            StmtKind::AugAssign(t, _, _) => target(t, bound),
            StmtKind::For(t, _, body, orelse) => {
                target(t, bound);
                collect(body, bound, globals);
                collect(orelse, bound, globals);
            }
            StmtKind::If(_, a, b) | StmtKind::While(_, a, b) => {
                collect(a, bound, globals);
                collect(b, bound, globals);
            }
            StmtKind::With(items, body) => {
                items
                    .iter()
                    .filter_map(|i| i.target.as_ref())
                    .for_each(|t| target(t, bound));
                collect(body, bound, globals);
            }
            StmtKind::Try(t) => {
                bound.extend(
                    t.handlers
                        .iter()
                        .filter_map(|h| h.name.as_ref())
                        .map(|n| n.node.clone()),
                );
                for block in t.blocks() {
                    collect(block, bound, globals);
                }
            }
            StmtKind::FunctionDef(name, _, _) | StmtKind::ClassDef(name, _, _) => {
                bound.insert(name.node.clone());
            }
            StmtKind::Decorated(_, definition) => {
                collect(std::slice::from_ref(&**definition), bound, globals)
            }
            StmtKind::AnnAssign(t, _, _) => target(t, bound),
            StmtKind::Nonlocal(names) => bound.extend(names.iter().map(|n| n.node.clone())),
            StmtKind::Global(names) => globals.extend(names.iter().map(|n| n.node.clone())),
            StmtKind::Import(names) | StmtKind::ImportFrom(_, names) => {
                for ImportName { path, alias } in names {
                    let b = match &stmt.node {
                        StmtKind::Import(_) => alias.as_ref().or(path.first()),
                        _ => alias.as_ref().or(path.last()),
                    };
                    if let Some(b) = b {
                        bound.insert(b.node.clone());
                    }
                }
            }
            StmtKind::Del(targets) => targets.iter().for_each(|t| target(t, bound)),
            _ => {}
        }
    }
}

fn target(t: &Expr, bound: &mut HashSet<String>) {
    match &t.node {
        ExprKind::Name(n) => {
            bound.insert(n.clone());
        }
        ExprKind::Tuple(items) | ExprKind::List(items) => {
            items.iter().for_each(|i| target(i, bound))
        }
        ExprKind::Starred(inner) => target(inner, bound),
        _ => {}
    }
}
