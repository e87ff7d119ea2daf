//! `xpush check`: reads a NumPy script without running it and reports what
//! will not run, or not natively, on the NPU.
//!
//! - errors: syntax outside the supported subset (every diagnostic of the
//!   recovering parser), unknown members of known modules (`np.foo`,
//!   `np.linalg.bar`, `from numpy import foo`), unknown modules and names
//!   that are never bound, each with Python's "did you mean";
//! - warnings: dtypes the NPU does not run natively (float64 / complex128
//!   under the float64 mode, uint64), from the 910B policy table;
//! - notes: functions whose work runs on the host on the NPU, from the
//!   stdlib table's coverage.
//!
//! Meta lines (`:time on`, and IPython's `%timeit x = 1`, `np.sum?`) are
//! parsed as the interpreter parses them: a bad one (`%foo`) is an error,
//! and the names a file run by `:load FILE` or `%run FILE` binds count as
//! bound.
//!
//! Names are resolved flow-insensitively: a name bound anywhere in the file
//! (assignment, `for`, `def`, parameter, import) counts as bound everywhere,
//! and a module alias that is also assigned is not treated as a module.

use std::collections::{HashMap, HashSet};

use xpush_lang::ast::{
    Arg, Block, Comprehension, DictItem, Expr, ExprKind, FPart, ImportName, Stmt, StmtKind,
};
use xpush_lang::span::{SourceId, Span};
use xpush_lang::Diagnostic;
use xpush_npu::ascend::policy::{self, Float64Mode};
use xpush_npu::DType;
use xpush_stdlib::coverage;
use xpush_stdlib::table::{self, Kind};

use crate::meta::Command;
use crate::suggest::suggest;

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Will not run: unsupported syntax, unknown names.
    Error,
    /// Runs, but not natively on the NPU.
    Warning,
    /// Worth knowing (host-computed functions).
    Note,
}

impl Severity {
    /// `error`, `warning` or `note`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// One finding: a severity and the diagnostic to render.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// How serious.
    pub severity: Severity,
    /// What and where (its `class` is the Python exception class for
    /// errors, `warning` or `note` otherwise).
    pub diag: Diagnostic,
}

/// Every finding of one script, in source order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// The findings, sorted by position.
    pub findings: Vec<Finding>,
}

impl Report {
    /// How many findings have severity `s`.
    pub fn count(&self, s: Severity) -> usize {
        self.findings.iter().filter(|f| f.severity == s).count()
    }

    /// The summary line: `2 errors, 3 warnings, 1 note` (`no problems found`
    /// when empty).
    pub fn summary(&self) -> String {
        let parts: Vec<String> = [Severity::Error, Severity::Warning, Severity::Note]
            .iter()
            .filter_map(|&s| {
                let n = self.count(s);
                (n > 0).then(|| format!("{n} {}{}", s.name(), if n == 1 { "" } else { "s" }))
            })
            .collect();
        if parts.is_empty() {
            "no problems found".to_string()
        } else {
            parts.join(", ")
        }
    }
}

/// Checks the script `text` (registered as source `src`) under float64 `mode`.
pub fn check(text: &str, src: SourceId, mode: Float64Mode) -> Report {
    check_in(text, src, mode, None)
}

/// [`check`] for a script in folder `dir`, whose own modules
/// (`import helpers` of `dir/helpers.py`) exist and are not checked.
pub fn check_in(
    text: &str,
    src: SourceId,
    mode: Float64Mode,
    dir: Option<&std::path::Path>,
) -> Report {
    let (block, syntax) = xpush_lang::parse_recovering(text, src);
    let mut c = Checker {
        dir: dir.map(std::path::Path::to_path_buf),
        mode,
        modules: HashMap::new(),
        functions: HashMap::new(),
        // The names every module has (the interpreter binds them too),
        // and a script's `__file__`.
        bound: ["__name__"]
            .into_iter()
            .chain(dir.map(|_| "__file__"))
            .map(str::to_string)
            .collect(),
        findings: syntax
            .into_iter()
            .map(|diag| Finding {
                severity: Severity::Error,
                diag,
            })
            .collect(),
        dtype_spans: HashSet::new(),
        loaded: HashSet::new(),
    };
    c.bind_block(&block);
    c.block(&block);
    c.findings.sort_by_key(|f| (f.diag.span.start, f.severity));
    Report {
        findings: c.findings,
    }
}

struct Checker {
    /// The script's folder, where its own modules are.
    dir: Option<std::path::PathBuf>,
    mode: Float64Mode,
    /// Names bound to modules: alias -> table module (`np` -> `numpy`).
    modules: HashMap<String, String>,
    /// Names bound by `from M import f`: name -> (module, f).
    functions: HashMap<String, (String, String)>,
    /// Every name bound anywhere in the file (not by import).
    bound: HashSet<String>,
    findings: Vec<Finding>,
    /// Spans already reported as dtypes (so `dtype=np.float64` is one finding).
    dtype_spans: HashSet<(u32, u32)>,
    /// Files `:load`/`%run` lines run, whose names were bound.
    loaded: HashSet<std::path::PathBuf>,
}

impl Checker {
    /// Binds the names of the file a `:load FILE` / `%run FILE` line runs
    /// (found beside the script, else from the working folder), once.
    fn bind_loaded(&mut self, path: &str) {
        let beside = self.dir.as_ref().map(|d| d.join(path));
        let file = beside
            .filter(|p| p.is_file())
            .unwrap_or_else(|| std::path::PathBuf::from(path));
        if !self.loaded.insert(file.clone()) {
            return;
        }
        let Ok(text) = std::fs::read_to_string(&file) else {
            return;
        };
        // Its spans are never reported: only its bindings are used.
        let (block, _) = xpush_lang::parse_recovering(&text, xpush_lang::span::BUILTIN_SOURCE);
        self.bind_block(&block);
    }

    /// Whether `module` is a file of the user's beside the script.
    fn user_module(&self, module: &str) -> bool {
        let Some(dir) = &self.dir else {
            return false;
        };
        let mut path = dir.join(module.replace('.', "/"));
        path.set_extension("py");
        path.is_file()
    }
}

/// The table module an importable module name stands for (`cupy` is numpy).
fn canonical(module: &str) -> Option<&'static str> {
    let name = xpush_stdlib::modules::BUILDERS
        .iter()
        .find(|(n, _)| *n == module)
        .map(|(n, _)| *n)?;
    Some(match name {
        "numpy_xpu" | "cupy" => "numpy",
        n => n,
    })
}

/// The submodules a module exposes as attributes (`linalg` in `numpy`).
fn submodules(module: &str) -> Vec<String> {
    xpush_stdlib::modules::member_names(module)
        .iter()
        .filter(|(_, is_module)| *is_module)
        .map(|(n, _)| n.clone())
        .collect()
}

/// Every attribute of a module as `import` builds it: its functions,
/// constants, classes and submodules.
fn members(module: &str) -> Vec<String> {
    xpush_stdlib::modules::member_names(module)
        .iter()
        .map(|(n, _)| n.clone())
        .collect()
}

/// What an attribute of a module is.
enum Member {
    Module(String),
    Function(String, String),
    Other,
}

fn member(module: &str, name: &str) -> Option<Member> {
    if submodules(module).iter().any(|n| n == name) {
        return Some(Member::Module(format!("{module}.{name}")));
    }
    if let Some(id) = table::lookup(module, name) {
        if table::get(id).kind != Kind::Method {
            return Some(Member::Function(module.to_string(), name.to_string()));
        }
    }
    members(module)
        .iter()
        .any(|n| n == name)
        .then_some(Member::Other)
}

/// The module names `import` accepts, for "did you mean".
fn module_names() -> Vec<&'static str> {
    xpush_stdlib::modules::BUILDERS
        .iter()
        .map(|(n, _)| *n)
        .collect()
}

fn did_you_mean(wrong: &str, candidates: Vec<&str>) -> String {
    match suggest(wrong, candidates) {
        Some(s) => format!(". Did you mean: '{s}'?"),
        None => String::new(),
    }
}

impl Checker {
    fn push(&mut self, severity: Severity, class: &str, message: String, span: Span) {
        self.findings.push(Finding {
            severity,
            diag: Diagnostic::new(class, message, span),
        });
    }

    // ---- binding pass -------------------------------------------------

    fn bind_block(&mut self, block: &Block) {
        for s in block {
            self.bind_stmt(s);
        }
        // A module alias that is also assigned is not reliably a module.
        let bound = &self.bound;
        self.modules.retain(|name, _| !bound.contains(name));
        self.functions.retain(|name, _| !bound.contains(name));
    }

    fn bind_target(&mut self, e: &Expr) {
        match &e.node {
            ExprKind::Name(n) => {
                self.bound.insert(n.clone());
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                for i in items {
                    self.bind_target(i);
                }
            }
            ExprKind::Starred(inner) => self.bind_target(inner),
            _ => {}
        }
    }

    fn bind_stmt(&mut self, s: &Stmt) {
        match &s.node {
            StmtKind::Assign(targets, _) => {
                for t in targets {
                    self.bind_target(t);
                }
            }
            StmtKind::AugAssign(t, _, _) => self.bind_target(t),
            StmtKind::For(t, _, body, orelse) => {
                self.bind_target(t);
                self.bind_block_only(body);
                self.bind_block_only(orelse);
            }
            StmtKind::If(_, body, orelse) | StmtKind::While(_, body, orelse) => {
                self.bind_block_only(body);
                self.bind_block_only(orelse);
            }
            StmtKind::With(items, body) => {
                for t in items.iter().filter_map(|i| i.target.as_ref()) {
                    self.bind_target(t);
                }
                self.bind_block_only(body);
            }
            StmtKind::Try(t) => {
                for h in &t.handlers {
                    if let Some(n) = &h.name {
                        self.bound.insert(n.node.clone());
                    }
                }
                for b in t.blocks() {
                    self.bind_block_only(b);
                }
            }
            StmtKind::FunctionDef(name, params, body) => {
                self.bound.insert(name.node.clone());
                for p in params {
                    self.bound.insert(p.name.node.clone());
                }
                self.bind_block_only(body);
            }
            StmtKind::ClassDef(name, _, body) => {
                self.bound.insert(name.node.clone());
                self.bound.insert("__class__".into());
                self.bind_block_only(body);
            }
            StmtKind::Decorated(_, definition) => self.bind_stmt(definition),
            StmtKind::AnnAssign(t, _, _) => self.bind_target(t),
            StmtKind::Meta(text) => {
                if let Ok(Command::Load(path, _)) = crate::meta::parse(text, s.span) {
                    self.bind_loaded(&path);
                }
            }
            StmtKind::Import(names) => {
                for n in names {
                    self.bind_import(n);
                }
            }
            StmtKind::ImportFrom(path, names) => {
                let module: Vec<&str> = path.iter().map(|i| i.node.as_str()).collect();
                let module = module.join(".");
                let canon = canonical(&module);
                for n in names {
                    let Some(first) = n.path.first() else {
                        continue;
                    };
                    let local = n.alias.as_ref().unwrap_or(first).node.clone();
                    match canon.and_then(|m| member(m, &first.node)) {
                        Some(Member::Module(m)) => {
                            self.modules.insert(local, m);
                        }
                        Some(Member::Function(m, f)) => {
                            self.functions.insert(local, (m, f));
                        }
                        _ => {
                            self.bound.insert(local);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn bind_block_only(&mut self, block: &Block) {
        for s in block {
            self.bind_stmt(s);
        }
    }

    fn bind_import(&mut self, n: &ImportName) {
        let path: Vec<&str> = n.path.iter().map(|i| i.node.as_str()).collect();
        let Some(canon) = canonical(&path.join(".")) else {
            if let Some(first) = n.path.first() {
                let local = n.alias.as_ref().unwrap_or(first).node.clone();
                self.bound.insert(local);
            }
            return;
        };
        match &n.alias {
            Some(alias) => {
                self.modules.insert(alias.node.clone(), canon.to_string());
            }
            None => {
                // `import numpy.linalg` binds `numpy`.
                let top = path[0];
                if let Some(c) = canonical(top) {
                    self.modules.insert(top.to_string(), c.to_string());
                }
            }
        }
    }

    // ---- checking pass ------------------------------------------------

    fn block(&mut self, block: &Block) {
        for s in block {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.node {
            StmtKind::Expr(e) => self.expr(e),
            StmtKind::Meta(text) => {
                if let Err(e) = crate::meta::parse(text, s.span) {
                    self.push(Severity::Error, e.kind.name(), e.message, e.span);
                }
            }
            StmtKind::Assign(targets, value) => {
                for t in targets {
                    self.target(t);
                }
                self.expr(value);
            }
            StmtKind::AugAssign(t, _, v) => {
                self.target(t);
                self.expr(v);
            }
            StmtKind::If(c, body, orelse) | StmtKind::While(c, body, orelse) => {
                self.expr(c);
                self.block(body);
                self.block(orelse);
            }
            StmtKind::For(t, iter, body, orelse) => {
                self.target(t);
                self.expr(iter);
                self.block(body);
                self.block(orelse);
            }
            StmtKind::FunctionDef(_, params, body) => {
                for p in params {
                    if let Some(d) = &p.default {
                        self.expr(d);
                    }
                }
                self.block(body);
            }
            StmtKind::ClassDef(_, bases, body) => {
                for a in bases {
                    match a {
                        xpush_lang::ast::Arg::Positional(e)
                        | xpush_lang::ast::Arg::Keyword(_, e)
                        | xpush_lang::ast::Arg::Star(e)
                        | xpush_lang::ast::Arg::DoubleStar(e) => self.expr(e),
                    }
                }
                self.block(body);
            }
            StmtKind::Decorated(decorators, definition) => {
                for d in decorators {
                    self.expr(d);
                }
                self.stmt(definition);
            }
            // Annotations are not evaluated, so not checked either.
            StmtKind::AnnAssign(t, _, value) => {
                self.target(t);
                if let Some(v) = value {
                    self.expr(v);
                }
            }
            StmtKind::Return(Some(e)) => self.expr(e),
            StmtKind::Try(t) => {
                self.block(&t.body);
                for h in &t.handlers {
                    if let Some(e) = &h.typ {
                        self.expr(e);
                    }
                    self.block(&h.body);
                }
                self.block(&t.orelse);
                self.block(&t.finalbody);
            }
            StmtKind::Raise(exc, cause) => {
                for e in exc.iter().chain(cause.iter()) {
                    self.expr(e);
                }
            }
            StmtKind::With(items, body) => {
                for item in items {
                    self.expr(&item.ctx);
                    if let Some(t) = &item.target {
                        self.target(t);
                    }
                }
                self.block(body);
            }
            StmtKind::Assert(a, b) => {
                self.expr(a);
                if let Some(b) = b {
                    self.expr(b);
                }
            }
            StmtKind::Del(items) => {
                for i in items {
                    self.target(i);
                }
            }
            StmtKind::Import(names) => {
                for n in names {
                    let path: Vec<&str> = n.path.iter().map(|i| i.node.as_str()).collect();
                    let name = path.join(".");
                    if canonical(&name).is_none() && !self.user_module(&name) {
                        let span = n.path[0].span.to(n.path[n.path.len() - 1].span);
                        let hint = did_you_mean(&name, module_names());
                        self.push(
                            Severity::Error,
                            "ModuleNotFoundError",
                            format!("No module named '{name}'{hint}"),
                            span,
                        );
                    }
                }
            }
            StmtKind::ImportFrom(path, names) => {
                let module: Vec<&str> = path.iter().map(|i| i.node.as_str()).collect();
                let module = module.join(".");
                // The script's folder comes first, as for the interpreter.
                if self.user_module(&module) {
                    return;
                }
                let Some(canon) = canonical(&module) else {
                    if let (Some(a), Some(b)) = (path.first(), path.last()) {
                        let hint = did_you_mean(&module, module_names());
                        self.push(
                            Severity::Error,
                            "ModuleNotFoundError",
                            format!("No module named '{module}'{hint}"),
                            a.span.to(b.span),
                        );
                    }
                    return;
                };
                for n in names {
                    let Some(first) = n.path.first() else {
                        continue;
                    };
                    match member(canon, &first.node) {
                        None => {
                            let names = members(canon);
                            let hint = did_you_mean(
                                &first.node,
                                names.iter().map(String::as_str).collect(),
                            );
                            self.push(
                                Severity::Error,
                                "ImportError",
                                format!(
                                    "cannot import name '{}' from '{module}'{hint}",
                                    first.node
                                ),
                                first.span,
                            );
                        }
                        Some(Member::Other | Member::Function(..)) => {
                            self.dtype_name(canon, &first.node, first.span)
                        }
                        Some(_) => {}
                    }
                }
            }
            _ => {}
        }
    }

    /// An assignment target: only its sub-expressions are read.
    fn target(&mut self, e: &Expr) {
        match &e.node {
            ExprKind::Name(_) => {}
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                for i in items {
                    self.target(i);
                }
            }
            ExprKind::Starred(inner) => self.target(inner),
            _ => self.expr(e),
        }
    }

    fn expr(&mut self, e: &Expr) {
        match &e.node {
            ExprKind::Name(n) => self.name(n, e.span),
            ExprKind::Attribute(..) => {
                self.attribute(e);
            }
            ExprKind::Call(callee, args) => self.call(callee, args),
            ExprKind::List(items) | ExprKind::Tuple(items) | ExprKind::Set(items) => {
                for i in items {
                    self.expr(i);
                }
            }
            ExprKind::FString(parts) => self.fparts(parts),
            ExprKind::NamedExpr(name, value) => {
                self.bound.insert(name.node.clone());
                self.expr(value);
            }
            ExprKind::Dict(items) => {
                for item in items {
                    match item {
                        DictItem::Pair(k, v) => {
                            self.expr(k);
                            self.expr(v);
                        }
                        DictItem::Unpack(m) => self.expr(m),
                    }
                }
            }
            ExprKind::Unary(_, a) | ExprKind::Starred(a) => self.expr(a),
            // The targets are names in the whole comprehension (one flat
            // namespace, as for a `def`).
            ExprKind::ListComp(elt, clauses)
            | ExprKind::SetComp(elt, clauses)
            | ExprKind::GeneratorExp(elt, clauses) => {
                self.comprehension(clauses);
                self.expr(elt);
            }
            ExprKind::DictComp(k, v, clauses) => {
                self.comprehension(clauses);
                self.expr(k);
                self.expr(v);
            }
            ExprKind::Binary(_, a, b) | ExprKind::BoolOp(_, a, b) => {
                self.expr(a);
                self.expr(b);
            }
            ExprKind::Compare(a, rest) => {
                self.expr(a);
                for (_, b) in rest {
                    self.expr(b);
                }
            }
            ExprKind::IfExp { cond, body, orelse } => {
                self.expr(cond);
                self.expr(body);
                self.expr(orelse);
            }
            ExprKind::Subscript(a, i) => {
                self.expr(a);
                self.expr(i);
            }
            ExprKind::Slice(a, b, c) => {
                for x in [a, b, c].into_iter().flatten() {
                    self.expr(x);
                }
            }
            // Its parameters are names in its body (one flat namespace, as
            // for a `def`).
            ExprKind::Lambda(params, body) => {
                for p in params {
                    if let Some(d) = &p.default {
                        self.expr(d);
                    }
                    self.bound.insert(p.name.node.clone());
                }
                self.block(body);
            }
            ExprKind::Yield(Some(v)) | ExprKind::YieldFrom(v) => self.expr(v),
            _ => {}
        }
    }

    /// The fields of an f-string (and of the fields' specs).
    fn fparts(&mut self, parts: &[FPart]) {
        for part in parts {
            if let FPart::Field(f) = part {
                self.expr(&f.value);
                self.fparts(&f.spec);
            }
        }
    }

    /// The clauses of a comprehension: each target bound, then its
    /// iterable and conditions read.
    fn comprehension(&mut self, clauses: &[Comprehension]) {
        for c in clauses {
            self.bind_target(&c.target);
        }
        for c in clauses {
            self.target(&c.target);
            self.expr(&c.iter);
            for cond in &c.ifs {
                self.expr(cond);
            }
        }
    }

    /// A bare name: a `from numpy import f` function, or unbound.
    fn name(&mut self, n: &str, span: Span) {
        if let Some((m, f)) = self.functions.get(n).cloned() {
            self.function_used(&m, &f, span);
            return;
        }
        if self.bound.contains(n) || self.modules.contains_key(n) || table::builtin(n).is_some() {
            return;
        }
        let candidates: Vec<&str> = self
            .bound
            .iter()
            .map(String::as_str)
            .chain(self.modules.keys().map(String::as_str))
            .chain(self.functions.keys().map(String::as_str))
            .chain(table::members("builtins").map(|(_, d)| d.name))
            .collect();
        let hint = did_you_mean(n, candidates);
        self.push(
            Severity::Error,
            "NameError",
            format!("name '{n}' is not defined{hint}"),
            span,
        );
    }

    /// The module an expression names (`np`, `np.linalg`), if it does.
    fn module_of(&self, e: &Expr) -> Option<String> {
        match &e.node {
            ExprKind::Name(n) => self.modules.get(n).cloned(),
            ExprKind::Attribute(base, attr) => {
                let m = self.module_of(base)?;
                submodules(&m)
                    .contains(&attr.node)
                    .then(|| format!("{m}.{}", attr.node))
            }
            _ => None,
        }
    }

    /// `base.attr`: checks a module member; returns the table function it
    /// names, if any.
    fn attribute(&mut self, e: &Expr) -> Option<(String, String)> {
        let ExprKind::Attribute(base, attr) = &e.node else {
            return None;
        };
        let Some(m) = self.module_of(base) else {
            self.expr(base);
            return None;
        };
        match member(&m, &attr.node) {
            None => {
                let names = members(&m);
                let hint = did_you_mean(&attr.node, names.iter().map(String::as_str).collect());
                self.push(
                    Severity::Error,
                    "AttributeError",
                    format!("module '{m}' has no attribute '{}'{hint}", attr.node),
                    attr.span,
                );
                None
            }
            Some(Member::Function(m, f)) => {
                self.dtype_name(&m, &f, e.span);
                Some((m, f))
            }
            Some(Member::Other) => {
                self.dtype_name(&m, &attr.node, e.span);
                None
            }
            Some(Member::Module(_)) => None,
        }
    }

    fn call(&mut self, callee: &Expr, args: &[Arg]) {
        let func = match &callee.node {
            ExprKind::Attribute(..) => self.attribute(callee),
            ExprKind::Name(n) => {
                self.name(n, callee.span);
                self.functions.get(n).cloned()
            }
            _ => {
                self.expr(callee);
                None
            }
        };
        if let Some((m, f)) = &func {
            if matches!(callee.node, ExprKind::Attribute(..)) {
                self.function_used(m, f, callee.span);
            }
        }
        // `np.array(['a', 'b'])`: a string array.
        if let (Some((m, f)), Some(Arg::Positional(v))) = (&func, args.first()) {
            let makes_array = m == "numpy" && matches!(f.as_str(), "array" | "asarray");
            if makes_array {
                if let Some(kind) = literal_text_kind(v) {
                    self.text_note(
                        xpush_stdlib::numpy::host::HostDType { kind, width: 0 },
                        callee.span,
                    );
                }
            }
        }
        // `.astype(x)` and `np.dtype(x)` take a dtype first.
        let dtype_first = match (&callee.node, &func) {
            (_, Some((m, f))) => m == "numpy" && f == "dtype",
            (ExprKind::Attribute(_, attr), None) => attr.node == "astype",
            _ => false,
        };
        for (i, a) in args.iter().enumerate() {
            match a {
                Arg::Positional(v) if i == 0 && dtype_first => self.dtype_arg(v),
                Arg::Keyword(k, v) if k.node == "dtype" => self.dtype_arg(v),
                Arg::Positional(v) | Arg::Keyword(_, v) | Arg::Star(v) | Arg::DoubleStar(v) => {
                    self.expr(v)
                }
            }
        }
    }

    /// An expression in a dtype position: a string (`'float64'`), a Python
    /// type (`float`) or a NumPy type (`np.float64`).
    fn dtype_arg(&mut self, v: &Expr) {
        match &v.node {
            // A structured dtype: `[('x', 'f8'), ...]`, `{'names': ...}`,
            // `'i4,f8'`.
            ExprKind::List(_) | ExprKind::Dict(..) => {
                self.host_note("structured", v.span);
                self.expr(v);
            }
            ExprKind::Str(s) if s.contains(',') => self.host_note("structured", v.span),
            ExprKind::Str(s) => self.dtype_found(s, v.span),
            ExprKind::Name(n) if !self.bound.contains(n) && !self.functions.contains_key(n) => {
                if matches!(n.as_str(), "float" | "complex" | "str" | "bytes") {
                    self.dtype_found(n, v.span);
                } else {
                    self.expr(v);
                }
            }
            _ => self.expr(v),
        }
    }

    /// A NumPy module member that may be a scalar type (`np.float64`).
    fn dtype_name(&mut self, module: &str, name: &str, span: Span) {
        if module == "numpy" {
            if let Some(id) = table::lookup(module, name) {
                if table::get(id).kind == Kind::Type {
                    self.dtype_found(name, span);
                }
            }
        }
    }

    /// A dtype named `name` at `span`: a warning when the NPU does not run
    /// it natively.
    fn dtype_found(&mut self, name: &str, span: Span) {
        if let Some(t) = xpush_stdlib::numpy::host::HostDType::parse(name) {
            if self.dtype_spans.insert((span.start, span.end)) {
                self.text_note(t, span);
            }
            return;
        }
        let Ok(d) = DType::parse(name) else {
            return;
        };
        if !self.dtype_spans.insert((span.start, span.end)) {
            return;
        }
        if let Some(msg) = dtype_message(d, self.mode) {
            self.push(Severity::Warning, "warning", msg, span);
        }
    }

    /// The note for a string array (of dtype `t`) made at `span`.
    fn text_note(&mut self, t: xpush_stdlib::numpy::host::HostDType, span: Span) {
        self.host_note(xpush_stdlib::numpy::host::kind_label(t.kind), span);
    }

    /// The note for an array of a host dtype (`what`: `str`, `structured`,
    /// ...) made at `span`.
    fn host_note(&mut self, what: &str, span: Span) {
        self.push(
            Severity::Note,
            "note",
            format!("{what} arrays live on the host on the npu, and their operations run there (aclnn has no {what} type)"),
            span,
        );
    }

    /// A table function used: a note when its work runs on the host on the NPU.
    fn function_used(&mut self, module: &str, name: &str, span: Span) {
        let Some(id) = table::lookup(module, name) else {
            return;
        };
        let d = table::get(id);
        if let Some(why) = coverage::host_reason(d) {
            let qual = coverage::display_name(d);
            self.push(
                Severity::Note,
                "note",
                format!("{qual} runs on the host on the npu ({why})"),
                span,
            );
        }
    }
}

/// Whether a literal (a list or tuple, nested) holds a str or bytes
/// literal, and which (str wins, as in NumPy's discovery).
fn literal_text_kind(e: &Expr) -> Option<xpush_stdlib::numpy::host::HostKind> {
    use xpush_stdlib::numpy::host::HostKind;
    match &e.node {
        ExprKind::Str(_) | ExprKind::FString(_) => Some(HostKind::Str),
        ExprKind::Bytes(_) => Some(HostKind::Bytes),
        ExprKind::List(items) | ExprKind::Tuple(items) => {
            let kinds: Vec<HostKind> = items.iter().filter_map(literal_text_kind).collect();
            kinds
                .iter()
                .find(|k| **k == HostKind::Str)
                .or(kinds.first())
                .copied()
        }
        _ => None,
    }
}

/// The warning for a dtype the NPU does not run natively under `mode`,
/// derived from the 910B policy table; `None` for the others.
pub fn dtype_message(d: DType, mode: Float64Mode) -> Option<String> {
    let computing = policy::TABLE.iter().filter(|r| !r.moves_data);
    match d {
        DType::Float64 | DType::Complex128 => {
            let to = if d == DType::Float64 {
                DType::Float32
            } else {
                DType::Complex64
            };
            Some(match mode {
                Float64Mode::Float32 => format!(
                    "{} is demoted to {} on the npu (float64 mode 'float32')",
                    d.name(),
                    to.name()
                ),
                Float64Mode::Cpu => format!(
                    "{} work runs on the host on the npu (float64 mode 'cpu')",
                    d.name()
                ),
                Float64Mode::Off => {
                    // Integer-only ops (bitwise, gcd) never see a float.
                    let refuse: Vec<&str> = computing
                        .filter(|r| r.accepts.iter().any(|a| a.is_inexact()))
                        .filter(|r| !r.accepts.contains(&d))
                        .map(|r| r.aclnn)
                        .collect();
                    if refuse.is_empty() {
                        return None;
                    }
                    format!(
                        "{} raises NotImplementedError on the npu in the ops that do not take it ({}) (float64 mode 'off')",
                        d.name(),
                        refuse.join(", ")
                    )
                }
            })
        }
        DType::UInt64 | DType::UInt16 | DType::UInt32 => {
            let takes: Vec<&str> = computing
                .filter(|r| r.accepts.contains(&d))
                .map(|r| r.aclnn)
                .collect();
            let total = policy::TABLE.iter().filter(|r| !r.moves_data).count();
            if takes.len() * 2 >= total {
                return None;
            }
            let only = if takes.is_empty() {
                String::new()
            } else {
                format!(" (only {} take it)", takes.join(", "))
            };
            Some(format!(
                "{} runs on the host on the npu: most aclnn ops do not take it{only}",
                d.name()
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests;
