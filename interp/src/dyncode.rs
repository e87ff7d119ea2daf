//! `eval` and `exec`: code given as a string, registered as `<string>`,
//! parsed and compiled as a module's code is, and run where CPython runs
//! it.
//!
//! - No namespaces given (`exec(src)` at module level), or `globals` the
//!   dict `globals()` returned: the code runs in that module's own
//!   globals, so the names it binds are the module's variables.
//! - A dict of names (`exec(src, ns)`, `eval(expr, {"x": 1})`), or a
//!   function's `locals()` (what `eval(src)` in a function gets): the code
//!   runs in globals of its own, seeded from the dict (from the module's
//!   globals, then `locals` over them), and the names it binds are written
//!   back into the dict it binds in (`locals` if given, else `globals`), as
//!   CPython's `STORE_NAME` stores them.
//!
//! Globals of its own are a module environment (see [`crate::usermod`]):
//! a function the code defines keeps them. Code that defines nothing
//! that outlives the run gives them back to be reused, so a loop of
//! `eval` calls does not grow the session.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::{Rc, Weak};

use xpush_lang::ast::StmtKind;
use xpush_lang::lexer::Token;
use xpush_lang::span::Span;
use xpush_stdlib::host::SourceKind;
use xpush_stdlib::value::DictTable;
use xpush_stdlib::{ops, Error, ExcKind, Value};

use crate::compile::Compiler;
use crate::eval::{Eval, Frame};
use crate::exc::{Exception, Flow};
use crate::usermod::ModuleEnv;
use crate::Interpreter;

/// The dicts `globals()` has returned that are still alive, each with the
/// module whose variables it shows: `exec(src, globals())` runs in that
/// module, as CPython's live globals dict makes it.
#[derive(Default)]
pub(crate) struct Namespaces {
    dicts: Vec<(Weak<RefCell<DictTable>>, u32)>,
    /// Module environments given back by runs that left nothing in them.
    free: Vec<u32>,
}

/// Where a run's names live.
enum Globals {
    /// A module's own globals (by module index).
    Module(u32),
    /// A plain dict's names.
    Dict(Rc<RefCell<DictTable>>),
}

impl Interpreter {
    /// `globals()`: a dict of the running module's variables, remembered
    /// as that module's namespace.
    pub(crate) fn globals_dict(&mut self) -> Value {
        let mut d = DictTable::default();
        for (name, v) in self.module_vars(self.module) {
            // A str key always inserts.
            let _ = d.insert(Value::Str(name), v);
        }
        let d = Rc::new(RefCell::new(d));
        let ns = &mut self.namespaces.dicts;
        ns.retain(|(w, _)| w.strong_count() > 0);
        ns.push((Rc::downgrade(&d), self.module));
        Value::Dict(d)
    }

    /// Runs `text` as `eval` or `exec` does (see the module docs); the
    /// value of the expression for `eval`, `None` for `exec`.
    pub(crate) fn run_string(
        &mut self,
        text: &str,
        kind: SourceKind,
        globals: Option<Value>,
        locals: Option<Value>,
    ) -> Eval {
        let site = self.site;
        let ast = self.parse_string(text, "<string>", kind)?;
        let target = match &globals {
            Some(Value::Dict(d)) => match self.namespace_of(d) {
                Some(m) => Globals::Module(m),
                None => Globals::Dict(d.clone()),
            },
            _ => Globals::Module(self.module),
        };
        let locals = match locals {
            Some(Value::Dict(d)) => Some(d),
            _ => None,
        };
        let result = match (target, locals) {
            (Globals::Module(m), None) => {
                let prev = self.switch_module(m);
                let r = self.run_ast(&ast, kind);
                self.switch_module(prev);
                if let Some(Value::Dict(d)) = &globals {
                    self.refresh_namespace(d, m);
                }
                r
            }
            (target, locals) => self.run_seeded(&ast, kind, target, locals, text),
        };
        result.map_err(|exc| string_frame(exc, site))
    }

    /// Registers `text` as the source `filename` and parses it: as
    /// statements, and for `eval` one expression. A syntax error is
    /// raised from the string's own traceback entry.
    pub(crate) fn parse_string(
        &mut self,
        text: &str,
        filename: &str,
        kind: SourceKind,
    ) -> Result<xpush_lang::ast::Block, Box<Exception>> {
        let site = self.site;
        let id = self.sources.add(filename, text);
        let ast = xpush_lang::parse(text, id).map_err(|diags| {
            let d = diags.into_iter().next();
            let (class, msg, at) =
                d.map_or((ExcKind::SyntaxError, "invalid syntax".into(), site), |d| {
                    let class = ExcKind::ALL
                        .iter()
                        .copied()
                        .find(|k| k.name() == d.class)
                        .unwrap_or(ExcKind::SyntaxError);
                    // An expression has no blocks to indent: eval's source,
                    // parsed as statements, may fail on one; it is no
                    // expression.
                    match kind {
                        SourceKind::Eval if class != ExcKind::SyntaxError => {
                            (ExcKind::SyntaxError, "invalid syntax".into(), d.span)
                        }
                        _ => (class, d.message, d.span),
                    }
                });
            string_frame(Exception::at(Error::new(class, msg), at), site)
        })?;
        if kind == SourceKind::Eval {
            let one_expression = matches!(&ast[..], [st] if matches!(st.node, StmtKind::Expr(_)));
            if !one_expression {
                let at = ast.first().map_or(site, |st| st.span);
                let err = Error::new(ExcKind::SyntaxError, "invalid syntax");
                return Err(string_frame(Exception::at(err, at), site));
            }
        }
        Ok(ast)
    }

    /// The module whose `globals()` dict `d` is, if it is one.
    fn namespace_of(&self, d: &Rc<RefCell<DictTable>>) -> Option<u32> {
        let ptr = Rc::as_ptr(d);
        self.namespaces
            .dicts
            .iter()
            .find(|(w, _)| w.as_ptr() == ptr)
            .map(|&(_, m)| m)
    }

    /// A `globals()` dict shows its module's variables after code ran in
    /// them: the ones bound now, in their places, and no others.
    fn refresh_namespace(&self, d: &Rc<RefCell<DictTable>>, m: u32) {
        let bound = self.module_vars(m);
        let mut t = d.borrow_mut();
        let stale: Vec<Value> = t
            .keys()
            .into_iter()
            .filter(|k| !matches!(k, Value::Str(s) if bound.iter().any(|(n, _)| n == s)))
            .collect();
        for k in stale {
            let _ = t.remove(&k);
        }
        for (n, v) in bound {
            let _ = t.insert(Value::Str(n), v);
        }
    }

    /// Module `m`'s bound variables, in slot order.
    pub(crate) fn module_vars(&self, m: u32) -> Vec<(Rc<str>, Value)> {
        let (names, globals) = if m == self.module {
            (&self.names, &self.globals)
        } else {
            let env = &self.envs[m as usize];
            (&env.names, &env.globals)
        };
        globals
            .iter()
            .enumerate()
            .filter_map(|(g, v)| Some((names.name(g as u32).clone(), v.clone()?)))
            .collect()
    }

    /// Compiles and runs the parsed code in the running module's globals.
    fn run_ast(&mut self, ast: &xpush_lang::ast::Block, kind: SourceKind) -> Eval {
        let mut frame = Frame::default();
        let mut compiler = Compiler::new(&mut self.names, false);
        match (kind, &ast[..]) {
            (SourceKind::Eval, [st]) => {
                let StmtKind::Expr(e) = &st.node else {
                    unreachable!("checked to be one expression")
                };
                let e = compiler.expression(e);
                self.eval(&mut frame, &e)
            }
            _ => {
                let code = compiler.block(ast);
                match self.exec_block(&mut frame, &code) {
                    Ok(())
                    | Err(Flow::Return(_) | Flow::Break | Flow::Continue | Flow::Yield(_)) => {
                        Ok(Value::None)
                    }
                    Err(Flow::Raise(exc)) => Err(exc),
                }
            }
        }
    }

    /// Runs the code in globals of its own, seeded from `target` and then
    /// `locals`, and writes the names it binds back into `locals` (or the
    /// `target` dict).
    fn run_seeded(
        &mut self,
        ast: &xpush_lang::ast::Block,
        kind: SourceKind,
        target: Globals,
        locals: Option<Rc<RefCell<DictTable>>>,
        text: &str,
    ) -> Eval {
        let from_globals: Vec<(Rc<str>, Value)> = match &target {
            Globals::Module(m) => self.module_vars(*m),
            Globals::Dict(d) => {
                let builtins = self.builtins_module();
                let mut t = d.borrow_mut();
                if !t.contains(&Value::str("__builtins__")).unwrap_or(true) {
                    let _ = t.insert(Value::str("__builtins__"), builtins);
                }
                str_pairs(&t)
            }
        };
        let from_locals = locals.as_ref().map(|l| str_pairs(&l.borrow()));
        let env = match self.namespaces.free.pop() {
            Some(env) => env,
            None => {
                self.envs.push(ModuleEnv::default());
                (self.envs.len() - 1) as u32
            }
        };
        let prev = self.switch_module(env);
        for (name, v) in from_globals.iter().chain(from_locals.iter().flatten()) {
            let slot = self.names.slot(name);
            self.set_global(slot, v.clone());
        }
        let result = self.run_ast(ast, kind);
        let bound = self.module_vars(env);
        self.switch_module(prev);
        let (into, seeded, base) = match (&locals, &target) {
            (Some(l), _) => (l.clone(), from_locals.unwrap_or_default(), from_globals),
            (None, Globals::Dict(d)) => (d.clone(), from_globals, Vec::new()),
            (None, Globals::Module(_)) => unreachable!("runs in the module itself"),
        };
        write_back(&into, &bound, &seeded, &base);
        if !keeps_scope(text) {
            let e = &mut self.envs[env as usize];
            let old = std::mem::take(&mut e.globals);
            e.names = Default::default();
            drop(old);
            self.namespaces.free.push(env);
        }
        result
    }

    /// The `builtins` module (what `__builtins__` holds in an `exec`'s
    /// dict), imported once.
    fn builtins_module(&mut self) -> Value {
        self.modules
            .entry("builtins".to_string())
            .or_insert_with(|| xpush_stdlib::modules::from_table("builtins"))
            .clone()
    }
}

/// The dict's entries with string keys (the names code can use).
fn str_pairs(t: &DictTable) -> Vec<(Rc<str>, Value)> {
    t.iter()
        .filter_map(|(k, v)| match k {
            Value::Str(s) => Some((s.clone(), v.clone())),
            _ => None,
        })
        .collect()
}

/// Writes the names a run left `bound` into `into`: each that was
/// `seeded` from it, or is new, or is another object than the `base`
/// (globals under locals) gave it; and removes the seeded names the code
/// deleted.
fn write_back(
    into: &Rc<RefCell<DictTable>>,
    bound: &[(Rc<str>, Value)],
    seeded: &[(Rc<str>, Value)],
    base: &[(Rc<str>, Value)],
) {
    let base: HashMap<&str, &Value> = base.iter().map(|(n, v)| (&**n, v)).collect();
    let seeded_names: HashMap<&str, ()> = seeded.iter().map(|(n, _)| (&**n, ())).collect();
    let mut t = into.borrow_mut();
    for (name, v) in bound {
        let unchanged_global = base.get(&**name).is_some_and(|b| same(b, v));
        if seeded_names.contains_key(&**name) || !unchanged_global {
            let _ = t.insert(Value::Str(name.clone()), v.clone());
        }
    }
    for (name, _) in seeded {
        if !bound.iter().any(|(n, _)| n == name) {
            let _ = t.remove(&Value::Str(name.clone()));
        }
    }
}

/// `a is b`.
fn same(a: &Value, b: &Value) -> bool {
    matches!(
        ops::compare(xpush_lang::ast::CmpOp::Is, a, b),
        Ok(Value::Bool(true))
    )
}

/// Whether code may leave something behind that reads its globals later:
/// a `def`, `lambda` or `class`, or a generator (a `for` clause or a
/// `yield`). Code without them is done with its globals when it ends.
fn keeps_scope(text: &str) -> bool {
    let Ok(tokens) = xpush_lang::lexer::lex(text, 0) else {
        return true;
    };
    tokens.iter().any(|(t, _)| {
        matches!(
            t,
            Token::Kw("def" | "lambda" | "class" | "for" | "yield" | "async")
        )
    })
}

/// The traceback entry of the string's code: `File "<string>", line N,
/// in <module>`, called from the `eval`/`exec` at `site`.
fn string_frame(mut exc: Box<Exception>, site: Span) -> Box<Exception> {
    exc.unwind("<module>", site);
    exc
}
