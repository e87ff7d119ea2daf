//! Runs every table entry's examples (uiua's `prim_docs` is the model).
//!
//! The interpreter crate sits above this one, so examples are evaluated by
//! a tiny evaluator here: literals (ints, floats, `2j`, strings, bytes, lists,
//! tuples, dicts, sets, True/False/None), names (builtins, `math`/`time`/`sys`, and
//! variables bound earlier in the example), calls with keyword arguments,
//! attributes, subscripts, unary minus, binary arithmetic and comparisons
//! (through [`crate::ops`], so with Python's precedence but no chaining),
//! and `;`-separated statements where `name = expr` binds a variable. The
//! value of the last expression is compared with the text after `  # `:
//! its repr, or `ErrorClass: message` for an exception.

use std::collections::HashMap;

use xpush_lang::ast::{BinOp, CmpOp, UnaryOp};

use crate::host::{Host, Kwargs, SourceKind};
use crate::value::Value;
use crate::{ops, table, Error, Result};

/// A host that records output and calls straight back into [`ops::call`].
pub(crate) struct TestHost {
    pub out: String,
}

impl Host for TestHost {
    fn write_out(&mut self, text: &str) {
        self.out.push_str(text);
    }
    fn call(&mut self, callee: &Value, args: Vec<Value>, kwargs: Kwargs) -> Result<Value> {
        ops::call(self, callee, args, kwargs)
    }
    fn check_interrupt(&self) -> Result<()> {
        Ok(())
    }
    fn argv(&self) -> Vec<String> {
        vec!["prog".into()]
    }
    fn resume(&mut self, _: &mut dyn std::any::Any) -> Result<Option<Value>> {
        Err(Error::type_error("examples make no generators"))
    }
    /// `eval`/`exec` of example code, in the examples' own small
    /// language: the names of the `globals` dict are bound, and `exec`
    /// writes back the ones it binds.
    fn run_source(
        &mut self,
        source: &str,
        kind: SourceKind,
        globals: Option<Value>,
        _locals: Option<Value>,
    ) -> Result<Value> {
        let mut vars = HashMap::new();
        if let Some(Value::Dict(d)) = &globals {
            for (k, v) in d.borrow().iter() {
                if let Value::Str(k) = k {
                    vars.insert(k.to_string(), v.clone());
                }
            }
        }
        let v = eval_in(source, self, &mut vars)?;
        if kind == SourceKind::Eval {
            return Ok(v);
        }
        if let Some(Value::Dict(d)) = &globals {
            for (k, v) in vars {
                d.borrow_mut().insert(Value::str(k.as_str()), v)?;
            }
        }
        Ok(Value::None)
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(String),
    Str(String),
    Bytes(Vec<u8>),
    Name(String),
    Op(String),
}

fn tokenize(src: &str) -> std::result::Result<Vec<Tok>, String> {
    let chars: Vec<char> = src.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit()
            || (c == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit))
        {
            let start = i;
            while i < chars.len() {
                let d = chars[i];
                let exp_sign = (d == '+' || d == '-') && matches!(chars[i - 1], 'e' | 'E');
                if d.is_ascii_alphanumeric() || d == '.' || d == '_' || exp_sign {
                    i += 1;
                } else {
                    break;
                }
            }
            out.push(Tok::Num(chars[start..i].iter().collect()));
        } else if (c.is_alphabetic() || c == '_')
            && !(c == 'b' && matches!(chars.get(i + 1), Some('\'' | '"')))
        {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Tok::Name(chars[start..i].iter().collect()));
        } else if c == '\''
            || c == '"'
            || (c == 'b' && matches!(chars.get(i + 1), Some('\'' | '"')))
        {
            let bytes = c == 'b';
            if bytes {
                i += 1;
            }
            let c = chars[i];
            let mut raw = String::new();
            i += 1;
            while i < chars.len() && chars[i] != c {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    raw.push(chars[i]);
                    i += 1;
                }
                raw.push(chars[i]);
                i += 1;
            }
            i += 1;
            let text = crate::bind::unescape(&raw)?;
            out.push(if bytes {
                Tok::Bytes(text.chars().map(|c| c as u32 as u8).collect())
            } else {
                Tok::Str(text)
            });
        } else {
            let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            let three: String = chars[i..(i + 3).min(chars.len())].iter().collect();
            let op = if three == "..." {
                three
            } else if ["**", "//", "==", "!=", "<=", ">=", "<<", ">>"].contains(&two.as_str()) {
                two
            } else {
                c.to_string()
            };
            i += op.chars().count();
            out.push(Tok::Op(op));
        }
    }
    Ok(out)
}

struct Eval<'a> {
    toks: Vec<Tok>,
    pos: usize,
    vars: &'a mut HashMap<String, Value>,
    host: &'a mut TestHost,
}

fn syntax(msg: impl Into<String>) -> Error {
    Error::new(crate::ExcKind::SyntaxError, msg)
}

impl Eval<'_> {
    fn peek_op(&self, op: &str) -> bool {
        matches!(self.toks.get(self.pos), Some(Tok::Op(o)) if o == op)
    }

    fn eat(&mut self, op: &str) -> bool {
        if self.peek_op(op) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, op: &str) -> Result<()> {
        if self.eat(op) {
            Ok(())
        } else {
            Err(syntax(format!("expected {op} at token {}", self.pos)))
        }
    }

    fn expr(&mut self) -> Result<Value> {
        let left = self.arith(0)?;
        let cmp = match self.toks.get(self.pos) {
            Some(Tok::Op(o)) => match o.as_str() {
                "<" => Some(CmpOp::Lt),
                ">" => Some(CmpOp::Gt),
                "<=" => Some(CmpOp::LtE),
                ">=" => Some(CmpOp::GtE),
                "==" => Some(CmpOp::Eq),
                "!=" => Some(CmpOp::NotEq),
                _ => None,
            },
            Some(Tok::Name(n)) if n == "in" => Some(CmpOp::In),
            Some(Tok::Name(n)) if n == "is" => {
                if matches!(self.toks.get(self.pos + 1), Some(Tok::Name(m)) if m == "not") {
                    self.pos += 1;
                    Some(CmpOp::IsNot)
                } else {
                    Some(CmpOp::Is)
                }
            }
            _ => None,
        };
        match cmp {
            Some(op) => {
                self.pos += 1;
                let right = self.arith(0)?;
                match crate::py::class::compare(self.host, op, &left, &right) {
                    Some(r) => r,
                    None => ops::compare(op, &left, &right),
                }
            }
            None => Ok(left),
        }
    }

    fn binop(&self) -> Option<(BinOp, u8)> {
        let Some(Tok::Op(o)) = self.toks.get(self.pos) else {
            return None;
        };
        Some(match o.as_str() {
            "|" => (BinOp::BitOr, 1),
            "^" => (BinOp::BitXor, 2),
            "&" => (BinOp::BitAnd, 3),
            "<<" => (BinOp::LShift, 4),
            ">>" => (BinOp::RShift, 4),
            "+" => (BinOp::Add, 5),
            "-" => (BinOp::Sub, 5),
            "*" => (BinOp::Mul, 6),
            "/" => (BinOp::Div, 6),
            "//" => (BinOp::FloorDiv, 6),
            "%" => (BinOp::Mod, 6),
            "@" => (BinOp::MatMul, 6),
            _ => return None,
        })
    }

    /// `a op b`, through the special methods of objects of classes
    /// (`np.poly1d`).
    fn binary(&mut self, op: BinOp, a: &Value, b: &Value) -> Result<Value> {
        match crate::py::class::binary(self.host, op, a, b) {
            Some(r) => r,
            None => ops::binary(op, a, b),
        }
    }

    fn arith(&mut self, min_prec: u8) -> Result<Value> {
        let mut left = self.unary()?;
        while let Some((op, prec)) = self.binop() {
            if prec <= min_prec {
                break;
            }
            self.pos += 1;
            let right = self.arith(prec)?;
            left = self.binary(op, &left, &right)?;
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Value> {
        if self.eat("-") {
            let v = self.unary()?;
            return match crate::py::class::unary(self.host, UnaryOp::Neg, &v) {
                Some(r) => r,
                None => ops::unary(UnaryOp::Neg, &v),
            };
        }
        let base = self.postfix()?;
        if self.eat("**") {
            let exp = self.unary()?;
            return self.binary(BinOp::Pow, &base, &exp);
        }
        Ok(base)
    }

    fn postfix(&mut self) -> Result<Value> {
        let mut v = self.atom()?;
        loop {
            if self.eat("(") {
                let (args, kwargs) = self.call_args()?;
                v = ops::call(self.host, &v, args, kwargs)?;
            } else if self.eat(".") {
                let Some(Tok::Name(n)) = self.toks.get(self.pos).cloned() else {
                    return Err(syntax("expected attribute"));
                };
                self.pos += 1;
                v = match crate::py::class::getattr(self.host, &v, &n) {
                    Some(r) => r?,
                    None => ops::getattr(&v, &n)?,
                };
            } else if self.eat("[") {
                let idx = self.subscript()?;
                self.expect("]")?;
                v = match &v {
                    Value::Dict(d) if crate::collections::has_missing(&d.borrow()) => {
                        crate::collections::getitem(self.host, d, &idx)?
                    }
                    _ if crate::py::class::is_instance(&v) => crate::py::class::call_special(
                        self.host,
                        &v,
                        "__getitem__",
                        vec![idx],
                        "'{}' object is not subscriptable",
                    )?,
                    _ => ops::getitem(&v, &idx)?,
                };
            } else {
                return Ok(v);
            }
        }
    }

    /// `expr` or a slice `a:b:c` with optional parts.
    fn subscript(&mut self) -> Result<Value> {
        let mut parts = [Value::None, Value::None, Value::None];
        let mut k = 0;
        loop {
            if !self.peek_op(":") && !self.peek_op("]") {
                parts[k] = self.expr()?;
            }
            if k < 2 && self.eat(":") {
                k += 1;
            } else {
                break;
            }
        }
        if k == 0 {
            return Ok(std::mem::replace(&mut parts[0], Value::None));
        }
        let [start, stop, step] = parts;
        Ok(Value::Slice(std::rc::Rc::new(crate::value::SliceObj {
            start,
            stop,
            step,
        })))
    }

    fn call_args(&mut self) -> Result<(Vec<Value>, Kwargs)> {
        let (mut args, mut kwargs) = (Vec::new(), Vec::new());
        while !self.eat(")") {
            if let (Some(Tok::Name(n)), Some(Tok::Op(eq))) = (
                self.toks.get(self.pos).cloned(),
                self.toks.get(self.pos + 1),
            ) {
                if eq == "=" {
                    self.pos += 2;
                    kwargs.push((n.as_str().into(), self.expr()?));
                    self.eat(",");
                    continue;
                }
            }
            args.push(self.expr()?);
            self.eat(",");
        }
        Ok((args, kwargs))
    }

    fn items(&mut self, close: &str) -> Result<(Vec<Value>, bool)> {
        let mut items = Vec::new();
        let mut comma = false;
        while !self.eat(close) {
            items.push(self.expr()?);
            comma = self.eat(",");
        }
        Ok((items, comma))
    }

    /// A dict or set display after its `{`.
    fn braces(&mut self) -> Result<Value> {
        let mut dict = crate::value::DictTable::new();
        let mut set = crate::value::SetTable::new();
        let mut is_set = false;
        while !self.eat("}") {
            let key = self.expr()?;
            if self.eat(":") {
                dict.insert(key, self.expr()?)?;
            } else {
                is_set = true;
                set.add(key)?;
            }
            self.eat(",");
        }
        Ok(if is_set {
            Value::set(set)
        } else {
            Value::dict(dict)
        })
    }

    fn atom(&mut self) -> Result<Value> {
        let tok = self
            .toks
            .get(self.pos)
            .cloned()
            .ok_or_else(|| syntax("unexpected end"))?;
        self.pos += 1;
        match tok {
            Tok::Num(n) => parse_number(&n),
            Tok::Str(s) => Ok(Value::str(s)),
            Tok::Bytes(b) => Ok(Value::Bytes(b.into())),
            Tok::Name(n) => match n.as_str() {
                "True" => Ok(Value::Bool(true)),
                "False" => Ok(Value::Bool(false)),
                "None" => Ok(Value::None),
                _ => {
                    if let Some(v) = self.vars.get(&n) {
                        return Ok(v.clone());
                    }
                    if let Some(v) = table::builtin(&n) {
                        return Ok(v);
                    }
                    let module = if n == "np" { "numpy" } else { n.as_str() };
                    ops::import(self.host, module)
                        .map_err(|_| Error::name_error(format!("name '{n}' is not defined")))
                }
            },
            Tok::Op(o) => match o.as_str() {
                "(" => {
                    let (items, comma) = self.items(")")?;
                    if items.len() == 1 && !comma {
                        Ok(items.into_iter().next().unwrap_or(Value::None))
                    } else {
                        Ok(Value::tuple(items))
                    }
                }
                "[" => Ok(Value::list(self.items("]")?.0)),
                "{" => self.braces(),
                "..." => Ok(Value::Ellipsis),
                other => Err(syntax(format!("unexpected {other}"))),
            },
        }
    }
}

fn parse_number(n: &str) -> Result<Value> {
    let clean: String = n.chars().filter(|c| *c != '_').collect();
    if let Some(im) = clean.strip_suffix(['j', 'J']) {
        let f: f64 = im.parse().map_err(|_| syntax(format!("bad number {n}")))?;
        return Ok(Value::Complex(num_complex::Complex64::new(0.0, f)));
    }
    if let Some(v) = crate::types::parse_int(&clean, 0) {
        return Ok(Value::from_bigint(v));
    }
    clean
        .parse::<f64>()
        .map(Value::Float)
        .map_err(|_| syntax(format!("bad number {n}")))
}

/// Evaluates one example program; the value of its last statement.
pub(crate) fn eval_example(src: &str, host: &mut TestHost) -> Result<Value> {
    eval_in(src, host, &mut HashMap::new())
}

/// Evaluates one example program with `vars` bound; the value of its
/// last statement (the variables it binds are left in `vars`).
fn eval_in(src: &str, host: &mut TestHost, vars: &mut HashMap<String, Value>) -> Result<Value> {
    let mut last = Value::None;
    for stmt in src.split("; ") {
        let toks = tokenize(stmt).map_err(syntax)?;
        let (target, start) = match (toks.first(), toks.get(1)) {
            (Some(Tok::Name(n)), Some(Tok::Op(eq))) if eq == "=" => (Some(n.clone()), 2),
            _ => (None, 0),
        };
        let mut ev = Eval {
            toks,
            pos: start,
            vars,
            host,
        };
        let v = ev.expr()?;
        if ev.pos != ev.toks.len() {
            return Err(syntax(format!("trailing tokens in {stmt:?}")));
        }
        match target {
            Some(name) => {
                vars.insert(name, v);
                last = Value::None;
            }
            None => last = v,
        }
    }
    Ok(last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Kind;

    #[test]
    fn every_example_runs_and_matches() {
        let mut failures = Vec::new();
        let mut count = 0;
        for (_, d) in table::all() {
            for ex in d.examples {
                count += 1;
                let Some((code, want)) = ex.split_once("  # ") else {
                    failures.push(format!(
                        "{}.{}: example without '  # ': {ex}",
                        d.module, d.name
                    ));
                    continue;
                };
                let mut host = TestHost { out: String::new() };
                let got = match eval_example(code, &mut host) {
                    Ok(v) => {
                        crate::py::class::repr(&mut host, &v).unwrap_or_else(|e| format!("{e}"))
                    }
                    Err(e) => format!("{e}"),
                };
                if got != want.trim() {
                    failures.push(format!(
                        "{}.{}: {code}\n    want {want}\n    got  {got}",
                        d.module, d.name
                    ));
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{} of {count} examples failed:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }

    /// Replays `testdata/arith.txt` (generated by CPython 3.11 with
    /// `testdata/gen_arith.py`): every operator over boundary values.
    #[test]
    fn arith_corpus_matches_cpython() {
        corpus(include_str!("../testdata/arith.txt"));
    }

    /// Replays `testdata/misc.txt` (`testdata/gen_misc.py`): float repr and
    /// rounding on random values, slicing, str methods, formatting.
    #[test]
    fn misc_corpus_matches_cpython() {
        corpus(include_str!("../testdata/misc.txt"));
    }

    fn corpus(corpus: &str) {
        let mut failures = Vec::new();
        for line in corpus.lines() {
            let Some((code, want)) = line.split_once("  # ") else {
                continue;
            };
            let got = run(code);
            if got != want {
                failures.push(format!("{code}\n    want {want}\n    got  {got}"));
            }
        }
        assert!(
            failures.is_empty(),
            "{} failures:\n{}",
            failures.len(),
            failures
                .iter()
                .take(40)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
    }

    #[test]
    fn names_unique_documented_and_exemplified() {
        let mut seen = std::collections::HashSet::new();
        for (id, d) in table::all() {
            assert!(
                seen.insert((d.module, d.name)),
                "duplicate {}.{}",
                d.module,
                d.name
            );
            assert!(!d.doc.is_empty(), "{}.{} has no doc", d.module, d.name);
            assert!(
                !d.examples.is_empty(),
                "{}.{} has no example",
                d.module,
                d.name
            );
            assert!(
                table::sig(id).is_ok(),
                "{}.{} has a bad signature: {:?}",
                d.module,
                d.name,
                table::sig(id).err()
            );
            assert_eq!(table::lookup(d.module, d.name), Some(id));
            if d.kind == Kind::Method {
                let s = table::sig(id).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(
                    s.params.first().map(|p| p.name.as_str()),
                    Some("self"),
                    "{}.{} must take self",
                    d.module,
                    d.name
                );
            }
        }
    }

    #[test]
    fn print_writes_through_the_host() {
        let mut host = TestHost { out: String::new() };
        eval_example("print('a', 1, 2.5, None, sep='-', end='!')", &mut host).unwrap();
        eval_example("print()", &mut host).unwrap();
        assert_eq!(host.out, "a-1-2.5-None!\n");
    }

    #[test]
    fn help_and_members() {
        let id = table::lookup_builtin("len").unwrap();
        let help = table::help_text(id);
        assert!(
            help.starts_with("len(obj, /)\n    Return the number of items"),
            "{help}"
        );
        let math: Vec<&str> = table::members("math").map(|(_, d)| d.name).collect();
        assert!(math.contains(&"sqrt") && math.contains(&"fsum"));
    }

    fn run(src: &str) -> String {
        let mut host = TestHost { out: String::new() };
        match eval_example(src, &mut host) {
            Ok(v) => ops::repr(&v),
            Err(e) => format!("{e}"),
        }
    }

    #[test]
    fn semantics_through_the_evaluator() {
        let cases: &[(&str, &str)] = &[
            ("-(-9223372036854775808)", "9223372036854775808"),
            ("-9223372036854775808 // -1", "9223372036854775808"),
            ("2**53 + 1 > float(2**53)", "True"),
            ("2**64 / 3", "6.148914691236517e+18"),
            (
                "2**10000 / 1",
                "OverflowError: integer division result too large for a float",
            ),
            (
                "float(2**10000)",
                "OverflowError: int too large to convert to float",
            ),
            ("round(0.5)", "0"),
            ("round(-2.5)", "-2"),
            ("round(25, -1)", "20"),
            ("round(35, -1)", "40"),
            ("round(-25, -1)", "-20"),
            (
                "round(1.5, 'a')",
                "TypeError: 'str' object cannot be interpreted as an integer",
            ),
            (
                "round('a')",
                "TypeError: type str doesn't define __round__ method",
            ),
            (
                "len(1, 2)",
                "TypeError: len() takes exactly one argument (2 given)",
            ),
            (
                "len()",
                "TypeError: len() takes exactly one argument (0 given)",
            ),
            (
                "'x'.zfill()",
                "TypeError: str.zfill() takes exactly one argument (0 given)",
            ),
            (
                "'x'.upper(1)",
                "TypeError: str.upper() takes no arguments (1 given)",
            ),
            (
                "'a'.replace('a')",
                "TypeError: replace expected at least 2 arguments, got 1",
            ),
            ("divmod(1)", "TypeError: divmod expected 2 arguments, got 1"),
            (
                "[].pop(1, 2)",
                "TypeError: pop expected at most 1 argument, got 2",
            ),
            (
                "math.sqrt(x=1)",
                "TypeError: math.sqrt() takes no keyword arguments",
            ),
            (
                "round(1.5, ndigits=None, x=1)",
                "TypeError: round() got an unexpected keyword argument 'x'",
            ),
            (
                "sorted([3, 1], bogus=1)",
                "TypeError: sorted() got an unexpected keyword argument 'bogus'",
            ),
            (
                "(1).foo",
                "AttributeError: 'int' object has no attribute 'foo'",
            ),
            (
                "math.foo",
                "AttributeError: module 'math' has no attribute 'foo'",
            ),
            ("(1)()", "TypeError: 'int' object is not callable"),
            ("str.upper('a')", "'A'"),
            ("str.upper", "<method 'upper' of 'str' objects>"),
            ("len", "<built-in function len>"),
            ("math", "<module 'math'>"),
            ("type(math)", "<class 'module'>"),
            ("type(...)", "<class 'ellipsis'>"),
            ("type(True)", "<class 'bool'>"),
            ("isinstance(True, (str, int))", "True"),
            ("(1+2j).real", "1.0"),
            ("(5).real", "5"),
            ("(2.5).is_integer()", "False"),
            (
                "'%5.2f|%-4d|%s|%r|%x' % (3.14159, 42, 'a', 'b', 255)",
                "\" 3.14|42  |a|'b'|ff\"",
            ),
            (
                "'%d' % 'a'",
                "TypeError: %d format: a real number is required, not str",
            ),
            (
                "'%s %s' % (1,)",
                "TypeError: not enough arguments for format string",
            ),
            ("'{:08.3f}'.format(-3.14159)", "'-003.142'"),
            (
                "'{:q}'.format(1)",
                "ValueError: Unknown format code 'q' for object of type 'int'",
            ),
            (
                "'{:g}|{:e}'.format(1e-5, 12345.678)",
                "'1e-05|1.234568e+04'",
            ),
            ("x = [3, 1, 2]; x.sort(reverse=True); x", "[3, 2, 1]"),
            (
                "sorted([(1, 'b'), (1, 'a'), (0, 'z')])",
                "[(0, 'z'), (1, 'a'), (1, 'b')]",
            ),
            ("sorted(range(20), key=abs, reverse=True)[1]", "18"),
            ("min(1, 2, key=abs)", "1"),
            ("max('a', 'b', 'a')", "'b'"),
            ("sum(range(101))", "5050"),
            ("sum([1.5, 2])", "3.5"),
            ("int('1' * 30)", "111111111111111111111111111111"),
            ("int(-1e19)", "-10000000000000000000"),
            (
                "int('12', 1)",
                "ValueError: int() base must be >= 2 and <= 36, or 0",
            ),
            (
                "int(1.5, 10)",
                "TypeError: int() can't convert non-string with explicit base",
            ),
            ("float('  1e3  ')", "1000.0"),
            ("complex('1e3j')", "1000j"),
            ("divmod(7, -2)", "(-4, -1)"),
            (
                "pow(2.0, 3, 5)",
                "TypeError: pow() 3rd argument not allowed unless all arguments are integers",
            ),
            ("pow(-2, 3, 5)", "2"),
            ("pow(2, 3, -5)", "-2"),
            ("abs(-2**63)", "9223372036854775808"),
            ("hex(2**70)", "'0x400000000000000000'"),
            ("math.floor(-1e300) == -10**300", "False"),
            ("math.trunc(1e300) // 10**290", "10000000000"),
            ("math.factorial(30)", "265252859812191058636308480000000"),
            ("math.comb(100, 50)", "100891344545564193334812497256"),
            ("math.log(2**1100, 2)", "1100.0"),
            ("math.log10(10**400)", "400.0"),
            ("sys.argv", "['prog']"),
            ("sys.maxsize", "9223372036854775807"),
            ("foo", "NameError: name 'foo' is not defined"),
            ("list(enumerate(['a'], 5))", "[(5, 'a')]"),
            (
                "list(zip('ab', 'xyz', [1, 2]))",
                "[('a', 'x', 1), ('b', 'y', 2)]",
            ),
            ("list(reversed('abc'))", "['c', 'b', 'a']"),
            ("list(range(0, -10, -3))", "[0, -3, -6, -9]"),
            ("range(0, 10)[::-1]", "range(9, -1, -1)"),
            ("'héllo'[::-2]", "'olh'"),
            ("'héllo'[-1]", "'o'"),
            ("3 in range(0, 10, 3)", "True"),
            ("'{0}{0}'.format('ab')", "'abab'"),
            ("'a'.split(None, 0)", "['a']"),
            ("'  a  b '.split(None, 0)", "['a  b ']"),
            ("'  a  b '.rsplit(None, 0)", "['  a  b']"),
            ("'abc'.find('c', -1)", "2"),
            ("'abc'.find('', 4)", "-1"),
            ("'ab'.center(5)", "'  ab '"),
            (
                "'ab'.center(5, 'xy')",
                "TypeError: The fill character must be exactly one character long",
            ),
            ("1j ** 2", "(-1+0j)"),
            (
                "(0j) ** -1",
                "ZeroDivisionError: 0.0 to a negative or complex power",
            ),
            (
                "(-8) ** (1 / 3)",
                "(1.0000000000000002+1.7320508075688772j)",
            ),
            (
                "1 // 0.0",
                "ZeroDivisionError: float floor division by zero",
            ),
            ("-7 % 2.5", "0.5"),
            ("True + True", "2"),
            ("[1, 2] * 2", "[1, 2, 1, 2]"),
            (
                "[1] + (1,)",
                "TypeError: can only concatenate list (not \"tuple\") to list",
            ),
            ("[1, [2, 3]] == [1, [2, 3.0]]", "True"),
            ("(1, 2) < (1, 2, 0)", "True"),
            (
                "[1, 'a'] < [1, 2]",
                "TypeError: '<' not supported between instances of 'str' and 'int'",
            ),
        ];
        let mut failures = Vec::new();
        for (src, want) in cases {
            let got = run(src);
            if got != *want {
                failures.push(format!("{src}\n    want {want}\n    got  {got}"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
