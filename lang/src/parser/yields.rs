//! Lets a `yield` stand anywhere inside a statement's expressions.
//!
//! The interpreter suspends a generator only at a `yield` statement
//! (`yield x`, `t = yield x`, `t += yield x`, `yield from xs`): its
//! evaluator recurses in Rust and cannot stop halfway through an
//! expression. So before anything else sees the tree, each statement of a
//! function body whose expressions hold a `yield` elsewhere is rewritten
//! into statements that compute the same thing in the same order, each
//! `yield` its own statement binding a temporary:
//!
//! ```text
//! y = f(a, (yield x)) + 1      .y0 = f
//!                              .y1 = a
//!                              .y2 = yield x
//!                              y = .y0(.y1, .y2) + 1
//! ```
//!
//! Everything evaluated before a `yield` (in Python's left-to-right
//! order) is stored first, so it is evaluated before the generator
//! suspends, as in CPython; `and`, `or`, `x if c else y` and comparison
//! chains become `if` statements, so a `yield` on the side not taken
//! never runs; a `while` whose condition yields evaluates it at the top
//! of each turn. The temporaries' names start with a dot, which no Python
//! name can, so they never meet the user's.
//!
//! A `yield` in a lambda, a comprehension, an assignment target, a
//! decorator or default, an `except` clause, an `assert` message or the
//! condition of a `while` with an `else` is left where it is, for the
//! checks in `context.rs` to report.

use crate::ast::{
    Arg, Block, BoolOp, CmpOp, DictItem, Expr, ExprKind, FPart, Stmt, StmtKind, UnaryOp, WithItem,
};
use crate::span::Span;

/// Rewrites the function bodies in `block` (and in the classes and
/// functions nested in them).
pub(crate) fn hoist(block: &mut Block) {
    walk(block, None);
}

/// Fresh temporary names for one function body.
#[derive(Default)]
struct Temps(usize);

impl Temps {
    fn fresh(&mut self) -> String {
        self.0 += 1;
        format!(".y{}", self.0 - 1)
    }
}

/// Rewrites each statement of `block`; `temps` is the enclosing
/// function's (`None` outside any function, where a `yield` is an error).
fn walk(block: &mut Block, mut temps: Option<&mut Temps>) {
    let old = std::mem::take(block);
    for mut stmt in old {
        split_with(&mut stmt);
        nested_blocks(&mut stmt, temps.as_deref_mut());
        match temps.as_deref_mut() {
            Some(t) => rewrite(stmt, t, block),
            None => block.push(stmt),
        }
    }
}

/// `with a, b:` where a later manager's expression yields is `with a:
/// with b:` (the same thing in Python), so the yield can go inside.
fn split_with(stmt: &mut Stmt) {
    let StmtKind::With(items, body) = &mut stmt.node else {
        return;
    };
    if items.len() < 2 || !items[1..].iter().any(|i| has_yield(&i.ctx)) {
        return;
    }
    let rest: Vec<WithItem> = items.drain(1..).collect();
    let inner = Stmt::new(StmtKind::With(rest, std::mem::take(body)), stmt.span);
    *body = vec![inner];
}

/// Walks the blocks inside `stmt`: a `def` starts its own temporaries, a
/// class body is no function.
fn nested_blocks(stmt: &mut Stmt, mut temps: Option<&mut Temps>) {
    match &mut stmt.node {
        StmtKind::FunctionDef(_, _, body) => walk(body, Some(&mut Temps::default())),
        StmtKind::ClassDef(_, _, body) => walk(body, None),
        StmtKind::Decorated(_, inner) => nested_blocks(inner, temps),
        StmtKind::If(_, a, b) | StmtKind::While(_, a, b) | StmtKind::For(_, _, a, b) => {
            walk(a, temps.as_deref_mut());
            walk(b, temps);
        }
        StmtKind::With(_, body) => walk(body, temps),
        StmtKind::Try(t) => {
            walk(&mut t.body, temps.as_deref_mut());
            for h in &mut t.handlers {
                walk(&mut h.body, temps.as_deref_mut());
            }
            walk(&mut t.orelse, temps.as_deref_mut());
            walk(&mut t.finalbody, temps);
        }
        _ => {}
    }
}

/// Whether `e` holds a `yield` this rewrite reaches (not one inside a
/// lambda's body or a comprehension past its first iterable, which run
/// as functions of their own).
fn has_yield(e: &Expr) -> bool {
    match &e.node {
        ExprKind::Yield(_) | ExprKind::YieldFrom(_) => true,
        ExprKind::ListComp(_, clauses)
        | ExprKind::SetComp(_, clauses)
        | ExprKind::DictComp(_, _, clauses)
        | ExprKind::GeneratorExp(_, clauses) => clauses.first().is_some_and(|c| has_yield(&c.iter)),
        ExprKind::Lambda(params, _) => params
            .iter()
            .filter_map(|p| p.default.as_ref())
            .any(has_yield),
        _ => e.children().into_iter().any(has_yield),
    }
}

/// Appends `stmt`, preceded by what it needs computed first, to `out`.
fn rewrite(mut stmt: Stmt, temps: &mut Temps, out: &mut Block) {
    let mut pre = Vec::new();
    let span = stmt.span;
    match &mut stmt.node {
        StmtKind::Expr(e) | StmtKind::AugAssign(_, _, e) => operand(e, temps, &mut pre),
        StmtKind::Assign(targets, v) if targets.len() == 1 => operand(v, temps, &mut pre),
        StmtKind::Assign(_, v) | StmtKind::AnnAssign(_, _, Some(v)) | StmtKind::Return(Some(v)) => {
            lin(v, false, temps, &mut pre)
        }
        StmtKind::If(c, ..) | StmtKind::For(_, c, ..) | StmtKind::Assert(c, None) => {
            lin(c, false, temps, &mut pre)
        }
        StmtKind::Assert(c, Some(msg)) if !has_yield(msg) => lin(c, false, temps, &mut pre),
        StmtKind::Raise(exc, cause) => {
            let later = cause.as_ref().is_some_and(has_yield);
            if let Some(e) = exc {
                lin(e, later, temps, &mut pre);
            }
            if let Some(c) = cause {
                lin(c, false, temps, &mut pre);
            }
        }
        StmtKind::With(items, _) => {
            if let Some(first) = items.first_mut() {
                lin(&mut first.ctx, false, temps, &mut pre);
            }
        }
        StmtKind::While(c, body, orelse) if orelse.is_empty() && has_yield(c) => {
            // `while c: body` is `while True: if not c: break; body`, the
            // condition's statements at the top of each turn.
            let mut top = Vec::new();
            lin(c, false, temps, &mut top);
            let cond = std::mem::replace(c, Expr::new(ExprKind::Bool(true), c.span));
            let not = Expr::new(ExprKind::Unary(UnaryOp::Not, Box::new(cond)), c.span);
            let brk = Stmt::new(StmtKind::Break, span);
            top.push(Stmt::new(StmtKind::If(not, vec![brk], Vec::new()), span));
            top.append(body);
            *body = top;
        }
        _ => {}
    }
    out.append(&mut pre);
    out.push(stmt);
}

/// The value of a statement that may itself be a `yield` (`yield e`,
/// `t = yield e`): its operand is rewritten, the `yield` stays.
fn operand(e: &mut Expr, temps: &mut Temps, pre: &mut Block) {
    match &mut e.node {
        ExprKind::Yield(Some(v)) | ExprKind::YieldFrom(v) => lin(v, false, temps, pre),
        ExprKind::Yield(None) => {}
        _ => lin(e, false, temps, pre),
    }
}

/// `name = value` at `span`.
fn assign(name: &str, value: Expr, span: Span) -> Stmt {
    let target = Expr::new(ExprKind::Name(name.to_string()), span);
    Stmt::new(StmtKind::Assign(vec![target], value), span)
}

/// Replaces `e` by a fresh temporary, computed first into `pre`.
fn spill(e: &mut Expr, temps: &mut Temps, pre: &mut Block) {
    let name = temps.fresh();
    let span = e.span;
    let value = std::mem::replace(e, Expr::new(ExprKind::Name(name.clone()), span));
    pre.push(assign(&name, value, span));
}

/// Rewrites `e` so that, after the statements pushed to `pre`, it holds
/// no `yield` and computes what it did. `early`: something after `e`
/// yields, so `e` itself must be evaluated into `pre` before that.
fn lin(e: &mut Expr, early: bool, temps: &mut Temps, pre: &mut Block) {
    if !has_yield(e) {
        if early && !e.is_literal() {
            spill(e, temps, pre);
        }
        return;
    }
    let span = e.span;
    match &mut e.node {
        ExprKind::Yield(_) | ExprKind::YieldFrom(_) => {
            operand(e, temps, pre);
            spill(e, temps, pre);
            return;
        }
        ExprKind::BoolOp(op, a, b) => {
            // `a and b`: `t = a; if t: t = b` (`if not t` for `or`).
            lin(a, false, temps, pre);
            let t = temps.fresh();
            pre.push(assign(&t, (**a).clone(), span));
            let mut then = Vec::new();
            lin(b, false, temps, &mut then);
            then.push(assign(&t, (**b).clone(), span));
            let name = Expr::new(ExprKind::Name(t.clone()), span);
            let cond = match op {
                BoolOp::And => name,
                BoolOp::Or => Expr::new(ExprKind::Unary(UnaryOp::Not, Box::new(name)), span),
            };
            pre.push(Stmt::new(StmtKind::If(cond, then, Vec::new()), span));
            *e = Expr::new(ExprKind::Name(t), span);
        }
        ExprKind::IfExp { cond, body, orelse } => {
            lin(cond, false, temps, pre);
            let t = temps.fresh();
            let mut yes = Vec::new();
            lin(body, false, temps, &mut yes);
            yes.push(assign(&t, (**body).clone(), span));
            let mut no = Vec::new();
            lin(orelse, false, temps, &mut no);
            no.push(assign(&t, (**orelse).clone(), span));
            pre.push(Stmt::new(StmtKind::If((**cond).clone(), yes, no), span));
            *e = Expr::new(ExprKind::Name(t), span);
        }
        ExprKind::Compare(first, rest) => {
            lin(first, true, temps, pre);
            let t = temps.fresh();
            let rest = std::mem::take(rest);
            chain(&t, (**first).clone(), rest, temps, pre, span);
            *e = Expr::new(ExprKind::Name(t), span);
        }
        _ => {
            let mut kids = children_mut(e);
            let yields: Vec<bool> = kids.iter().map(|k| has_yield(k)).collect();
            for (i, kid) in kids.iter_mut().enumerate() {
                let later = yields[i + 1..].iter().any(|&y| y);
                lin(kid, later, temps, pre);
            }
        }
    }
    if early {
        spill(e, temps, pre);
    }
}

/// `left op right ...` of a comparison chain into `t`: `t = left < b;
/// if t: t = b < c`, each operand evaluated once and the chain stopping
/// at the first false, as Python's does.
fn chain(
    t: &str,
    left: Expr,
    mut rest: Vec<(CmpOp, Expr)>,
    temps: &mut Temps,
    pre: &mut Block,
    span: Span,
) {
    if rest.is_empty() {
        return;
    }
    let (op, mut right) = rest.remove(0);
    // A middle operand is read twice: computed once, first.
    lin(&mut right, !rest.is_empty(), temps, pre);
    let cmp = ExprKind::Compare(Box::new(left), vec![(op, right.clone())]);
    pre.push(assign(t, Expr::new(cmp, span), span));
    if !rest.is_empty() {
        let mut then = Vec::new();
        chain(t, right, rest, temps, &mut then, span);
        let cond = Expr::new(ExprKind::Name(t.to_string()), span);
        pre.push(Stmt::new(StmtKind::If(cond, then, Vec::new()), span));
    }
}

/// The expressions directly inside `e`, mutable, in the order Python
/// evaluates them (none for a lambda or a comprehension).
fn children_mut(e: &mut Expr) -> Vec<&mut Expr> {
    let mut out: Vec<&mut Expr> = Vec::new();
    match &mut e.node {
        ExprKind::List(items) | ExprKind::Tuple(items) | ExprKind::Set(items) => {
            out.extend(items.iter_mut())
        }
        ExprKind::Unary(_, a)
        | ExprKind::Attribute(a, _)
        | ExprKind::Starred(a)
        | ExprKind::NamedExpr(_, a) => out.push(a),
        ExprKind::Binary(_, a, b) | ExprKind::Subscript(a, b) => {
            out.push(a);
            out.push(b);
        }
        ExprKind::Call(f, args) => {
            out.push(f);
            out.extend(args.iter_mut().map(|a| match a {
                Arg::Positional(e) | Arg::Keyword(_, e) | Arg::Star(e) | Arg::DoubleStar(e) => e,
            }));
        }
        ExprKind::Slice(a, b, c) => out.extend([a, b, c].into_iter().flatten().map(|e| &mut **e)),
        ExprKind::FString(parts) => fstring_children(parts, &mut out),
        // Only the first iterable of a comprehension is evaluated here
        // (the rest run in its own scope), and a lambda's defaults.
        ExprKind::ListComp(_, clauses)
        | ExprKind::SetComp(_, clauses)
        | ExprKind::DictComp(_, _, clauses)
        | ExprKind::GeneratorExp(_, clauses) => {
            out.extend(clauses.first_mut().map(|c| &mut c.iter))
        }
        ExprKind::Lambda(params, _) => {
            out.extend(params.iter_mut().filter_map(|p| p.default.as_mut()))
        }
        ExprKind::Dict(items) => {
            for item in items {
                match item {
                    DictItem::Pair(k, v) => {
                        out.push(k);
                        out.push(v);
                    }
                    DictItem::Unpack(m) => out.push(m),
                }
            }
        }
        _ => {}
    }
    out
}

fn fstring_children<'a>(parts: &'a mut [FPart], out: &mut Vec<&'a mut Expr>) {
    for part in parts {
        if let FPart::Field(f) = part {
            out.push(&mut f.value);
            fstring_children(&mut f.spec, out);
        }
    }
}
