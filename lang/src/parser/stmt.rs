//! Statements and blocks.
//!
//! A block is `Newline Indent stmt+ Dedent`, or the rest of the header's line
//! (`if x: y = 1`). Each statement recovers on its own: a statement that
//! fails to parse is skipped to the end of its line (and its indented block,
//! if any, is still parsed for errors), so every broken line is reported.

use chumsky::prelude::*;

use super::errors::custom;
use super::expr::{
    check_params, comma_list, expr_parsers, kw, op, skip_line, star_param, target_item,
    ExprParsers, ParamItem,
};
use super::{BoxedParser, Extra, Tokens};
use crate::ast::{
    BinOp, Block, Expr, ExprKind, Handler, Ident, ImportName, Param, Spanned, Stmt, StmtKind,
    TryStmt, WithItem,
};
use crate::lexer::Token;
use crate::span::Span;

/// The whole input: statements up to the end.
pub(super) fn file<'a>() -> impl Parser<'a, Tokens<'a>, Block, Extra<'a>> {
    let parsers = expr_parsers();
    let stmt = recursive(|stmt| statement(&parsers, stmt.boxed()));
    stmt.repeated()
        .collect::<Vec<Vec<Stmt>>>()
        .map(|v| v.concat())
        .then_ignore(end())
}

/// The right-hand side of an expression statement.
#[derive(Clone)]
enum Rhs {
    Ann(Expr, Option<Expr>),
    Aug(BinOp, Expr),
    Assign(Vec<Expr>),
}

/// One statement line (a compound statement, or simple statements joined by
/// `;`), with recovery. `stmt` is this parser itself, for nested blocks.
fn statement<'a>(
    p: &ExprParsers<'a>,
    stmt: BoxedParser<'a, Vec<Stmt>>,
) -> BoxedParser<'a, Vec<Stmt>> {
    let indented = just(Token::Indent)
        .ignore_then(stmt.clone().repeated().collect::<Vec<Vec<Stmt>>>())
        .then_ignore(just(Token::Dedent))
        .map(|v| v.concat())
        .boxed();
    let simple_line = simple_stmt(p)
        .separated_by(op(";"))
        .at_least(1)
        .allow_trailing()
        .collect::<Vec<Stmt>>()
        .then_ignore(just(Token::Newline))
        .boxed();
    // A missing indented block was already reported by the lexer.
    let suite = choice((
        just(Token::Newline)
            .ignore_then(indented.clone().or_not())
            .map(Option::unwrap_or_default),
        simple_line.clone(),
    ))
    .boxed();

    let compound = compound_stmt(p, suite, indented.clone()).map(|s| vec![s]);
    let recovery = skip_line(false)
        .then(just(Token::Newline))
        .ignore_then(indented.or_not())
        .to(Vec::new());
    choice((compound, simple_line))
        .recover_with(via_parser(recovery))
        .boxed()
}

/// `if`, `while`, `for`, `def` and the unsupported compound statements.
fn compound_stmt<'a>(
    p: &ExprParsers<'a>,
    suite: BoxedParser<'a, Block>,
    indented: BoxedParser<'a, Block>,
) -> impl Parser<'a, Tokens<'a>, Stmt, Extra<'a>> + Clone {
    let colon = op(":");
    // A condition, with a hint for `if x = 1:`.
    let cond = p
        .test
        .clone()
        .then(
            op("=")
                .map_with(|_, e| e.span())
                .then(p.test.clone())
                .or_not(),
        )
        .validate(|(cond, eq), _, emitter| {
            if let Some((span, _)) = eq {
                emitter.emit(custom(
                    span,
                    "invalid syntax. Maybe you meant '==' instead of '='?",
                    Some("did you mean `==`?"),
                ));
            }
            cond
        })
        .boxed();
    let else_clause = kw("else")
        .ignore_then(colon.clone())
        .ignore_then(suite.clone())
        .or_not();

    let elif = kw("elif")
        .map_with(|_, e| e.span())
        .then(cond.clone())
        .then_ignore(colon.clone())
        .then(suite.clone());
    let if_ = kw("if")
        .map_with(|_, e| e.span())
        .then(cond.clone())
        .then_ignore(colon.clone())
        .then(suite.clone())
        .then(elif.repeated().collect::<Vec<_>>())
        .then(else_clause.clone())
        .map(|((((start, cond), body), elifs), orelse)| {
            let mut tail = orelse.unwrap_or_default();
            for ((elif_span, elif_cond), elif_body) in elifs.into_iter().rev() {
                let span = block_span(elif_span, &[&elif_body, &tail]);
                tail = vec![Spanned::new(StmtKind::If(elif_cond, elif_body, tail), span)];
            }
            let span = block_span(start, &[&body, &tail]);
            Spanned::new(StmtKind::If(cond, body, tail), span)
        })
        .labelled("if statement")
        .as_context();

    let while_ = kw("while")
        .map_with(|_, e| e.span())
        .then(cond)
        .then_ignore(colon.clone())
        .then(suite.clone())
        .then(else_clause.clone())
        .map(|(((start, cond), body), orelse)| {
            let orelse = orelse.unwrap_or_default();
            let span = block_span(start, &[&body, &orelse]);
            Spanned::new(StmtKind::While(cond, body, orelse), span)
        })
        .labelled("while statement")
        .as_context();

    let target = comma_list(target_item(p.bitor.clone())).validate(|target, _, emitter| {
        if let Some((span, what)) = target_error(&target) {
            emitter.emit(custom(span, &format!("cannot assign to {what}"), None));
        }
        target
    });
    let for_ = kw("for")
        .map_with(|_, e| e.span())
        .then(target)
        .then_ignore(kw("in"))
        .then(p.testlist.clone())
        .then_ignore(colon.clone())
        .then(suite.clone())
        .then(else_clause)
        .map(|((((start, target), iter), body), orelse)| {
            let orelse = orelse.unwrap_or_default();
            let span = block_span(start, &[&body, &orelse]);
            Spanned::new(StmtKind::For(target, iter, body, orelse), span)
        })
        .labelled("for statement")
        .as_context();

    // A return annotation is parsed and dropped: xpush does not evaluate
    // annotations (see `AnnAssign`).
    let def = kw("def")
        .map_with(|_, e| e.span())
        .then(p.name.clone())
        .then(parameters(p).delimited_by(op("("), op(")")))
        .then_ignore(op("->").then(p.test.clone()).or_not())
        .then_ignore(colon.clone())
        .then(suite.clone())
        .map(|(((start, name), params), body)| {
            let span = block_span(start, &[&body]);
            Spanned::new(StmtKind::FunctionDef(name, params, body), span)
        })
        .labelled("function definition")
        .as_context()
        .boxed();

    let class = kw("class")
        .map_with(|_, e| e.span())
        .then(p.name.clone())
        .then(p.arguments.clone().delimited_by(op("("), op(")")).or_not())
        .then_ignore(colon.clone())
        .then(suite.clone())
        .map(|(((start, name), bases), body)| {
            let span = block_span(start, &[&body]);
            Spanned::new(
                StmtKind::ClassDef(name, bases.unwrap_or_default(), body),
                span,
            )
        })
        .labelled("class definition")
        .as_context()
        .boxed();

    // `@expr NEWLINE` lines, then the definition they decorate.
    let decorated = op("@")
        .ignore_then(p.test.clone())
        .then_ignore(just(Token::Newline))
        .repeated()
        .at_least(1)
        .collect::<Vec<_>>()
        .then(choice((def.clone(), class.clone())))
        .map_with(|(decorators, definition), e| {
            Spanned::new(
                StmtKind::Decorated(decorators, Box::new(definition)),
                e.span(),
            )
        })
        .labelled("decorated definition");

    // Unsupported compound statements: the header line is skipped, the body
    // is still parsed (for its own errors), and one error names the feature.
    let header = |keyword: &'static str| {
        kw(keyword)
            .map_with(|_, e| e.span())
            .then_ignore(skip_line(false))
            .then_ignore(just(Token::Newline))
            .then_ignore(indented.clone().or_not())
    };
    let unsupported = header("async")
        .map(|s| (s, "async is not supported yet"))
        .validate(|(span, message), _, emitter| {
            emitter.emit(custom(span, message, None));
            Spanned::new(StmtKind::Pass, span)
        });

    let try_ = try_stmt(p, suite.clone());
    let with = with_stmt(p, suite.clone());
    choice((
        if_,
        while_,
        for_,
        def,
        class,
        decorated,
        try_,
        with,
        unsupported,
    ))
}

/// `with a as x, b as (y, z):`, also with the items in parentheses.
fn with_stmt<'a>(
    p: &ExprParsers<'a>,
    suite: BoxedParser<'a, Block>,
) -> impl Parser<'a, Tokens<'a>, Stmt, Extra<'a>> + Clone {
    let target = target_item(p.bitor.clone()).validate(|target, _, emitter| {
        if let Some((span, what)) = target_error(&target) {
            emitter.emit(custom(span, &format!("cannot assign to {what}"), None));
        }
        target
    });
    let item = p
        .test
        .clone()
        .then(kw("as").ignore_then(target).or_not())
        .map(|(ctx, target)| WithItem { ctx, target });
    let items = item
        .clone()
        .separated_by(op(","))
        .at_least(1)
        .collect::<Vec<_>>();
    let parenthesized = items
        .clone()
        .then_ignore(op(",").or_not())
        .delimited_by(op("("), op(")"));
    kw("with")
        .map_with(|_, e| e.span())
        // `with (a, b) as t:` is one item, a tuple: the parenthesised
        // form holds only if the colon follows it.
        .then(choice((
            parenthesized.then_ignore(op(":")),
            items.then_ignore(op(":")),
        )))
        .then(suite)
        .map(|((start, items), body)| {
            let span = block_span(start, &[&body]);
            Spanned::new(StmtKind::With(items, body), span)
        })
        .labelled("with statement")
        .as_context()
}

/// `try:` with `except` handlers, `else:` and `finally:`, and CPython's
/// checks: at least one handler or a `finally`, a bare `except:` last,
/// several classes parenthesised.
fn try_stmt<'a>(
    p: &ExprParsers<'a>,
    suite: BoxedParser<'a, Block>,
) -> impl Parser<'a, Tokens<'a>, Stmt, Extra<'a>> + Clone {
    let colon = op(":");
    // `except A, B:` is Python 2's form: CPython names the fix.
    let types = p
        .test
        .clone()
        .then(
            op(",")
                .map_with(|_, e| e.span())
                .then_ignore(p.test.clone().separated_by(op(",")).at_least(1))
                .or_not(),
        )
        .validate(|(typ, comma), _, emitter| {
            if let Some(span) = comma {
                emitter.emit(custom(
                    span,
                    "multiple exception types must be parenthesized",
                    None,
                ));
            }
            typ
        });
    let handler = kw("except")
        .map_with(|_, e| e.span())
        .then(
            types
                .then(kw("as").ignore_then(p.name.clone()).or_not())
                .or_not(),
        )
        .then_ignore(colon.clone())
        .then(suite.clone())
        .map(|((span, typ), body)| {
            let (typ, name) = match typ {
                Some((t, n)) => (Some(t), n),
                None => (None, None),
            };
            Handler {
                typ,
                name,
                body,
                span,
            }
        });
    let clause = |keyword: &'static str| {
        kw(keyword)
            .map_with(|_, e| e.span())
            .then_ignore(colon.clone())
            .then(suite.clone())
            .or_not()
    };
    kw("try")
        .map_with(|_, e| e.span())
        .then_ignore(colon.clone())
        .then(suite.clone())
        .then(handler.repeated().collect::<Vec<_>>())
        .then(clause("else"))
        .then(clause("finally"))
        .validate(
            |((((start, body), handlers), orelse), finalbody), _, emitter| {
                if handlers.is_empty() && finalbody.is_none() {
                    // Where CPython points: the `else`, or just after the body.
                    let end = block_span(start, &[&body]).end;
                    let after = Span {
                        start: end,
                        end,
                        ..start
                    };
                    let at = orelse.as_ref().map_or(after, |(s, _)| *s);
                    emitter.emit(custom(at, "expected 'except' or 'finally' block", None));
                }
                if let Some(h) = handlers.iter().rev().skip(1).find(|h| h.typ.is_none()) {
                    emitter.emit(custom(h.span, "default 'except:' must be last", None));
                }
                let orelse = orelse.map(|(_, b)| b).unwrap_or_default();
                let finalbody = finalbody.map(|(_, b)| b).unwrap_or_default();
                let mut blocks: Vec<&Block> = vec![&body];
                blocks.extend(handlers.iter().map(|h| &h.body));
                blocks.push(&orelse);
                blocks.push(&finalbody);
                let span = block_span(start, &blocks);
                let t = TryStmt {
                    body,
                    handlers,
                    orelse,
                    finalbody,
                };
                Spanned::new(StmtKind::Try(Box::new(t)), span)
            },
        )
        .labelled("try statement")
        .as_context()
}

/// `a, b=1` in a `def`, with Python's checks.
fn parameters<'a>(
    p: &ExprParsers<'a>,
) -> impl Parser<'a, Tokens<'a>, Vec<Param>, Extra<'a>> + Clone {
    // Annotations are parsed and dropped (see `AnnAssign`).
    let annotation = op(":").then(p.test.clone()).or_not();
    let param = p
        .name
        .clone()
        .then_ignore(annotation.clone())
        .then(op("=").ignore_then(p.test.clone()).or_not())
        .map(|(name, default)| ParamItem::Named(name, default));
    let star = star_param(p.name.clone()).then_ignore(annotation);
    choice((star, param))
        .separated_by(op(","))
        .allow_trailing()
        .collect::<Vec<_>>()
        .validate(|items: Vec<ParamItem>, _, emitter| check_params(items, emitter))
}

/// One simple statement (the parts of a line separated by `;`).
fn simple_stmt<'a>(p: &ExprParsers<'a>) -> impl Parser<'a, Tokens<'a>, Stmt, Extra<'a>> + Clone {
    let name = p.name.clone();
    let names = name
        .clone()
        .separated_by(op(","))
        .at_least(1)
        .collect::<Vec<Ident>>();
    let dotted = name
        .clone()
        .separated_by(op("."))
        .at_least(1)
        .collect::<Vec<Ident>>();
    let alias = kw("as").ignore_then(name.clone()).or_not();

    let meta = select_ref! { Token::Meta(m) => StmtKind::Meta(m.clone()) };
    let keyword = select_ref! {
        Token::Kw("pass") => StmtKind::Pass,
        Token::Kw("break") => StmtKind::Break,
        Token::Kw("continue") => StmtKind::Continue,
    };
    let return_ = kw("return")
        .ignore_then(p.testlist.clone().or_not())
        .map(StmtKind::Return);
    let global = kw("global")
        .ignore_then(names.clone())
        .map(StmtKind::Global);
    let nonlocal = kw("nonlocal").ignore_then(names).map(StmtKind::Nonlocal);
    let del = kw("del")
        .ignore_then(
            p.test
                .clone()
                .separated_by(op(","))
                .at_least(1)
                .allow_trailing()
                .collect::<Vec<_>>(),
        )
        .validate(|targets, _, emitter| {
            for target in &targets {
                if let Some((span, what)) = target_error(target) {
                    emitter.emit(custom(span, &format!("cannot delete {what}"), None));
                }
            }
            StmtKind::Del(targets)
        });
    let assert = kw("assert")
        .ignore_then(p.test.clone())
        .then(op(",").ignore_then(p.test.clone()).or_not())
        .map(|(test, msg)| StmtKind::Assert(test, msg));

    let import_name = dotted
        .clone()
        .then(alias.clone())
        .map(|(path, alias)| ImportName { path, alias });
    let import = kw("import")
        .ignore_then(
            import_name
                .separated_by(op(","))
                .at_least(1)
                .collect::<Vec<_>>(),
        )
        .map(StmtKind::Import);
    let from_name = name.clone().then(alias).map(|(n, alias)| ImportName {
        path: vec![n],
        alias,
    });
    let from_names = from_name
        .separated_by(op(","))
        .at_least(1)
        .collect::<Vec<_>>();
    let from = kw("from")
        .ignore_then(dotted)
        .then_ignore(kw("import"))
        .then(choice((
            from_names
                .clone()
                .then_ignore(op(",").or_not())
                .delimited_by(op("("), op(")")),
            from_names,
            op("*").validate(|_, e, emitter| {
                emitter.emit(custom(
                    e.span(),
                    "`from ... import *` is not supported",
                    None,
                ));
                Vec::new()
            }),
        )))
        .map(|(module, names)| StmtKind::ImportFrom(module, names));

    let raise = kw("raise")
        .ignore_then(
            p.test
                .clone()
                .then(kw("from").ignore_then(p.test.clone()).or_not())
                .or_not(),
        )
        .map(|exc| match exc {
            Some((exc, cause)) => StmtKind::Raise(Some(exc), cause),
            None => StmtKind::Raise(None, None),
        });

    choice((
        meta,
        keyword,
        return_,
        global,
        nonlocal,
        del,
        assert,
        import,
        from,
        raise,
        expr_stmt(p),
    ))
    .map_with(|kind, e| Spanned::new(kind, e.span()))
}

/// An expression, assignment (`a = b = 1`, `a, b = b, a`) or augmented assignment.
fn expr_stmt<'a>(p: &ExprParsers<'a>) -> impl Parser<'a, Tokens<'a>, StmtKind, Extra<'a>> + Clone {
    let aug_op = select_ref! {
        Token::Op("+=") => BinOp::Add,
        Token::Op("-=") => BinOp::Sub,
        Token::Op("*=") => BinOp::Mul,
        Token::Op("/=") => BinOp::Div,
        Token::Op("//=") => BinOp::FloorDiv,
        Token::Op("%=") => BinOp::Mod,
        Token::Op("**=") => BinOp::Pow,
        Token::Op("@=") => BinOp::MatMul,
        Token::Op("&=") => BinOp::BitAnd,
        Token::Op("|=") => BinOp::BitOr,
        Token::Op("^=") => BinOp::BitXor,
        Token::Op("<<=") => BinOp::LShift,
        Token::Op(">>=") => BinOp::RShift,
    };
    let rhs = choice((
        op(":")
            .ignore_then(p.test.clone())
            .then(op("=").ignore_then(p.testlist.clone()).or_not())
            .map(|(annotation, value)| Rhs::Ann(annotation, value)),
        aug_op
            .then(p.testlist.clone())
            .map(|(op, value)| Rhs::Aug(op, value)),
        op("=")
            .ignore_then(p.testlist.clone())
            .repeated()
            .at_least(1)
            .collect::<Vec<_>>()
            .map(Rhs::Assign),
    ));
    p.testlist
        .clone()
        .then(rhs.or_not())
        .validate(|(first, rhs), _, emitter| match rhs {
            None => StmtKind::Expr(first),
            Some(Rhs::Ann(annotation, value)) => {
                if let Some(what) = not_single_target(&first) {
                    let message = format!("only single target (not {what}) can be annotated");
                    emitter.emit(custom(first.span, &message, None));
                }
                StmtKind::AnnAssign(first, annotation, value)
            }
            Some(Rhs::Aug(op, value)) => {
                if let Some(what) = not_single_target(&first) {
                    let message =
                        format!("'{what}' is an illegal expression for augmented assignment");
                    emitter.emit(custom(first.span, &message, None));
                }
                StmtKind::AugAssign(first, op, value)
            }
            Some(Rhs::Assign(mut values)) => {
                let value = values.pop().unwrap_or_else(|| first.clone());
                let mut targets = vec![first];
                targets.extend(values);
                for target in &targets {
                    if let Some((span, what)) = target_error(target) {
                        let help = (what != "function call").then_some("did you mean `==`?");
                        emitter.emit(custom(span, &format!("cannot assign to {what}"), help));
                    }
                    if let ExprKind::Tuple(items) | ExprKind::List(items) = &target.node {
                        let mut starred = items
                            .iter()
                            .filter(|i| matches!(i.node, ExprKind::Starred(_)));
                        if let Some(second) = starred.nth(1) {
                            let message = "multiple starred expressions in assignment";
                            emitter.emit(custom(second.span, message, None));
                        }
                    }
                }
                StmtKind::Assign(targets, value)
            }
        })
}

/// What a target that must be one name, attribute or subscript (of an
/// augmented or annotated assignment) is instead, in CPython's words.
fn not_single_target(target: &Expr) -> Option<&'static str> {
    match &target.node {
        ExprKind::Name(_) | ExprKind::Attribute(..) | ExprKind::Subscript(..) => None,
        ExprKind::Tuple(_) => Some("tuple"),
        ExprKind::List(_) => Some("list"),
        _ => target_error(target).map(|(_, what)| what),
    }
}

/// Why `target` cannot be assigned to or deleted: the offending part and
/// Python's name for it (`literal`, `function call`, ...).
pub(super) fn target_error(target: &Expr) -> Option<(Span, &'static str)> {
    let what = match &target.node {
        ExprKind::Name(_) | ExprKind::Attribute(..) | ExprKind::Subscript(..) => return None,
        ExprKind::Tuple(items) | ExprKind::List(items) => {
            return items.iter().find_map(target_error)
        }
        ExprKind::Starred(inner) => return target_error(inner),
        ExprKind::Dict(_) => "dict literal",
        ExprKind::FString(_) => "f-string expression",
        ExprKind::NamedExpr(..) => "named expression",
        ExprKind::Set(_) => "set display",
        ExprKind::ListComp(..) => "list comprehension",
        ExprKind::SetComp(..) => "set comprehension",
        ExprKind::DictComp(..) => "dict comprehension",
        ExprKind::GeneratorExp(..) => "generator expression",
        ExprKind::Int(_)
        | ExprKind::Float(_)
        | ExprKind::Imag(_)
        | ExprKind::Str(_)
        | ExprKind::Bytes(_) => "literal",
        ExprKind::Bool(true) => "True",
        ExprKind::Bool(false) => "False",
        ExprKind::None => "None",
        ExprKind::Ellipsis => "ellipsis",
        ExprKind::Call(..) => "function call",
        ExprKind::Compare(..) => "comparison",
        ExprKind::IfExp { .. } => "conditional expression",
        ExprKind::Lambda(..) => "lambda",
        ExprKind::Yield(_) | ExprKind::YieldFrom(_) => "yield expression",
        ExprKind::BoolOp(..) | ExprKind::Binary(..) | ExprKind::Unary(..) | ExprKind::Slice(..) => {
            "expression"
        }
    };
    Some((target.span, what))
}

/// The error of a comprehension's `for` target that cannot be assigned.
pub(super) fn invalid_target<'a>(target: &Expr) -> Option<chumsky::error::Rich<'a, Token, Span>> {
    target_error(target).map(|(span, what)| custom(span, &format!("cannot assign to {what}"), None))
}

/// The span of a compound statement: from its keyword to the end of its
/// last non-empty block (so it does not run into the next line's Dedent).
fn block_span(start: Span, blocks: &[&Block]) -> Span {
    blocks
        .iter()
        .filter_map(|b| b.last())
        .fold(start, |span, last| Span {
            end: span.end.max(last.span.end),
            ..span
        })
}
