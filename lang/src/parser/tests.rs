//! Parser tests: precedence, statements, spans, errors.

use crate::ast::*;
use crate::parse;

/// Parses `text`, panicking with the messages on error.
fn ok(text: &str) -> Block {
    match parse(text, 0) {
        Ok(b) => b,
        Err(errs) => panic!(
            "{text:?} failed: {:#?}",
            errs.iter()
                .map(|d| format!("{}: {} {:?}", d.class, d.message, d.span))
                .collect::<Vec<_>>()
        ),
    }
}

/// The error messages for `text` ("Class: message"), which must fail.
fn errs(text: &str) -> Vec<String> {
    match parse(text, 0) {
        Ok(b) => panic!("{text:?} parsed: {b:?}"),
        Err(errs) => errs
            .iter()
            .map(|d| format!("{}: {}", d.class, d.message))
            .collect(),
    }
}

/// The first diagnostic for `text`.
fn first_err(text: &str) -> crate::Diagnostic {
    parse(text, 0).expect_err("should fail").remove(0)
}

/// A compact, fully parenthesised rendering of an expression.
fn show(e: &Expr) -> String {
    match &e.node {
        ExprKind::Name(n) => n.clone(),
        ExprKind::Int(IntLit::Small(i)) => i.to_string(),
        ExprKind::Int(IntLit::Big(d)) => format!("big{d}"),
        ExprKind::Float(x) => format!("{x:?}"),
        ExprKind::Imag(x) => format!("{x:?}j"),
        ExprKind::Str(s) => format!("{s:?}"),
        ExprKind::Bytes(b) => format!("b{b:?}"),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::None => "None".into(),
        ExprKind::Ellipsis => "...".into(),
        ExprKind::List(items) => format!(
            "[{}]",
            items.iter().map(show).collect::<Vec<_>>().join(", ")
        ),
        ExprKind::Tuple(items) => format!(
            "tuple({})",
            items.iter().map(show).collect::<Vec<_>>().join(", ")
        ),
        ExprKind::Unary(op, x) => format!("({op:?} {})", show(x)),
        ExprKind::Binary(op, a, b) => format!("({} {} {})", show(a), op.symbol(), show(b)),
        ExprKind::BoolOp(op, a, b) => format!("({} {op:?} {})", show(a), show(b)),
        ExprKind::Compare(first, rest) => {
            let mut s = format!("(cmp {}", show(first));
            for (op, x) in rest {
                s.push_str(&format!(" {} {}", op.symbol(), show(x)));
            }
            s + ")"
        }
        ExprKind::IfExp { cond, body, orelse } => {
            format!("({} if {} else {})", show(body), show(cond), show(orelse))
        }
        ExprKind::Call(f, args) => {
            let args: Vec<String> = args
                .iter()
                .map(|a| match a {
                    Arg::Positional(x) => show(x),
                    Arg::Keyword(n, x) => format!("{}={}", n.node, show(x)),
                    Arg::Star(x) => format!("*{}", show(x)),
                    Arg::DoubleStar(x) => format!("**{}", show(x)),
                })
                .collect();
            format!("{}({})", show(f), args.join(", "))
        }
        ExprKind::Attribute(x, n) => format!("{}.{}", show(x), n.node),
        ExprKind::Subscript(x, i) => format!("{}[{}]", show(x), show(i)),
        ExprKind::Slice(a, b, c) => {
            let part = |p: &Option<Box<Expr>>| p.as_ref().map_or(String::new(), |x| show(x));
            format!("{}:{}:{}", part(a), part(b), part(c))
        }
        ExprKind::Dict(items) => {
            let items: Vec<String> = items
                .iter()
                .map(|i| match i {
                    DictItem::Pair(k, v) => format!("{}: {}", show(k), show(v)),
                    DictItem::Unpack(m) => format!("**{}", show(m)),
                })
                .collect();
            format!("{{{}}}", items.join(", "))
        }
        ExprKind::Set(items) => format!(
            "set({})",
            items.iter().map(show).collect::<Vec<_>>().join(", ")
        ),
        ExprKind::Starred(x) => format!("*{}", show(x)),
        ExprKind::NamedExpr(n, v) => format!("({} := {})", n.node, show(v)),
        ExprKind::FString(parts) => format!("f({})", show_fparts(parts)),
        ExprKind::ListComp(elt, clauses) => format!("[{}{}]", show(elt), show_clauses(clauses)),
        ExprKind::SetComp(elt, clauses) => format!("{{{}{}}}", show(elt), show_clauses(clauses)),
        ExprKind::GeneratorExp(elt, clauses) => {
            format!("gen({}{})", show(elt), show_clauses(clauses))
        }
        ExprKind::DictComp(k, v, clauses) => {
            format!("{{{}: {}{}}}", show(k), show(v), show_clauses(clauses))
        }
        ExprKind::Lambda(params, body) => {
            let params: Vec<String> = params
                .iter()
                .map(|p| match &p.default {
                    Some(d) => format!("{}={}", p.name.node, show(d)),
                    None => p.name.node.clone(),
                })
                .collect();
            let body = match &body[..] {
                [Spanned {
                    node: StmtKind::Return(Some(e)),
                    ..
                }] => show(e),
                other => panic!("a lambda body is one return: {other:?}"),
            };
            format!("(lambda {}: {body})", params.join(", "))
        }
        ExprKind::Yield(None) => "(yield)".into(),
        ExprKind::Yield(Some(v)) => format!("(yield {})", show(v)),
        ExprKind::YieldFrom(v) => format!("(yield from {})", show(v)),
    }
}

/// The parts of an f-string, rendered.
fn show_fparts(parts: &[FPart]) -> String {
    let shown: Vec<String> = parts
        .iter()
        .map(|p| match p {
            FPart::Lit(s) => format!("{s:?}"),
            FPart::Field(f) => {
                let mut out = format!("{{{}", show(&f.value));
                if f.debug.is_some() {
                    out.push('=');
                }
                if let Some(c) = f.conversion {
                    out.push_str(&format!("!{c}"));
                }
                if !f.spec.is_empty() {
                    let spec: Vec<String> = f
                        .spec
                        .iter()
                        .map(|p| match p {
                            FPart::Lit(s) => s.clone(),
                            FPart::Field(g) => format!("{{{}}}", show(&g.value)),
                        })
                        .collect();
                    out.push_str(&format!(":{}", spec.concat()));
                }
                out + "}"
            }
        })
        .collect();
    shown.join(", ")
}

/// The clauses of a comprehension, rendered.
fn show_clauses(clauses: &[Comprehension]) -> String {
    let mut out = String::new();
    for c in clauses {
        out.push_str(&format!(" for {} in {}", show(&c.target), show(&c.iter)));
        for cond in &c.ifs {
            out.push_str(&format!(" if {}", show(cond)));
        }
    }
    out
}

/// Parses one expression statement and renders it.
fn expr(text: &str) -> String {
    let block = ok(text);
    match &block[..] {
        [Spanned {
            node: StmtKind::Expr(e),
            ..
        }] => show(e),
        other => panic!("not one expression: {other:?}"),
    }
}

#[test]
fn precedence() {
    assert_eq!(expr("-2**2"), "(Neg (2 ** 2))");
    assert_eq!(expr("2**-1"), "(2 ** (Neg 1))");
    assert_eq!(expr("2**3**2"), "(2 ** (3 ** 2))");
    assert_eq!(expr("2**-1*3"), "((2 ** (Neg 1)) * 3)");
    assert_eq!(expr("not a == b"), "(Not (cmp a == b))");
    assert_eq!(expr("a < b < c"), "(cmp a < b < c)");
    assert_eq!(
        expr("a if b else c if d else e"),
        "(a if b else (c if d else e))"
    );
    assert_eq!(expr("1 + 2 * 3"), "(1 + (2 * 3))");
    assert_eq!(
        expr("a | b ^ c & d << e + f * g ** h"),
        "(a | (b ^ (c & (d << (e + (f * (g ** h)))))))"
    );
    assert_eq!(expr("a - b - c"), "((a - b) - c)");
    assert_eq!(expr("a or b and not c"), "(a Or (b And (Not c)))");
    assert_eq!(expr("a or b or c"), "((a Or b) Or c)");
    assert_eq!(expr("x not in y is not z"), "(cmp x not in y is not z)");
    assert_eq!(expr("-x.y(1)[2]"), "(Neg x.y(1)[2])");
    assert_eq!(expr("~-+x"), "(Invert (Neg (Pos x)))");
    assert_eq!(expr("a @ b / c // d % e"), "((((a @ b) / c) // d) % e)");
    assert_eq!(expr("not not a"), "(Not (Not a))");
    assert_eq!(
        expr("a if b or c else d and e"),
        "(a if (b Or c) else (d And e))"
    );
    assert_eq!(expr("1 < 2 == (3 > 4)"), "(cmp 1 < 2 == (cmp 3 > 4))");
    assert_eq!(expr("a >> 1 << 2"), "((a >> 1) << 2)");
    // lambda is at the conditional's level: its body takes a whole
    // conditional, and it can be a conditional's `else` but not its body.
    assert_eq!(
        expr("lambda x, y=1: x if y else -x"),
        "(lambda x, y=1: (x if y else (Neg x)))"
    );
    assert_eq!(expr("a if b else lambda: c"), "(a if b else (lambda : c))");
    assert_eq!(
        expr("lambda: lambda x,: x or 1"),
        "(lambda : (lambda x: (x Or 1)))"
    );
    assert_eq!(
        expr("f(lambda: 1, k=lambda a: a)"),
        "f((lambda : 1), k=(lambda a: a))"
    );
    assert_eq!(expr("(lambda: 1)()"), "(lambda : 1)()");
    assert!(!errs("1 + lambda: 2").is_empty());
    assert!(!errs("lambda x: x = 1").is_empty());
}

#[test]
fn atoms_and_literals() {
    assert_eq!(expr("()"), "tuple()");
    assert_eq!(expr("(a,)"), "tuple(a)");
    assert_eq!(expr("(a, b,)"), "tuple(a, b)");
    assert_eq!(expr("(a)"), "a");
    assert_eq!(expr("[a, b,]"), "[a, b]");
    assert_eq!(expr("[]"), "[]");
    assert_eq!(expr("..."), "...");
    assert_eq!(expr("'a' \"b\" '''c'''"), "\"abc\"");
    assert_eq!(expr("True, False, None"), "tuple(true, false, None)");
    assert_eq!(
        expr("0x_ff + 0o17 + 0b1_0 + 1_000"),
        "(((255 + 15) + 2) + 1000)"
    );
    assert_eq!(expr("9223372036854775808"), "big9223372036854775808");
    assert_eq!(expr("-9223372036854775808"), "(Neg big9223372036854775808)");
    assert_eq!(expr("0xffffffffffffffff"), "big18446744073709551615");
    assert_eq!(
        expr("1. + .5 + 1e-3 + 1_000.5"),
        "(((1.0 + 0.5) + 0.001) + 1000.5)"
    );
    assert_eq!(expr("2j + 1.5j + 1e3j"), "((2.0j + 1.5j) + 1000.0j)");
}

#[test]
fn subscripts_and_calls() {
    assert_eq!(expr("a[1:, ::2]"), "a[tuple(1::, ::2)]");
    assert_eq!(expr("a[..., None]"), "a[tuple(..., None)]");
    assert_eq!(expr("a[i, j]"), "a[tuple(i, j)]");
    assert_eq!(expr("a[i,]"), "a[tuple(i)]");
    assert_eq!(expr("a[:]"), "a[::]");
    assert_eq!(expr("a[::-1]"), "a[::(Neg 1)]");
    assert_eq!(expr("a[1:2:3]"), "a[1:2:3]");
    assert_eq!(expr("f(a, b=1, *c,)"), "f(a, b=1, *c)");
    assert_eq!(expr("f()()"), "f()()");
    assert_eq!(
        expr("np.linalg.norm(x, axis=0)"),
        "np.linalg.norm(x, axis=0)"
    );
    assert_eq!(expr("a.T[0].shape"), "a.T[0].shape");
}

fn stmt_kinds(text: &str) -> Vec<StmtKind> {
    ok(text).into_iter().map(|s| s.node).collect()
}

fn one(text: &str) -> StmtKind {
    let mut kinds = stmt_kinds(text);
    assert_eq!(kinds.len(), 1, "{text:?}: {kinds:?}");
    kinds.remove(0)
}

#[test]
fn assignments() {
    let StmtKind::Assign(targets, value) = one("a, b = b, a") else {
        panic!()
    };
    assert_eq!(
        (show(&targets[0]), show(&value)),
        ("tuple(a, b)".into(), "tuple(b, a)".into())
    );
    let StmtKind::Assign(targets, value) = one("a = b = 0") else {
        panic!()
    };
    assert_eq!(targets.iter().map(show).collect::<Vec<_>>(), ["a", "b"]);
    assert_eq!(show(&value), "0");
    let StmtKind::Assign(targets, _) = one("a[1:, ::2] = v") else {
        panic!()
    };
    assert_eq!(show(&targets[0]), "a[tuple(1::, ::2)]");
    let StmtKind::Assign(targets, _) = one("x.y, [p, q] = 1, (2, 3)") else {
        panic!()
    };
    assert_eq!(show(&targets[0]), "tuple(x.y, [p, q])");
    for (src, op) in [
        ("+=", BinOp::Add),
        ("-=", BinOp::Sub),
        ("*=", BinOp::Mul),
        ("/=", BinOp::Div),
        ("//=", BinOp::FloorDiv),
        ("%=", BinOp::Mod),
        ("**=", BinOp::Pow),
        ("@=", BinOp::MatMul),
        ("&=", BinOp::BitAnd),
        ("|=", BinOp::BitOr),
        ("^=", BinOp::BitXor),
        ("<<=", BinOp::LShift),
        (">>=", BinOp::RShift),
    ] {
        let StmtKind::AugAssign(t, got, v) = one(&format!("a[0] {src} 2")) else {
            panic!()
        };
        assert_eq!((show(&t), got, show(&v)), ("a[0]".into(), op, "2".into()));
    }
}

#[test]
fn compound_statements() {
    let StmtKind::If(cond, body, orelse) =
        one("if a:\n    x = 1\nelif b:\n    x = 2\nelse:\n    x = 3\n")
    else {
        panic!()
    };
    assert_eq!(show(&cond), "a");
    assert_eq!(body.len(), 1);
    let [Spanned {
        node: StmtKind::If(c2, _, else2),
        ..
    }] = &orelse[..]
    else {
        panic!("{orelse:?}")
    };
    assert_eq!(show(c2), "b");
    assert_eq!(else2.len(), 1);

    let StmtKind::If(_, body, orelse) = one("if x: y = 1; z = 2\n") else {
        panic!()
    };
    assert_eq!((body.len(), orelse.len()), (2, 0));

    let text = "while i < 3:\n    i += 1\n    if i: break\n    continue\nelse:\n    pass\n";
    let StmtKind::While(cond, body, orelse) = one(text) else {
        panic!()
    };
    assert_eq!(
        (show(&cond), body.len(), orelse.len()),
        ("(cmp i < 3)".into(), 3, 1)
    );

    let StmtKind::For(target, iter, body, _) = one("for i, x in enumerate(a):\n    print(i, x)\n")
    else {
        panic!()
    };
    assert_eq!(
        (show(&target), show(&iter)),
        ("tuple(i, x)".into(), "enumerate(a)".into())
    );
    assert_eq!(body.len(), 1);
    let StmtKind::For(target, iter, _, _) = one("for x in 1, 2: pass") else {
        panic!()
    };
    assert_eq!(
        (show(&target), show(&iter)),
        ("x".into(), "tuple(1, 2)".into())
    );

    let text = "def f(a, b=1,):\n    \"\"\"doc\"\"\"\n    return a + b\n";
    let StmtKind::FunctionDef(name, params, body) = one(text) else {
        panic!()
    };
    assert_eq!(name.node, "f");
    assert_eq!(params.len(), 2);
    assert!(params[0].default.is_none() && params[1].default.is_some());
    assert_eq!(body.len(), 2);
    let span = crate::span::Span::new;
    assert_eq!(
        one("def g(): return"),
        StmtKind::FunctionDef(
            Spanned::new("g".into(), span(0, 4, 5)),
            vec![],
            vec![Spanned::new(StmtKind::Return(None), span(0, 9, 15))]
        )
    );
}

#[test]
fn simple_statements() {
    let StmtKind::While(_, body, _) = one("while x: pass; break; continue") else {
        panic!()
    };
    let kinds: Vec<StmtKind> = body.into_iter().map(|s| s.node).collect();
    assert_eq!(kinds, [StmtKind::Pass, StmtKind::Break, StmtKind::Continue]);
    let StmtKind::FunctionDef(_, _, body) = one("def f(): return 1, 2") else {
        panic!()
    };
    let StmtKind::Return(Some(v)) = &body[0].node else {
        panic!()
    };
    assert_eq!(show(v), "tuple(1, 2)");
    let StmtKind::Assert(t, Some(m)) = one("assert x > 0, 'msg'") else {
        panic!()
    };
    assert_eq!(
        (show(&t), show(&m)),
        ("(cmp x > 0)".into(), "\"msg\"".into())
    );
    let StmtKind::Del(targets) = one("del a, b[0]") else {
        panic!()
    };
    assert_eq!(targets.iter().map(show).collect::<Vec<_>>(), ["a", "b[0]"]);
    let StmtKind::Global(names) = one("global a, b") else {
        panic!()
    };
    assert_eq!(
        names.iter().map(|n| n.node.as_str()).collect::<Vec<_>>(),
        ["a", "b"]
    );
    let StmtKind::Import(names) = one("import numpy as np, math, numpy.linalg") else {
        panic!()
    };
    let paths: Vec<String> = names
        .iter()
        .map(|n| {
            let path: Vec<&str> = n.path.iter().map(|p| p.node.as_str()).collect();
            let alias = n
                .alias
                .as_ref()
                .map_or(String::new(), |a| format!(" as {}", a.node));
            format!("{}{alias}", path.join("."))
        })
        .collect();
    assert_eq!(paths, ["numpy as np", "math", "numpy.linalg"]);
    let StmtKind::ImportFrom(module, names) = one("from numpy.linalg import norm, inv as i") else {
        panic!()
    };
    assert_eq!(module.len(), 2);
    assert_eq!(names.len(), 2);
    assert_eq!(names[1].alias.as_ref().map(|a| a.node.as_str()), Some("i"));
    let StmtKind::ImportFrom(_, names) = one("from numpy import (a,\n  b,)") else {
        panic!()
    };
    assert_eq!(names.len(), 2);
    let metas = stmt_kinds(":time on\nx\n:mode float64=cpu");
    assert_eq!(metas[0], StmtKind::Meta(":time on".into()));
    assert_eq!(metas[2], StmtKind::Meta(":mode float64=cpu".into()));
    let magics = stmt_kinds("%who\nfor i in x:\n    %time f(i)\nnp.sum?\n");
    assert_eq!(magics[0], StmtKind::Meta("%who".into()));
    let StmtKind::For(_, _, body, _) = &magics[1] else {
        panic!("{:?}", magics[1])
    };
    assert_eq!(body[0].node, StmtKind::Meta("%time f(i)".into()));
    assert_eq!(magics[2], StmtKind::Meta("np.sum?".into()));
    assert_eq!(ok("\n\n# nothing\n"), vec![]);
}

#[test]
fn spans() {
    let text = "x = foo(1, b=2)[0]\nif y:\n    z = -2**2\n";
    let block = ok(text);
    let slice = |s: crate::span::Span| &text[s.range()];
    assert_eq!(slice(block[0].span), "x = foo(1, b=2)[0]");
    let StmtKind::Assign(targets, value) = &block[0].node else {
        panic!()
    };
    assert_eq!(slice(targets[0].span), "x");
    assert_eq!(slice(value.span), "foo(1, b=2)[0]");
    let ExprKind::Subscript(call, index) = &value.node else {
        panic!()
    };
    assert_eq!(slice(call.span), "foo(1, b=2)");
    assert_eq!(slice(index.span), "0");
    let ExprKind::Call(f, args) = &call.node else {
        panic!()
    };
    assert_eq!(slice(f.span), "foo");
    let Arg::Keyword(name, v) = &args[1] else {
        panic!()
    };
    assert_eq!((slice(name.span), slice(v.span)), ("b", "2"));
    assert_eq!(slice(block[1].span), "if y:\n    z = -2**2");
    let StmtKind::If(_, body, _) = &block[1].node else {
        panic!()
    };
    let StmtKind::Assign(_, value) = &body[0].node else {
        panic!()
    };
    assert_eq!(slice(value.span), "-2**2");
    let ExprKind::Unary(_, pow) = &value.node else {
        panic!()
    };
    assert_eq!(slice(pow.span), "2**2");
    let e = ok("a[1:, ::2]\n");
    let StmtKind::Expr(Spanned {
        node: ExprKind::Subscript(_, idx),
        ..
    }) = &e[0].node
    else {
        panic!()
    };
    assert_eq!(&"a[1:, ::2]"[idx.span.range()], "1:, ::2");
    assert!(ok("(a, b) < c if d else e\n")
        .iter()
        .all(|s| s.span.src == 0));
}

#[test]
fn three_errors_on_three_lines() {
    let text = "x = = 1\ny = 2 +\nok = 1\nz = )\nw = 1\n";
    let diags = parse(text, 0).expect_err("three errors");
    let lines: Vec<usize> = diags
        .iter()
        .map(|d| crate::lexer::line_number(text, d.span.start as usize))
        .collect();
    assert_eq!(lines, [1, 2, 4], "{diags:?}");
    // Errors inside blocks and in block headers are found too.
    let text = "def f(1):\n    x = = 1\nif a\n    pass\nfor 1 in x: pass\n";
    let diags = parse(text, 0).expect_err("errors");
    assert_eq!(diags.len(), 4, "{diags:?}");
}

#[test]
fn error_messages() {
    assert_eq!(errs("if x\n    pass\n"), ["SyntaxError: expected ':'"]);
    assert_eq!(
        errs("for x in y\n    pass\n"),
        ["SyntaxError: expected ':'"]
    );
    assert_eq!(errs("x = (1,"), ["SyntaxError: '(' was never closed"]);
    assert_eq!(
        errs("x = 'abc\n"),
        ["SyntaxError: unterminated string literal (detected at line 1)"]
    );
    assert_eq!(
        errs("f(a=1, b)"),
        ["SyntaxError: positional argument follows keyword argument"]
    );
    assert_eq!(
        errs("def f(a=1, b):\n    pass\n"),
        ["SyntaxError: parameter without a default follows parameter with a default"]
    );
    assert_eq!(
        errs("def f(a, a): pass"),
        ["SyntaxError: duplicate argument 'a' in function definition"]
    );
    assert_eq!(errs("1 = x"), ["SyntaxError: cannot assign to literal"]);
    assert_eq!(
        errs("f() = 1"),
        ["SyntaxError: cannot assign to function call"]
    );
    assert_eq!(
        errs("a + 1 = 2"),
        ["SyntaxError: cannot assign to expression"]
    );
    assert_eq!(errs("None = 2"), ["SyntaxError: cannot assign to None"]);
    assert_eq!(
        errs("x, f() = 1, 2"),
        ["SyntaxError: cannot assign to function call"]
    );
    assert_eq!(
        errs("for f() in x: pass"),
        ["SyntaxError: cannot assign to function call"]
    );
    assert_eq!(errs("del 1"), ["SyntaxError: cannot delete literal"]);
    assert_eq!(
        errs("(a, b) += 1"),
        ["SyntaxError: 'tuple' is an illegal expression for augmented assignment"]
    );
    assert_eq!(
        errs("f(1 2)"),
        ["SyntaxError: invalid syntax. Perhaps you forgot a comma?"]
    );
    assert_eq!(errs("x = "), ["SyntaxError: invalid syntax"]);
    assert_eq!(errs("  x = 1"), ["IndentationError: unexpected indent"]);

    let d = first_err("if x = 1:\n    pass\n");
    assert_eq!(d.help.as_deref(), Some("did you mean `==`?"));
    assert_eq!(d.span, crate::span::Span::new(0, 5, 6));
    assert!(d
        .contexts
        .iter()
        .any(|(_, c)| c == "while parsing this if statement"));

    let d = first_err("f(1, 2 3)");
    assert_eq!(d.label.as_deref(), Some("unexpected number `3`"));
    assert_eq!(d.notes, ["expected one of: `for`, `,`, `)`, an operator"]);
    assert!(d
        .contexts
        .iter()
        .any(|(_, c)| c == "while parsing this call"));
    let d = first_err("x = 1 +\n");
    assert_eq!(d.notes, ["expected an expression"]);
}

#[test]
fn unsupported_features() {
    let cases = [
        (
            "f = lambda x, x: 0",
            "duplicate argument 'x' in function definition",
        ),
        (
            "f = lambda x=1, y: 0",
            "parameter without a default follows parameter with a default",
        ),
        (
            "try:\n    x = 1\nelse:\n    y = 2\n",
            "expected 'except' or 'finally' block",
        ),
        (
            "try:\n    x = 1\nexcept:\n    pass\nexcept E:\n    pass\n",
            "default 'except:' must be last",
        ),
        (
            "try:\n    x = 1\nexcept A, B:\n    pass\n",
            "multiple exception types must be parenthesized",
        ),
        ("with:\n    pass\n", "invalid syntax"),
        ("with a as 1:\n    pass\n", "cannot assign to literal"),
        (
            "x, y: int = 1, 2",
            "only single target (not tuple) can be annotated",
        ),
        ("f(): int", "only single target (not function call) can be annotated"),
        ("class A(x=1 for x in y): pass", "invalid syntax"),
        ("f\"{}\"", "f-string: empty expression not allowed"),
        ("f\"}\"", "f-string: single '}' is not allowed"),
        ("f\"{x\"", "f-string: expecting '}'"),
        (
            "f\"{x!z}\"",
            "f-string: invalid conversion character: expected 's', 'r', or 'a'",
        ),
        ("f\"{x#}\"", "f-string expression part cannot include '#'"),
        (
            "f\"{x:{y:{z}}}\"",
            "f-string: expressions nested too deeply",
        ),
        ("f\"{x}\" = 1", "cannot assign to f-string expression"),
        ("def g():\n    nonlocal x\n", "no binding for nonlocal 'x' found"),
        ("nonlocal x", "nonlocal declaration not allowed at module level"),
        ("return 1", "'return' outside function"),
        ("if x:\n    break\n", "'break' outside loop"),
        (
            "for i in x:\n    def f():\n        continue\n",
            "'continue' not properly in loop",
        ),
        (
            "def f():\n    g = 1\n    def h():\n        global g\n        def k():\n            nonlocal g\n",
            "no binding for nonlocal 'g' found",
        ),
        ("yield 1", "'yield' outside function"),
        ("class A:\n    yield 1\n", "'yield' outside function"),
        (
            "def g():\n    return [(yield x) for x in y]\n",
            "'yield' inside list comprehension",
        ),
        (
            "[x for x in y if (yield)]",
            "'yield' inside list comprehension",
        ),
        (
            "def g():\n    return {k: (yield) for k in y}\n",
            "'yield' inside dict comprehension",
        ),
        (
            "f = lambda: (yield)",
            "yield is not supported here yet (in a lambda, an assignment target, a default or decorator, an except clause, an assert message or the condition of a while with an else)",
        ),
        (
            "def g():\n    x[(yield)] = 1\n",
            "yield is not supported here yet (in a lambda, an assignment target, a default or decorator, an except clause, an assert message or the condition of a while with an else)",
        ),
        ("async def f(): pass", "async is not supported yet"),
        ("await x", "await is not supported yet"),
        (
            "(a.b := 1)",
            "cannot use assignment expressions with attribute",
        ),
        (
            "(a[0] := 1)",
            "cannot use assignment expressions with subscript",
        ),
        ("def f(*, a, *b): pass", "* argument may appear only once"),
        (
            "def f(**k, a): pass",
            "arguments cannot follow var-keyword argument",
        ),
        ("def f(a, *): pass", "named arguments must follow bare *"),
        ("def f(/, a): pass", "at least one argument must precede /"),
        ("def f(*a, b, /): pass", "/ must be ahead of *"),
        (
            "f = lambda **k, x: 0",
            "arguments cannot follow var-keyword argument",
        ),
        (
            "[*x for x in y]",
            "iterable unpacking cannot be used in comprehension",
        ),
        (
            "f(x for x in y, 1)",
            "Generator expression must be parenthesized",
        ),
        (
            "a, *b, *c = d",
            "multiple starred expressions in assignment",
        ),
        (
            "f(**k, *a)",
            "iterable argument unpacking follows keyword argument unpacking",
        ),
        (
            "f(**k, a)",
            "positional argument follows keyword argument unpacking",
        ),
        ("*a", "can't use starred expression here"),
        ("[x for 1 in y]", "cannot assign to literal"),
        (
            "{**a for a in b}",
            "dict unpacking cannot be used in dict comprehension",
        ),
        ("[x for x in y] = 1", "cannot assign to list comprehension"),
        (
            "from numpy import *",
            "`from ... import *` is not supported",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(errs(text), [format!("SyntaxError: {message}")], "{text:?}");
    }
}

#[test]
fn displays_comprehensions_and_unpacking() {
    let cases = [
        ("{}", "{}"),
        ("{1: 2, **d, 'k': v}", "{1: 2, **d, \"k\": v}"),
        ("{1, *s}", "set(1, *s)"),
        ("[*a, b]", "[*a, b]"),
        ("(*a, b)", "tuple(*a, b)"),
        (
            "[x * 2 for x in xs if x if y]",
            "[(x * 2) for x in xs if x if y]",
        ),
        (
            "{k: v for k, v in d for z in k}",
            "{k: v for tuple(k, v) in d for z in k}",
        ),
        ("{x for x in s}", "{x for x in s}"),
        ("f\"a{x!r:>{w}}b\" 'c'", "f(\"a\", {x!r:>{w}}, \"bc\")"),
        ("f\"{x=}\"", "f({x=})"),
        ("'a' 'b'", "\"ab\""),
        ("(x := 1 + 2)", "(x := (1 + 2))"),
        ("f(y := a if b else c)", "f((y := (a if b else c)))"),
        ("[z := i for i in r]", "[(z := i) for i in r]"),
        ("(x for x in s)", "gen(x for x in s)"),
        ("sum(x for x in s)", "sum(gen(x for x in s))"),
        ("f((x for x in s), 1)", "f(gen(x for x in s), 1)"),
        ("f(*a, **k)", "f(*a, **k)"),
        ("[a for b, *c in d]", "[a for tuple(b, *c) in d]"),
    ];
    for (text, want) in cases {
        assert_eq!(expr(text), want, "{text:?}");
    }
}

/// Every prefix of every snippet lexes, parses and renders without panicking.
#[test]
fn no_panic_on_prefixes() {
    let corpus = [
        "import numpy as np\na = np.arange(12).reshape(3, 4)\nb = a[1:, ::2] * -2**2\n",
        "def f(a, b=1):\n    if a < b <= 3:\n        return a if b else -a\n    elif not a:\n        pass\n    else:\n        return (a, b,)\n",
        "for i, x in enumerate([1, 2.5, 3j]):\n    while i > 0:\n        i -= 1\n        break\n    else:\n        continue\n",
        "x = '''multi\nline''' 'é' r'\\n' \"\\x41\\u00e9\"\n:time on\ndel x; global y\n",
        "try:\n    f(**kw)\nexcept:\n    [x for x in {1: 2}]\nlambda: (yield)\nclass C: pass\nf'{x}'\n",
        "f = lambda a, b=(1, 2): a if b else lambda: -a\ng(lambda x: (x, lambda: x), key=lambda v,: v)\n",
        "a[..., None] @= b[::-1]; assert a, 'm'\nfrom numpy.linalg import (norm,\n inv as i)\n\tx\n  y\n",
        "x = (1,\n2]\n) \\\n y = 0x_ff + 0b12 + 1__2 + 012 + 1e + 1.5j$\n\"unterminated\n'''open",
        "if x = 1:\n  pass\nf(a=1, b)\n1 = 2\nf() = 3\n(a, b) += 1\nx := 5\n“q”",
    ];
    let mut sources = crate::span::SourceMap::new();
    for text in corpus {
        for (i, _) in text.char_indices().chain([(text.len(), ' ')]) {
            let prefix = &text[..i];
            let _ = crate::lexer::completeness(prefix);
            let id = sources.add("<test>", prefix);
            if let Err(diags) = parse(prefix, id) {
                for d in &diags {
                    let _ = crate::render(d, &sources, i % 2 == 0);
                }
            }
        }
    }
}

#[test]
fn try_statements_and_raise() {
    let b = ok("try:\n    x = 1\nexcept (A, B) as e:\n    pass\nexcept C:\n    pass\nexcept:\n    raise\nelse:\n    y = 2\nfinally:\n    z = 3\n");
    let StmtKind::Try(t) = &b[0].node else {
        panic!("not a try: {b:?}");
    };
    let names: Vec<Option<&str>> = t
        .handlers
        .iter()
        .map(|h| h.name.as_ref().map(|n| n.node.as_str()))
        .collect();
    assert_eq!(names, [Some("e"), None, None]);
    assert!(
        matches!(t.handlers[0].typ.as_ref().map(|e| &e.node), Some(ExprKind::Tuple(items)) if items.len() == 2)
    );
    assert!(t.handlers[2].typ.is_none());
    assert_eq!(t.handlers[2].body[0].node, StmtKind::Raise(None, None));
    assert_eq!((t.orelse.len(), t.finalbody.len()), (1, 1));
    let b = ok("try:\n    pass\nfinally:\n    pass\n");
    assert!(
        matches!(&b[0].node, StmtKind::Try(t) if t.handlers.is_empty() && t.finalbody.len() == 1)
    );
    let b = ok("raise ValueError('x') from err");
    assert!(
        matches!(&b[0].node, StmtKind::Raise(Some(_), Some(c)) if c.node == ExprKind::Name("err".into()))
    );
    assert_eq!(
        errs("except ValueError:\n    pass\n"),
        ["SyntaxError: invalid syntax"]
    );
}

#[test]
fn with_statements() {
    let b = ok("with open(p) as f, lock:\n    pass\nwith (a as x, b as (y, z),):\n    pass\nwith (a, b) as t:\n    pass\n");
    let items = |s: &Stmt| match &s.node {
        StmtKind::With(items, _) => items
            .iter()
            .map(|i| (show(&i.ctx), i.target.as_ref().map(show)))
            .collect::<Vec<_>>(),
        other => panic!("not a with: {other:?}"),
    };
    let s = |x: &str| x.to_string();
    assert_eq!(
        items(&b[0]),
        [(s("open(p)"), Some(s("f"))), (s("lock"), None)]
    );
    assert_eq!(
        items(&b[1]),
        [(s("a"), Some(s("x"))), (s("b"), Some(s("tuple(y, z)")))]
    );
    assert_eq!(items(&b[2]), [(s("tuple(a, b)"), Some(s("t")))]);
}

/// The body of the one `def` a block holds.
fn only_def_body(block: &Block) -> &Block {
    let [Spanned {
        node: StmtKind::FunctionDef(_, _, body),
        ..
    }] = &block[..]
    else {
        panic!("not one def: {block:?}");
    };
    body
}

#[test]
fn yield_forms() {
    let block = ok("def g():\n    yield a, b\n    x = yield\n    yield from f(1)\n    yield\n");
    let body = only_def_body(&block);
    let shown: Vec<String> = body
        .iter()
        .map(|s| match &s.node {
            StmtKind::Expr(e) => show(e),
            StmtKind::Assign(t, v) => format!("{} = {}", show(&t[0]), show(v)),
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    assert_eq!(
        shown,
        [
            "(yield tuple(a, b))",
            "x = (yield)",
            "(yield from f(1))",
            "(yield)"
        ]
    );
}

/// A `yield` inside an expression is moved into a statement of its own,
/// what is evaluated before it stored first, in Python's order.
#[test]
fn yields_inside_expressions_are_hoisted() {
    let block = ok("def g():\n    y = f(a, (yield x)) + 1\n    z = p and (yield)\n");
    let body = only_def_body(&block);
    let shown: Vec<String> = body
        .iter()
        .map(|s| match &s.node {
            StmtKind::Assign(t, v) => format!("{} = {}", show(&t[0]), show(v)),
            StmtKind::If(c, then, _) => format!("if {}: {} stmt", show(c), then.len()),
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    assert_eq!(
        shown,
        [
            ".y0 = f",
            ".y1 = a",
            ".y2 = (yield x)",
            "y = (.y0(.y1, .y2) + 1)",
            ".y3 = p",
            "if .y3: 2 stmt",
            "z = .y3",
        ]
    );
}
