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
//! Features that are not supported yet (`yield`, `await`) are parsed far
//! enough to say so.

use chumsky::pratt::{infix, left, prefix, right};
use chumsky::prelude::*;

use super::errors::custom;
use super::{BoxedParser, Extra, Tokens};
use crate::ast::{
    Arg, BinOp, BoolOp, CmpOp, Comprehension, DictItem, Expr, ExprKind, FField, FPart, Ident,
    Param, ParamKind, Spanned, StmtKind, UnaryOp,
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
    /// The arguments between a call's parentheses (a `class` header's bases).
    pub arguments: BoxedParser<'a, Vec<Arg>>,
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
    /// `for ...`: a comprehension's clauses.
    Comprehension(Vec<Comprehension>),
    /// More elements; `true` when there was a comma after the first.
    Items(Vec<Expr>, bool),
}

/// How a brace display continues after its first item.
#[derive(Clone)]
enum BraceTail {
    /// `for ...`: a comprehension's clauses.
    Comprehension(Vec<Comprehension>),
    /// More items.
    Items(Vec<BraceItem>),
}

/// One item of a brace display, before it is known to be a dict or a set.
#[derive(Clone)]
enum BraceItem {
    /// `key: value` or `**mapping`.
    Dict(DictItem),
    /// `x` or `*xs`.
    Set(Expr),
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

    let mut bitor_rec = Recursive::declare();
    let atom = atom(test.clone().boxed(), bitor_rec.clone().boxed());
    let primary = primary(
        atom,
        test.clone().boxed(),
        bitor_rec.clone().boxed(),
        name.clone(),
    );

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
        .labelled("an expression");
    bitor_rec.define(bitor);
    let bitor = bitor_rec.boxed();

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

    // `x := value`: the target is a name.
    let named = conditional
        .then(op(":=").ignore_then(test.clone()).or_not())
        .validate(|(target, value), e, emitter| {
            let Some(value) = value else {
                return target;
            };
            let name = match &target.node {
                ExprKind::Name(n) => Spanned::new(n.clone(), target.span),
                _ => {
                    // The assignable targets other than a name, then what
                    // an assignment would call the rest (`literal`, ...).
                    let what = match &target.node {
                        ExprKind::Attribute(..) => "attribute",
                        ExprKind::Subscript(..) => "subscript",
                        ExprKind::Tuple(_) => "tuple",
                        ExprKind::List(_) => "list",
                        _ => super::stmt::target_error(&target).map_or("expression", |(_, w)| w),
                    };
                    let message = format!("cannot use assignment expressions with {what}");
                    emitter.emit(custom(target.span, &message, None));
                    Spanned::new(String::new(), target.span)
                }
            };
            Spanned::new(ExprKind::NamedExpr(name, Box::new(value)), e.span())
        });

    // `lambda a, b=1: body`: a function of one `return body`.
    let lambda_param = name
        .clone()
        .then(op("=").ignore_then(test.clone()).or_not())
        .map(|(name, default)| ParamItem::Named(name, default));
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

    // `a, *b`: a tuple of expressions, any of them starred (a starred
    // one alone is an error).
    let testlist = comma_list(starred_or(bitor.clone(), test.clone()))
        .validate(|first, _, emitter| {
            if matches!(first.node, ExprKind::Starred(_)) {
                emitter.emit(custom(
                    first.span,
                    "can't use starred expression here",
                    None,
                ));
            }
            first
        })
        .boxed();

    let arguments = arguments(test.clone(), bitor.clone(), name.clone()).boxed();
    ExprParsers {
        test,
        bitor,
        testlist,
        name,
        arguments,
    }
}

/// Names, literals, parenthesised expressions, tuples, lists, dicts,
/// sets, comprehensions, and the unsupported forms that start like an atom.
fn atom<'a>(test: BoxedParser<'a, Expr>, bitor: BoxedParser<'a, Expr>) -> BoxedParser<'a, Expr> {
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

    // An f-string: literal parts and `{expr=!c:spec}` fields, a field's
    // spec made of the same parts (so fields nest in specs).
    let fstring = recursive(|fparts| {
        let lit = select_ref! { Token::FLit(s) => FPart::Lit(s.clone()) };
        let value = comma_list(test.clone());
        let field = just(Token::FFieldStart)
            .ignore_then(value)
            .then(select_ref! { Token::FDebug(d) => d.clone() }.or_not())
            .then(select_ref! { Token::FConv(c) => *c }.or_not())
            .then(just(Token::FSpec).ignore_then(fparts).or_not())
            .then_ignore(just(Token::FFieldEnd))
            .map(|(((value, debug), conversion), spec)| {
                FPart::Field(Box::new(FField {
                    value,
                    debug,
                    conversion,
                    spec: spec.unwrap_or_default(),
                }))
            });
        choice((lit, field)).repeated().collect::<Vec<FPart>>()
    });
    let one_string = choice((
        select_ref! { Token::Str(s) => Literal::Text(vec![FPart::Lit(s.clone())]) },
        select_ref! { Token::Bytes(b) => Literal::Bytes(b.clone()) },
        just(Token::FStart)
            .ignore_then(fstring)
            .then_ignore(just(Token::FEnd))
            .map(|mut parts| {
                // An f-string without fields is still an f-string.
                parts.insert(0, FPart::Lit(String::new()));
                Literal::Text(parts)
            }),
    ));
    let strings = one_string
        .repeated()
        .at_least(1)
        .collect::<Vec<Literal>>()
        .validate(|pieces, e, emitter| {
            let kind = join_literals(pieces).unwrap_or_else(|| {
                emitter.emit(custom(
                    e.span(),
                    "cannot mix bytes and nonbytes literals",
                    None,
                ));
                ExprKind::Bytes(Vec::new())
            });
            Spanned::new(kind, e.span())
        });

    let comp = comprehension(test.clone(), bitor.clone());

    // An element of a list, tuple or set display: `x` or `*xs`.
    let element = starred_or(bitor.clone(), test.clone());

    // The first element of a bracket, then a comprehension or more elements.
    let sequence = element
        .clone()
        .then(choice((
            comp.clone().map(SeqTail::Comprehension),
            op(",")
                .ignore_then(
                    element
                        .clone()
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
            Some((first, SeqTail::Items(rest, false))) if rest.is_empty() => {
                if matches!(first.node, ExprKind::Starred(_)) {
                    emitter.emit(custom(
                        first.span,
                        "cannot use starred expression here",
                        None,
                    ));
                }
                first
            }
            Some((first, SeqTail::Items(rest, _))) => {
                let mut items = vec![first];
                items.extend(rest);
                Spanned::new(ExprKind::Tuple(items), e.span())
            }
            Some((first, SeqTail::Comprehension(clauses))) => {
                check_comprehension_element(&first, emitter);
                Spanned::new(ExprKind::GeneratorExp(Box::new(first), clauses), e.span())
            }
        })
        .labelled("parenthesized expression")
        .as_context();

    let list = sequence
        .delimited_by(op("["), op("]"))
        .validate(|seq, e, emitter| {
            let kind = match seq {
                None => ExprKind::List(Vec::new()),
                Some((first, SeqTail::Items(rest, _))) => {
                    let mut items = vec![first];
                    items.extend(rest);
                    ExprKind::List(items)
                }
                Some((first, SeqTail::Comprehension(clauses))) => {
                    check_comprehension_element(&first, emitter);
                    ExprKind::ListComp(Box::new(first), clauses)
                }
            };
            Spanned::new(kind, e.span())
        })
        .labelled("list")
        .as_context();

    // `{}`, `{k: v, **m}`, `{a, *b}`, and the dict and set comprehensions.
    let brace_item = choice((
        op("**")
            .ignore_then(bitor.clone())
            .map(|m| BraceItem::Dict(DictItem::Unpack(m))),
        test.clone()
            .then_ignore(op(":"))
            .then(test.clone())
            .map(|(k, v)| BraceItem::Dict(DictItem::Pair(k, v))),
        element.map(BraceItem::Set),
    ));
    let braces = brace_item
        .clone()
        .then(choice((
            comp.map(BraceTail::Comprehension),
            op(",")
                .ignore_then(
                    brace_item
                        .separated_by(op(","))
                        .allow_trailing()
                        .collect::<Vec<_>>(),
                )
                .map(BraceTail::Items),
            empty().to(BraceTail::Items(Vec::new())),
        )))
        .or_not()
        .delimited_by(op("{"), op("}"))
        .validate(|inner, e, emitter| {
            let kind = match inner {
                None => ExprKind::Dict(Vec::new()),
                Some((first, BraceTail::Comprehension(clauses))) => match first {
                    BraceItem::Dict(DictItem::Pair(k, v)) => {
                        ExprKind::DictComp(Box::new(k), Box::new(v), clauses)
                    }
                    BraceItem::Set(x) => {
                        check_comprehension_element(&x, emitter);
                        ExprKind::SetComp(Box::new(x), clauses)
                    }
                    BraceItem::Dict(DictItem::Unpack(m)) => {
                        emitter.emit(custom(
                            m.span,
                            "dict unpacking cannot be used in dict comprehension",
                            None,
                        ));
                        ExprKind::Dict(Vec::new())
                    }
                },
                Some((first, BraceTail::Items(rest))) => {
                    let is_dict = matches!(first, BraceItem::Dict(_));
                    let mut dict = Vec::new();
                    let mut set = Vec::new();
                    for item in std::iter::once(first).chain(rest) {
                        match item {
                            BraceItem::Dict(d) if is_dict => dict.push(d),
                            BraceItem::Set(x) if !is_dict => set.push(x),
                            BraceItem::Dict(DictItem::Pair(k, _) | DictItem::Unpack(k))
                            | BraceItem::Set(k) => {
                                emitter.emit(custom(k.span, "invalid syntax", None));
                            }
                        }
                    }
                    if is_dict {
                        ExprKind::Dict(dict)
                    } else {
                        ExprKind::Set(set)
                    }
                }
            };
            Spanned::new(kind, e.span())
        });

    // `yield a, b` yields a tuple; where a `yield` may stand is checked
    // after parsing (`context`).
    let values = test
        .clone()
        .separated_by(op(","))
        .at_least(1)
        .collect::<Vec<_>>()
        .map_with(|mut items, e| {
            if items.len() == 1 {
                items.remove(0)
            } else {
                Spanned::new(ExprKind::Tuple(items), e.span())
            }
        });
    let yield_ = kw("yield")
        .ignore_then(choice((
            kw("from")
                .ignore_then(test.clone())
                .map(|v| ExprKind::YieldFrom(Box::new(v))),
            values.or_not().map(|v| ExprKind::Yield(v.map(Box::new))),
        )))
        .map_with(|kind, e| Spanned::new(kind, e.span()));

    choice((literal, strings, paren, list, braces, yield_)).boxed()
}

/// One string, f-string or bytes literal of a run of adjacent ones.
#[derive(Clone)]
enum Literal {
    /// A string or f-string: its parts.
    Text(Vec<FPart>),
    /// A bytes literal.
    Bytes(Vec<u8>),
}

/// Adjacent literals as one expression; `None` when bytes and strings mix.
fn join_literals(pieces: Vec<Literal>) -> Option<ExprKind> {
    let mut texts = Vec::new();
    let mut bytes = Vec::new();
    let mut any_bytes = false;
    for piece in pieces {
        match piece {
            Literal::Text(parts) => texts.push(parts),
            Literal::Bytes(b) => {
                any_bytes = true;
                bytes.extend(b);
            }
        }
    }
    match (any_bytes, texts.is_empty()) {
        (true, true) => Some(ExprKind::Bytes(bytes)),
        (true, false) => None,
        _ => Some(join_strings(texts)),
    }
}

/// Adjacent string literals as one expression: a plain string when none
/// is an f-string, else an f-string whose neighbouring literal parts are
/// merged.
fn join_strings(pieces: Vec<Vec<FPart>>) -> ExprKind {
    let is_f = pieces.iter().any(|p| p.len() != 1);
    let mut parts: Vec<FPart> = Vec::new();
    for part in pieces.into_iter().flatten() {
        match (parts.last_mut(), part) {
            (Some(FPart::Lit(prev)), FPart::Lit(s)) => prev.push_str(&s),
            (_, part) => parts.push(part),
        }
    }
    if !is_f {
        if let [FPart::Lit(s)] = &mut parts[..] {
            return ExprKind::Str(std::mem::take(s));
        }
    }
    parts.retain(|p| !matches!(p, FPart::Lit(s) if s.is_empty()));
    ExprKind::FString(parts)
}

/// A loop target item: a bitwise-or expression, or one starred (`*rest`).
pub(super) fn target_item<'a>(
    bitor: BoxedParser<'a, Expr>,
) -> impl Parser<'a, Tokens<'a>, Expr, Extra<'a>> + Clone {
    starred_or(bitor.clone(), bitor)
}

/// `*x` (x a bitwise-or expression) as [`ExprKind::Starred`], or `other`.
fn starred_or<'a>(
    bitor: BoxedParser<'a, Expr>,
    other: BoxedParser<'a, Expr>,
) -> impl Parser<'a, Tokens<'a>, Expr, Extra<'a>> + Clone {
    choice((
        op("*")
            .ignore_then(bitor)
            .map_with(|x, e| Spanned::new(ExprKind::Starred(Box::new(x)), e.span())),
        other,
    ))
}

/// `item, item, ...` with an optional trailing comma: a tuple when there
/// is a comma, else the one item (an assignment's or loop's targets, a
/// statement's expression list, an f-string field's value).
pub(super) fn comma_list<'a>(
    item: impl Parser<'a, Tokens<'a>, Expr, Extra<'a>> + Clone,
) -> impl Parser<'a, Tokens<'a>, Expr, Extra<'a>> + Clone {
    item.separated_by(op(","))
        .at_least(1)
        .collect::<Vec<_>>()
        .then(op(",").or_not())
        .map_with(|(mut items, trailing), e| match (items.len(), trailing) {
            (1, None) => items.remove(0),
            _ => Spanned::new(ExprKind::Tuple(items), e.span()),
        })
}

/// The `for ... in ... if ...` clauses of a comprehension (at least one
/// `for`). Targets are bitwise-or expressions, so `in` ends them; the
/// iterable and the conditions are full expressions.
fn comprehension<'a>(
    test: BoxedParser<'a, Expr>,
    bitor: BoxedParser<'a, Expr>,
) -> impl Parser<'a, Tokens<'a>, Vec<Comprehension>, Extra<'a>> + Clone {
    let target = comma_list(target_item(bitor));
    kw("for")
        .ignore_then(target)
        .then_ignore(kw("in"))
        .then(test.clone())
        .then(kw("if").ignore_then(test).repeated().collect::<Vec<_>>())
        .map(|((target, iter), ifs)| Comprehension { target, iter, ifs })
        .repeated()
        .at_least(1)
        .collect::<Vec<_>>()
        .validate(|clauses, _, emitter| {
            for c in &clauses {
                if let Some(bad) = super::stmt::invalid_target(&c.target) {
                    emitter.emit(bad);
                }
            }
            clauses
        })
}

/// A comprehension's element may not be starred (`[*x for x in y]`).
fn check_comprehension_element(
    element: &Expr,
    emitter: &mut chumsky::input::Emitter<chumsky::error::Rich<'_, Token, Span>>,
) {
    if matches!(element.node, ExprKind::Starred(_)) {
        emitter.emit(custom(
            element.span,
            "iterable unpacking cannot be used in comprehension",
            None,
        ));
    }
}

/// An atom followed by calls, attribute accesses and subscripts.
fn primary<'a>(
    atom: BoxedParser<'a, Expr>,
    test: BoxedParser<'a, Expr>,
    bitor: BoxedParser<'a, Expr>,
    name: BoxedParser<'a, Ident>,
) -> BoxedParser<'a, Expr> {
    let call = op("(")
        .ignore_then(arguments(test.clone(), bitor, name.clone()))
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

/// Call arguments: positional, `name=value`, `*args`, `**kwargs`, and a
/// generator expression as the only argument (`sum(x for x in xs)`).
fn arguments<'a>(
    test: BoxedParser<'a, Expr>,
    bitor: BoxedParser<'a, Expr>,
    name: BoxedParser<'a, Ident>,
) -> impl Parser<'a, Tokens<'a>, Vec<Arg>, Extra<'a>> + Clone {
    // Each argument, and whether it is an unparenthesised generator.
    let arg = choice((
        op("*")
            .ignore_then(test.clone())
            .map(|v| (Arg::Star(v), false)),
        op("**")
            .ignore_then(test.clone())
            .map(|v| (Arg::DoubleStar(v), false)),
        name.then_ignore(op("="))
            .then(test.clone())
            .map(|(n, v)| (Arg::Keyword(n, v), false)),
        test.clone()
            .then(comprehension(test, bitor).or_not())
            .map_with(|(value, comp), e| match comp {
                None => (Arg::Positional(value), false),
                Some(clauses) => (
                    Arg::Positional(Spanned::new(
                        ExprKind::GeneratorExp(Box::new(value), clauses),
                        e.span(),
                    )),
                    true,
                ),
            }),
    ));
    arg.separated_by(op(","))
        .allow_trailing()
        .collect::<Vec<_>>()
        .validate(|args, _, emitter| {
            let mut seen_keyword = false;
            let mut seen_unpack = false;
            let n = args.len();
            for (arg, bare_generator) in &args {
                match arg {
                    Arg::Positional(value) if *bare_generator && n > 1 => {
                        emitter.emit(custom(
                            value.span,
                            "Generator expression must be parenthesized",
                            None,
                        ));
                        break;
                    }
                    Arg::Keyword(..) => seen_keyword = true,
                    Arg::DoubleStar(_) => seen_unpack = true,
                    Arg::Positional(value) | Arg::Star(value) if seen_unpack => {
                        let message = if matches!(arg, Arg::Star(_)) {
                            "iterable argument unpacking follows keyword argument unpacking"
                        } else {
                            "positional argument follows keyword argument unpacking"
                        };
                        emitter.emit(custom(value.span, message, None));
                        break;
                    }
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
            args.into_iter().map(|(arg, _)| arg).collect()
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

/// One item of a parameter list, before the kinds are known.
#[derive(Clone)]
pub(super) enum ParamItem {
    /// `name` or `name=default`.
    Named(Ident, Option<Expr>),
    /// `/`: the parameters before it are positional-only.
    Slash(Span),
    /// `*` or `*args`: what follows is keyword-only.
    Star(Option<Ident>, Span),
    /// `**kwargs`.
    DoubleStar(Ident),
}

/// `/`, `*`, `*args` and `**kwargs` in a parameter list (of a `def` or a
/// `lambda`).
pub(super) fn star_param<'a>(
    name: BoxedParser<'a, Ident>,
) -> impl Parser<'a, Tokens<'a>, ParamItem, Extra<'a>> + Clone {
    choice((
        op("**")
            .ignore_then(name.clone())
            .map(ParamItem::DoubleStar),
        op("*")
            .ignore_then(name.or_not())
            .map_with(|n, e| ParamItem::Star(n, e.span())),
        op("/").map_with(|_, e| ParamItem::Slash(e.span())),
    ))
}

/// The parameters of a list of items, with Python's checks: no name
/// twice, no positional parameter without a default after one with a
/// default, `/` and `*` once each and in that order, nothing after
/// `**kwargs`, a named parameter after a bare `*`.
pub(super) fn check_params(
    items: Vec<ParamItem>,
    emitter: &mut chumsky::input::Emitter<chumsky::error::Rich<'_, Token, Span>>,
) -> Vec<Param> {
    let mut params: Vec<Param> = Vec::new();
    let mut seen_default = false;
    let mut seen_star: Option<Span> = None;
    let mut seen_slash = false;
    let mut seen_kwargs = false;
    let mut error = |span: Span, message: &str| emitter.emit(custom(span, message, None));
    for item in items {
        if seen_kwargs {
            let span = match &item {
                ParamItem::Named(n, _) | ParamItem::DoubleStar(n) => n.span,
                ParamItem::Slash(s) | ParamItem::Star(_, s) => *s,
            };
            error(span, "arguments cannot follow var-keyword argument");
            break;
        }
        match item {
            ParamItem::Slash(span) => {
                if seen_slash {
                    error(span, "/ may appear only once");
                } else if seen_star.is_some() {
                    error(span, "/ must be ahead of *");
                } else if params.is_empty() {
                    error(span, "at least one argument must precede /");
                } else {
                    for p in &mut params {
                        p.kind = ParamKind::PositionalOnly;
                    }
                }
                seen_slash = true;
            }
            ParamItem::Star(name, span) => {
                if seen_star.is_some() {
                    error(span, "* argument may appear only once");
                }
                seen_star = Some(span);
                if let Some(name) = name {
                    params.push(Param {
                        name,
                        default: None,
                        kind: ParamKind::VarArgs,
                    });
                }
            }
            ParamItem::DoubleStar(name) => {
                seen_kwargs = true;
                params.push(Param {
                    name,
                    default: None,
                    kind: ParamKind::VarKeywords,
                });
            }
            ParamItem::Named(name, default) => {
                let kind = if seen_star.is_some() {
                    ParamKind::KeywordOnly
                } else {
                    if default.is_some() {
                        seen_default = true;
                    } else if seen_default {
                        error(
                            name.span,
                            "parameter without a default follows parameter with a default",
                        );
                        seen_default = false;
                    }
                    ParamKind::Normal
                };
                params.push(Param {
                    name,
                    default,
                    kind,
                });
            }
        }
    }
    if let Some(span) = seen_star {
        let named_after = params
            .iter()
            .any(|p| matches!(p.kind, ParamKind::KeywordOnly | ParamKind::VarArgs));
        if !named_after {
            error(span, "named arguments must follow bare *");
        }
    }
    for (i, param) in params.iter().enumerate() {
        if params[..i].iter().any(|q| q.name.node == param.name.node) {
            let message = format!(
                "duplicate argument '{}' in function definition",
                param.name.node
            );
            error(param.name.span, &message);
        }
    }
    params
}
