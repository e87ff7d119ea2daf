//! Expressions, with Python's precedence (lowest first):
//!
//! | level | operators | built by |
//! |---|---|---|
//! | conditional | `x if c else y` (right-assoc) | [`expr_parsers`] |
//! | boolean | `or`, then `and`, then prefix `not` | folds |
//! | comparison | `in, not in, is, is not, <, <=, >, >=, !=, ==` (chained) | [`ExprKind::Compare`] |
//! | bitwise / arithmetic | `\|`, `^`, `&`, `<< >>`, `+ -`, `* @ / // %` | pratt, left-assoc |
//! | unary | `+x -x ~x` | pratt prefix |
//! | power | `**` (right-assoc, above unary on its left: `-2**2 == -(2**2)`) | pratt |
//! | primary | calls, attributes, subscripts | fold |
//!
//! `lambda` sits at the conditional's level, as Python's `test: or_test
//! ['if' or_test 'else' test] | lambdef`: its body is a full expression.
//!
//! Features that are not supported yet (comprehensions, dicts, `yield`,
//! `await`, `:=`) are parsed far enough to say so.

use chumsky::pratt::{infix, left, prefix, right};
use chumsky::prelude::*;

use super::errors::custom;
use super::{BoxedParser, Extra, Tokens};
use crate::ast::{
    Arg, BinOp, BoolOp, CmpOp, Expr, ExprKind, Ident, Param, Spanned, StmtKind, UnaryOp,
};
use crate::lexer::Token;
use crate::span::Span;

/// The expression parsers the statement parser needs.
pub(super) struct ExprParsers<'a> {
    /// A full expression (Python's `test`): conditional, boolean, ...
    pub test: BoxedParser<'a, Expr>,
    /// A bitwise-or expression, without comparisons (Python's `expr`), for
    /// `for` targets, where `in` must not be read as an operator.
    pub bitor: BoxedParser<'a, Expr>,
    /// `test, test, ...`: a tuple when there is a comma, else the expression.
    pub testlist: BoxedParser<'a, Expr>,
    /// An identifier with its span.
    pub name: BoxedParser<'a, Ident>,
}

/// Matches one operator or delimiter token.
pub(super) fn op<'a>(s: &'static str) -> impl Parser<'a, Tokens<'a>, Token, Extra<'a>> + Clone {
    debug_assert!(crate::lexer::OPERATORS.contains(&s), "unknown operator {s}");
    just(Token::Op(s))
}

/// Matches one keyword token.
pub(super) fn kw<'a>(s: &'static str) -> impl Parser<'a, Tokens<'a>, Token, Extra<'a>> + Clone {
    debug_assert!(crate::lexer::KEYWORDS.contains(&s), "unknown keyword {s}");
    just(Token::Kw(s))
}

/// Skips the tokens of the rest of a bracketed group (up to, not including,
/// its closing bracket), nested groups included.
pub(super) fn skip_group<'a>() -> impl Parser<'a, Tokens<'a>, (), Extra<'a>> + Clone {
    skip_items(false)
}

/// Skips tokens to the end of the line (not including the Newline),
/// nested groups included. With `stop_at_semicolon`, stops at a `;` too.
pub(super) fn skip_line<'a>(
    stop_at_semicolon: bool,
) -> impl Parser<'a, Tokens<'a>, (), Extra<'a>> + Clone {
    skip_items(stop_at_semicolon)
}

fn skip_items<'a>(stop_at_semicolon: bool) -> impl Parser<'a, Tokens<'a>, (), Extra<'a>> + Clone {
    let stops = [
        Token::Op("("),
        Token::Op(")"),
        Token::Op("["),
        Token::Op("]"),
        Token::Op("{"),
        Token::Op("}"),
        Token::Newline,
        Token::Indent,
        Token::Dedent,
    ];
    recursive(move |item| {
        let group = |o: &'static str, c: &'static str| {
            op(o)
                .ignore_then(item.clone().repeated())
                .then_ignore(op(c))
                .ignored()
        };
        choice((
            any()
                .filter(move |t: &Token| {
                    let semicolon = stop_at_semicolon && *t == Token::Op(";");
                    !stops.contains(t) && !semicolon
                })
                .ignored(),
            group("(", ")"),
            group("[", "]"),
            group("{", "}"),
        ))
    })
    .repeated()
}

/// How a bracketed sequence continues after its first element.
#[derive(Clone)]
enum SeqTail {
    /// `for ...`: a comprehension, at this span.
    Comprehension(Span),
    /// More elements; `true` when there was a comma after the first.
    Items(Vec<Expr>, bool),
}

/// Something after a primary expression.
#[derive(Clone)]
enum Postfix {
    Call(Vec<Arg>),
    Attr(Ident),
    Index(Expr),
}

/// Builds the expression parsers.
pub(super) fn expr_parsers<'a>() -> ExprParsers<'a> {
    let mut test = Recursive::declare();
    let name = select_ref! { Token::Name(n) = e => Spanned::new(n.clone(), e.span()) }
        .labelled("a name")
        .boxed();

    let atom = atom(test.clone().boxed());
    let primary = primary(atom, test.clone().boxed(), name.clone());

    // `await x`: named, not supported.
    let operand = kw("await")
        .map_with(|_, e| e.span())
        .or_not()
        .then(primary)
        .validate(|(awaited, expr), _, emitter| {
            if let Some(span) = awaited {
                emitter.emit(custom(span, "await is not supported yet", None));
            }
            expr
        });

    let bitor = operand
        .pratt((
            infix(right(14), op("**"), |l, _, r, e| {
                binary(l, BinOp::Pow, r, e.span())
            }),
            prefix(13, unary_op(), |(op, _), rhs, e| {
                Spanned::new(ExprKind::Unary(op, Box::new(rhs)), e.span())
            }),
            infix(left(12), mul_op(), |l, op, r, e| binary(l, op, r, e.span())),
            infix(left(11), add_op(), |l, op, r, e| binary(l, op, r, e.span())),
            infix(left(10), shift_op(), |l, op, r, e| {
                binary(l, op, r, e.span())
            }),
            infix(left(9), op("&"), |l, _, r, e| {
                binary(l, BinOp::BitAnd, r, e.span())
            }),
            infix(left(8), op("^"), |l, _, r, e| {
                binary(l, BinOp::BitXor, r, e.span())
            }),
            infix(left(7), op("|"), |l, _, r, e| {
                binary(l, BinOp::BitOr, r, e.span())
            }),
        ))
        .labelled("an expression")
        .boxed();

    let comparison = bitor
        .clone()
        .then(cmp_op().then(bitor.clone()).repeated().collect::<Vec<_>>())
        .map_with(|(first, rest), e| {
            if rest.is_empty() {
                first
            } else {
                Spanned::new(ExprKind::Compare(Box::new(first), rest), e.span())
            }
        });

    let not_test = kw("not").map_with(|_, e| e.span()).repeated().foldr(
        comparison,
        |not_span: Span, operand: Expr| {
            let span = not_span.to(operand.span);
            Spanned::new(ExprKind::Unary(UnaryOp::Not, Box::new(operand)), span)
        },
    );

    let and_test = not_test
        .clone()
        .foldl(kw("and").ignore_then(not_test).repeated(), |a, b| {
            bool_op(BoolOp::And, a, b)
        });
    let or_test = and_test
        .clone()
        .foldl(kw("or").ignore_then(and_test).repeated(), |a, b| {
            bool_op(BoolOp::Or, a, b)
        })
        .boxed();

    let conditional = or_test
        .clone()
        .then(
            kw("if")
                .ignore_then(or_test)
                .then_ignore(kw("else"))
                .then(test.clone())
                .or_not(),
        )
        .map_with(|(body, rest), e| match rest {
            None => body,
            Some((cond, orelse)) => Spanned::new(
                ExprKind::IfExp {
                    cond: Box::new(cond),
                    body: Box::new(body),
                    orelse: Box::new(orelse),
                },
                e.span(),
            ),
        });

    // `x := 1`: named, not supported.
    let named = conditional
        .then(
            op(":=")
                .map_with(|_, e| e.span())
                .then(test.clone())
                .or_not(),
        )
        .validate(|(expr, walrus), _, emitter| {
            if let Some((span, _)) = walrus {
                emitter.emit(custom(
                    span,
                    "assignment expressions (`:=`) are not supported yet",
                    None,
                ));
            }
            expr
        });

    // `lambda a, b=1: body`: a function of one `return body`.
    let lambda_param = name
        .clone()
        .then(op("=").ignore_then(test.clone()).or_not())
        .map(|(name, default)| Param { name, default });
    let lambdef = kw("lambda")
        .ignore_then(
            choice((star_param(name.clone()), lambda_param))
                .separated_by(op(","))
                .allow_trailing()
                .collect::<Vec<_>>()
                .validate(|params, _, emitter| check_params(params, emitter)),
        )
        .then_ignore(op(":"))
        .then(test.clone())
        .map_with(|(params, body), e| {
            let span = body.span;
            let ret = Spanned::new(StmtKind::Return(Some(body)), span);
            Spanned::new(ExprKind::Lambda(params, vec![ret]), e.span())
        })
        .labelled("lambda");

    test.define(choice((lambdef, named)).labelled("an expression"));
    let test = test.boxed();

    let testlist = test
        .clone()
        .then(
            op(",")
                .ignore_then(test.clone())
                .repeated()
                .collect::<Vec<_>>(),
        )
        .then(op(",").or_not())
        .map_with(|((first, rest), trailing), e| {
            if rest.is_empty() && trailing.is_none() {
                first
            } else {
                let mut items = vec![first];
                items.extend(rest);
                Spanned::new(ExprKind::Tuple(items), e.span())
            }
        })
        .boxed();

    ExprParsers {
        test,
        bitor,
        testlist,
        name,
    }
}

/// Names, literals, parenthesised expressions, tuples, lists, and the
/// unsupported forms that start like an atom.
fn atom<'a>(test: BoxedParser<'a, Expr>) -> BoxedParser<'a, Expr> {
    let literal = select_ref! {
        Token::Int(i) => ExprKind::Int(i.clone()),
        Token::Float(x) => ExprKind::Float(*x),
        Token::Imag(x) => ExprKind::Imag(*x),
        Token::Kw("True") => ExprKind::Bool(true),
        Token::Kw("False") => ExprKind::Bool(false),
        Token::Kw("None") => ExprKind::None,
        Token::Op("...") => ExprKind::Ellipsis,
        Token::Name(n) => ExprKind::Name(n.clone()),
    }
    .map_with(|kind, e| Spanned::new(kind, e.span()));

    let strings = select_ref! { Token::Str(s) => s.clone() }
        .repeated()
        .at_least(1)
        .collect::<Vec<String>>()
        .map_with(|parts, e| Spanned::new(ExprKind::Str(parts.concat()), e.span()));

    // The first element of a bracket, then a comprehension or more elements.
    let sequence = test
        .clone()
        .then(choice((
            kw("for")
                .map_with(|_, e| SeqTail::Comprehension(e.span()))
                .then_ignore(skip_group()),
            op(",")
                .ignore_then(
                    test.clone()
                        .separated_by(op(","))
                        .allow_trailing()
                        .collect::<Vec<_>>(),
                )
                .map(|rest| SeqTail::Items(rest, true)),
            empty().to(SeqTail::Items(Vec::new(), false)),
        )))
        .or_not();

    let paren = sequence
        .clone()
        .delimited_by(op("("), op(")"))
        .validate(|seq, e, emitter| match seq {
            None => Spanned::new(ExprKind::Tuple(Vec::new()), e.span()),
            Some((first, SeqTail::Items(rest, false))) if rest.is_empty() => first,
            Some((first, SeqTail::Items(rest, _))) => {
                let mut items = vec![first];
                items.extend(rest);
                Spanned::new(ExprKind::Tuple(items), e.span())
            }
            Some((first, SeqTail::Comprehension(span))) => {
                emitter.emit(custom(
                    span,
                    "generator expressions are not supported yet",
                    None,
                ));
                first
            }
        })
        .labelled("parenthesized expression")
        .as_context();

    let list = sequence
        .delimited_by(op("["), op("]"))
        .validate(|seq, e, emitter| {
            let items = match seq {
                None => Vec::new(),
                Some((first, SeqTail::Items(rest, _))) => {
                    let mut items = vec![first];
                    items.extend(rest);
                    items
                }
                Some((_, SeqTail::Comprehension(span))) => {
                    emitter.emit(custom(
                        span,
                        "list comprehensions are not supported yet",
                        None,
                    ));
                    Vec::new()
                }
            };
            Spanned::new(ExprKind::List(items), e.span())
        })
        .labelled("list")
        .as_context();

    let braces = op("{")
        .ignore_then(skip_group())
        .then_ignore(op("}"))
        .validate(|_, e, emitter| {
            emitter.emit(custom(
                e.span(),
                "dicts are not supported yet",
                Some("sets and dict/set comprehensions are not supported either"),
            ));
            Spanned::new(ExprKind::None, e.span())
        });

    let yield_ = kw("yield").then(test.or_not()).validate(|_, e, emitter| {
        emitter.emit(custom(
            e.span(),
            "yield is not supported yet (generators are not supported)",
            None,
        ));
        Spanned::new(ExprKind::None, e.span())
    });

    choice((literal, strings, paren, list, braces, yield_)).boxed()
}

/// An atom followed by calls, attribute accesses and subscripts.
fn primary<'a>(
    atom: BoxedParser<'a, Expr>,
    test: BoxedParser<'a, Expr>,
    name: BoxedParser<'a, Ident>,
) -> BoxedParser<'a, Expr> {
    let call = op("(")
        .ignore_then(arguments(test.clone(), name.clone()))
        .then_ignore(op(")"))
        .map(Postfix::Call)
        .labelled("call")
        .as_context();
    let attr = op(".").ignore_then(name).map(Postfix::Attr);
    let index = op("[")
        .ignore_then(subscripts(test))
        .then_ignore(op("]"))
        .map(Postfix::Index)
        .labelled("subscript")
        .as_context();
    atom.foldl_with(choice((call, attr, index)).repeated(), |lhs, post, e| {
        let kind = match post {
            Postfix::Call(args) => ExprKind::Call(Box::new(lhs), args),
            Postfix::Attr(name) => ExprKind::Attribute(Box::new(lhs), name),
            Postfix::Index(index) => ExprKind::Subscript(Box::new(lhs), Box::new(index)),
        };
        Spanned::new(kind, e.span())
    })
    .boxed()
}

/// Call arguments: positional, `name=value`, `*args`.
fn arguments<'a>(
    test: BoxedParser<'a, Expr>,
    name: BoxedParser<'a, Ident>,
) -> impl Parser<'a, Tokens<'a>, Vec<Arg>, Extra<'a>> + Clone {
    let arg = choice((
        op("*").ignore_then(test.clone()).map(Arg::Star),
        op("**")
            .ignore_then(test.clone())
            .validate(|value, e, emitter| {
                emitter.emit(custom(
                    e.span(),
                    "`**kwargs` arguments are not supported yet",
                    None,
                ));
                Arg::Positional(value)
            }),
        name.then_ignore(op("="))
            .then(test.clone())
            .map(|(n, v)| Arg::Keyword(n, v)),
        test.then(
            kw("for")
                .map_with(|_, e| e.span())
                .then_ignore(skip_group())
                .or_not(),
        )
        .validate(|(value, comp), _, emitter| {
            if let Some(span) = comp {
                emitter.emit(custom(
                    span,
                    "generator expressions are not supported yet",
                    None,
                ));
            }
            Arg::Positional(value)
        }),
    ));
    arg.separated_by(op(","))
        .allow_trailing()
        .collect::<Vec<_>>()
        .validate(|args, _, emitter| {
            let mut seen_keyword = false;
            for arg in &args {
                match arg {
                    Arg::Keyword(..) => seen_keyword = true,
                    Arg::Positional(value) if seen_keyword => {
                        emitter.emit(custom(
                            value.span,
                            "positional argument follows keyword argument",
                            None,
                        ));
                        break;
                    }
                    _ => {}
                }
            }
            args
        })
}

/// The inside of `a[...]`: one index, a slice, or a tuple of them.
fn subscripts<'a>(
    test: BoxedParser<'a, Expr>,
) -> impl Parser<'a, Tokens<'a>, Expr, Extra<'a>> + Clone {
    let slice_tail = op(":")
        .ignore_then(test.clone().or_not())
        .then(op(":").ignore_then(test.clone().or_not()).or_not());
    let slice = |lo: Option<Expr>, (hi, step): (Option<Expr>, Option<Option<Expr>>), span: Span| {
        Spanned::new(
            ExprKind::Slice(
                lo.map(Box::new),
                hi.map(Box::new),
                step.flatten().map(Box::new),
            ),
            span,
        )
    };
    let one = choice((
        test.then(slice_tail.clone().or_not())
            .map_with(move |(lo, tail), e| match tail {
                None => lo,
                Some(tail) => slice(Some(lo), tail, e.span()),
            }),
        slice_tail.map_with(move |tail, e| slice(None, tail, e.span())),
    ));
    one.separated_by(op(","))
        .at_least(1)
        .collect::<Vec<_>>()
        .then(op(",").or_not())
        .map_with(|(mut items, trailing), e| {
            if items.len() == 1 && trailing.is_none() {
                items
                    .pop()
                    .unwrap_or_else(|| Spanned::new(ExprKind::Tuple(Vec::new()), e.span()))
            } else {
                Spanned::new(ExprKind::Tuple(items), e.span())
            }
        })
}

fn binary(l: Expr, op: BinOp, r: Expr, span: Span) -> Expr {
    Spanned::new(ExprKind::Binary(op, Box::new(l), Box::new(r)), span)
}

fn bool_op(op: BoolOp, a: Expr, b: Expr) -> Expr {
    let span = a.span.to(b.span);
    Spanned::new(ExprKind::BoolOp(op, Box::new(a), Box::new(b)), span)
}

fn unary_op<'a>() -> impl Parser<'a, Tokens<'a>, (UnaryOp, Span), Extra<'a>> + Clone {
    select_ref! {
        Token::Op("-") = e => (UnaryOp::Neg, e.span()),
        Token::Op("+") = e => (UnaryOp::Pos, e.span()),
        Token::Op("~") = e => (UnaryOp::Invert, e.span()),
    }
}

fn mul_op<'a>() -> impl Parser<'a, Tokens<'a>, BinOp, Extra<'a>> + Clone {
    select_ref! {
        Token::Op("*") => BinOp::Mul,
        Token::Op("@") => BinOp::MatMul,
        Token::Op("/") => BinOp::Div,
        Token::Op("//") => BinOp::FloorDiv,
        Token::Op("%") => BinOp::Mod,
    }
}

fn add_op<'a>() -> impl Parser<'a, Tokens<'a>, BinOp, Extra<'a>> + Clone {
    select_ref! { Token::Op("+") => BinOp::Add, Token::Op("-") => BinOp::Sub }
}

fn shift_op<'a>() -> impl Parser<'a, Tokens<'a>, BinOp, Extra<'a>> + Clone {
    select_ref! { Token::Op("<<") => BinOp::LShift, Token::Op(">>") => BinOp::RShift }
}

fn cmp_op<'a>() -> impl Parser<'a, Tokens<'a>, CmpOp, Extra<'a>> + Clone {
    choice((
        select_ref! {
            Token::Op("==") => CmpOp::Eq,
            Token::Op("!=") => CmpOp::NotEq,
            Token::Op("<") => CmpOp::Lt,
            Token::Op("<=") => CmpOp::LtE,
            Token::Op(">") => CmpOp::Gt,
            Token::Op(">=") => CmpOp::GtE,
            Token::Kw("in") => CmpOp::In,
        },
        kw("not").then(kw("in")).to(CmpOp::NotIn),
        kw("is").ignore_then(kw("not").or_not()).map(|not| {
            if not.is_some() {
                CmpOp::IsNot
            } else {
                CmpOp::Is
            }
        }),
    ))
}

/// `*args` / `**kwargs` in a parameter list (of a `def` or a `lambda`):
/// parsed, and reported as not supported yet.
pub(super) fn star_param<'a>(
    name: BoxedParser<'a, Ident>,
) -> impl Parser<'a, Tokens<'a>, Param, Extra<'a>> + Clone {
    choice((op("*"), op("**")))
        .then(name.or_not())
        .validate(|(_, n), e, emitter| {
            emitter.emit(custom(
                e.span(),
                "`*args` and `**kwargs` parameters are not supported yet",
                None,
            ));
            Param {
                name: n.unwrap_or_else(|| Spanned::new(String::new(), e.span())),
                default: None,
            }
        })
}

/// Python's checks on a parameter list (of a `def` or a `lambda`): no name
/// twice, no parameter without a default after one with a default.
pub(super) fn check_params(
    params: Vec<Param>,
    emitter: &mut chumsky::input::Emitter<chumsky::error::Rich<'_, Token, Span>>,
) -> Vec<Param> {
    let mut seen_default = false;
    for (i, param) in params.iter().enumerate() {
        if params[..i].iter().any(|q| q.name.node == param.name.node) {
            let message = format!(
                "duplicate argument '{}' in function definition",
                param.name.node
            );
            emitter.emit(custom(param.name.span, &message, None));
        }
        if param.default.is_some() {
            seen_default = true;
        } else if seen_default {
            emitter.emit(custom(
                param.name.span,
                "parameter without a default follows parameter with a default",
                None,
            ));
            seen_default = false;
        }
    }
    params
}
