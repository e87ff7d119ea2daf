//! The checks CPython's compiler makes after parsing, on where a statement
//! may stand: `return` only in a function, `break` and `continue` only in
//! a loop (of the same function), `nonlocal` only in a nested function and
//! only for a name an enclosing function binds.

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

fn statements(block: &Block, place: Place, scopes: &mut Vec<Scope>, out: &mut Vec<Diagnostic>) {
    for stmt in block {
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

fn collect(block: &Block, bound: &mut HashSet<String>, globals: &mut HashSet<String>) {
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
            StmtKind::FunctionDef(name, _, _) => {
                bound.insert(name.node.clone());
            }
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
