//! The tree-walking evaluator over the resolved IR.

use std::cell::RefCell;
use std::rc::{Rc, Weak};
use std::sync::atomic::Ordering;

use xpush_lang::ast::{BinOp, BoolOp, CmpOp, ParamKind, UnaryOp};
use xpush_lang::span::Span;
use xpush_stdlib::numpy::fperr;
use xpush_stdlib::numpy::host::object;
use xpush_stdlib::py::lazy::stream;
use xpush_stdlib::py::{class, keys};
use xpush_stdlib::value::{DictTable, SetTable, SliceObj, UserFunction};
use xpush_stdlib::{ops, Error, ExcKind, Kwargs, Value};

use crate::exc::{At, Exc, Exception, Flow};
use crate::ir::{
    CallArg, CallCache, Chain, ClassIr, Ex, ExKind, FPartIr, FuncCode, NameRef, Slot, St, StKind,
    Target, TryIr,
};
use crate::Interpreter;
use xpush_npu::ops::ChainStep;

/// Python's default recursion limit.
pub const RECURSION_LIMIT: usize = 1000;

/// A closure cell: a variable shared between a function and the functions nested in it.
pub type Cell = Rc<RefCell<Option<Value>>>;

/// A function defined with `def`.
pub struct Function {
    /// Its compiled code.
    pub code: Rc<FuncCode>,
    /// Default values of the trailing parameters, evaluated when the `def` ran.
    pub defaults: Vec<Value>,
    /// Captured cells of its free variables.
    pub closure: Vec<Cell>,
    /// The module whose globals its names resolve to (0: `__main__`).
    pub module: u32,
    /// The `Rc` that holds it, for call sites to remember it by
    /// (see [`CallCache`]).
    pub this: Weak<Function>,
}

impl UserFunction for Function {
    fn name(&self) -> &str {
        &self.code.name
    }
    fn qualname(&self) -> &str {
        &self.code.qualname
    }
    fn doc(&self) -> Option<&str> {
        self.code.doc.as_deref()
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// A function activation: where its locals start on the interpreter's
/// value stack, and its cells. The module level is a frame with neither.
///
/// Every call's locals live on one stack (`Interpreter::stack`): a call
/// pushes its arguments, widens them to the function's locals, and cuts
/// the stack back when it returns, so a call allocates nothing.
#[derive(Default)]
pub struct Frame {
    /// Index of local 0 on the value stack; the frame owns the stack from here up.
    pub(crate) base: usize,
    pub(crate) cells: Vec<Cell>,
    /// Cells below this index are the function's own; the rest are captured.
    pub(crate) n_own_cells: usize,
}

impl Frame {
    /// A new activation of `f` whose locals start at `base`: fresh own
    /// cells, then its closure.
    #[inline(always)]
    fn new(f: &Function, base: usize) -> Frame {
        let cells = if f.code.n_cells == 0 && f.closure.is_empty() {
            Vec::new()
        } else {
            (0..f.code.n_cells)
                .map(|_| Rc::new(RefCell::new(None)))
                .chain(f.closure.iter().cloned())
                .collect()
        };
        Frame {
            base,
            cells,
            n_own_cells: f.code.n_cells,
        }
    }
}

pub(crate) type Eval = Result<Value, Exc>;

/// The right-hand side of `target op= value`: an expression evaluated
/// after the target is read, or (`total += yield x` resumed) a value.
pub(crate) enum AugRhs<'a> {
    Expr(&'a Ex),
    Value(Value),
}

impl AugRhs<'_> {
    fn get(self, interp: &mut Interpreter, frame: &mut Frame) -> Eval {
        match self {
            AugRhs::Expr(e) => interp.eval(frame, e),
            AugRhs::Value(v) => Ok(v),
        }
    }
}
pub(crate) type Exec = Result<(), Flow>;

impl Interpreter {
    /// Runs a block. `return <expr>` and `if` are handled here rather than
    /// in [`Self::exec`]: they make up most function bodies, and running
    /// them in place saves one or two Rust frames on every call (a body
    /// like `if n < 2: return n` then runs without any).
    #[inline]
    pub(crate) fn exec_block(&mut self, frame: &mut Frame, body: &[St]) -> Exec {
        self.exec_block_inline(frame, body)
    }

    /// [`Self::exec_block`], always inlined: [`Self::run_frame`] runs a
    /// function body with it, in the call's own Rust frame.
    #[inline(always)]
    fn exec_block_inline(&mut self, frame: &mut Frame, body: &[St]) -> Exec {
        for st in body {
            match &st.kind {
                StKind::Return(Some(e)) => return Err(Flow::Return(self.operand(frame, e)?)),
                StKind::If(cond, then, orelse) => {
                    let branch = if self.truthy(frame, cond)? {
                        then
                    } else {
                        orelse
                    };
                    self.exec_branch(frame, branch)?;
                }
                _ => self.exec(frame, st)?,
            }
        }
        Ok(())
    }

    /// Runs the taken branch of an `if` in [`Self::exec_block`]: a
    /// `return <expr>` in place, anything else (a nested `if` included)
    /// through [`Self::exec`], which bounds the inlining to one level.
    #[inline(always)]
    fn exec_branch(&mut self, frame: &mut Frame, body: &[St]) -> Exec {
        for st in body {
            if let StKind::Return(Some(e)) = &st.kind {
                return Err(Flow::Return(self.operand(frame, e)?));
            }
            self.exec(frame, st)?;
        }
        Ok(())
    }

    /// A `KeyboardInterrupt` at `span` if Ctrl-C was pressed since the
    /// last check. Always inlined: on the hot path it is one relaxed load
    /// and a branch; the swap and the exception are out of line.
    #[inline(always)]
    pub(crate) fn check_interrupt(&self, span: Span) -> Result<(), Exc> {
        if self.interrupt.load(Ordering::Relaxed) {
            return self.take_interrupt(span);
        }
        Ok(())
    }

    /// [`Self::check_interrupt`] once the flag was seen set: clears it
    /// and raises (unless another check took it meanwhile).
    #[cold]
    #[inline(never)]
    fn take_interrupt(&self, span: Span) -> Result<(), Exc> {
        if self.interrupt.swap(false, Ordering::Relaxed) {
            return Err(Exception::at(
                Error::new(ExcKind::KeyboardInterrupt, ""),
                span,
            ));
        }
        Ok(())
    }

    /// Runs one statement. The statement kinds of a typical function body
    /// are handled here; the rest in [`Self::exec_other`], out of line, so
    /// this function's stack frame stays small for deep recursion.
    pub(crate) fn exec(&mut self, frame: &mut Frame, st: &St) -> Exec {
        match &st.kind {
            StKind::Expr(e, false) => drop_value(self.eval(frame, e)?),
            StKind::Assign(targets, value) if targets.len() == 1 => {
                let v = self.eval(frame, value)?;
                match &targets[0] {
                    Target::Name(name, _) => self.store(frame, name, v),
                    target => self.assign(frame, target, v)?,
                }
            }
            StKind::If(cond, body, orelse) => {
                if self.truthy(frame, cond)? {
                    self.exec_block(frame, body)?;
                } else {
                    self.exec_block(frame, orelse)?;
                }
            }
            StKind::Return(v) => {
                let v = match v {
                    Some(e) => self.operand(frame, e)?,
                    None => Value::None,
                };
                return Err(Flow::Return(v));
            }
            _ => return self.exec_other(frame, st),
        }
        Ok(())
    }

    #[inline(never)]
    fn exec_other(&mut self, frame: &mut Frame, st: &St) -> Exec {
        match &st.kind {
            StKind::ResizeName(name, call) => self.resize_name(frame, name, call)?,
            StKind::Expr(e, echo) => {
                let v = self.eval(frame, e)?;
                if *echo && !v.is_none() {
                    let text = class::repr(self, &v).map_err(|e| self.host_error(e, st.span))?;
                    self.write(&text);
                    self.write("\n");
                    let slot = self.names.slot("_");
                    self.set_global(slot, v);
                }
            }
            StKind::Assign(targets, value) => {
                let v = self.eval(frame, value)?;
                for t in targets {
                    self.assign(frame, t, v.clone())?;
                }
            }
            StKind::AugAssign(target, op, value) => {
                self.aug_assign(frame, target, *op, AugRhs::Expr(value), st.span)?
            }
            StKind::If(cond, body, orelse) => {
                if self.truthy(frame, cond)? {
                    self.exec_block(frame, body)?;
                } else {
                    self.exec_block(frame, orelse)?;
                }
            }
            StKind::While(cond, body, orelse) => loop {
                self.check_interrupt(st.span)?;
                if !self.truthy(frame, cond)? {
                    self.exec_block(frame, orelse)?;
                    break;
                }
                match self.exec_block(frame, body) {
                    Ok(()) | Err(Flow::Continue) => {}
                    Err(Flow::Break) => break,
                    Err(other) => return Err(other),
                }
            },
            StKind::For(target, iter, body, orelse) => {
                self.exec_for(frame, target, iter, body, orelse, st.span)?
            }
            StKind::Break => return Err(Flow::Break),
            StKind::Continue => return Err(Flow::Continue),
            StKind::Pass => {}
            StKind::Def(code, defaults, name, decorators) => {
                let decorators = self.eval_items(frame, decorators)?;
                let mut f = self.make_function(frame, code, defaults)?;
                for d in decorators.iter().rev() {
                    f = self.call_value(d, vec![f], Vec::new(), st.span)?;
                }
                self.store(frame, name, f);
            }
            StKind::Class(c) => {
                let v = self.exec_class(frame, c, st.span)?;
                self.store(frame, &c.target, v);
            }
            StKind::Return(v) => {
                let v = match v {
                    Some(e) => self.operand(frame, e)?,
                    None => Value::None,
                };
                return Err(Flow::Return(v));
            }
            StKind::Assert(test, msg) => {
                if !self.truthy(frame, test)? {
                    let msg = match msg {
                        Some(m) => {
                            let m = self.eval(frame, m)?;
                            class::to_str(self, &m).map_err(|e| self.host_error(e, st.span))?
                        }
                        None => String::new(),
                    };
                    return Err(
                        Exception::at(Error::new(ExcKind::AssertionError, msg), st.span).into(),
                    );
                }
            }
            StKind::Del(targets) => {
                for t in targets {
                    self.delete(frame, t)?;
                }
            }
            StKind::Try(t) => return self.exec_try(frame, t),
            StKind::With(items, body) => return self.exec_with(frame, items, body, st.span),
            StKind::Raise(exc, cause) => {
                return Err(Flow::Raise(self.raise(frame, exc, cause, st.span)?))
            }
            StKind::Import(module, name, top_only) => {
                let value = self.import(module, st.span)?;
                let value = if *top_only {
                    let top = module.split('.').next().unwrap_or(module);
                    self.import(top, st.span)?
                } else {
                    value
                };
                self.store(frame, name, value);
            }
            StKind::ImportFrom(module, names) => {
                let m = self.import(module, st.span)?;
                for (member, name, span) in names {
                    // A module of the user's: its variable as it is now.
                    let live = match &m {
                        Value::Module(md) => self.user_module_attr(md, member),
                        _ => None,
                    };
                    let v = live
                        .map_or_else(|| ops::getattr(&m, member), Ok)
                        .map_err(|_| {
                            Exception::at(
                                Error::new(
                                    ExcKind::ImportError,
                                    format!("cannot import name '{member}' from '{module}'"),
                                ),
                                *span,
                            )
                        })?;
                    self.store(frame, name, v);
                }
            }
            StKind::Seq(parts) => self.exec_block(frame, parts)?,
            StKind::Meta(text) => self.meta(text, st.span)?,
            // Only a generator's body yields, and it runs in `gen.rs`.
            StKind::Yield { .. } => {
                let err = Error::new(ExcKind::SyntaxError, "'yield' outside function");
                return Err(Exception::at(err, st.span).into());
            }
        }
        Ok(())
    }

    fn exec_for(
        &mut self,
        frame: &mut Frame,
        target: &Target,
        iter: &Ex,
        body: &[St],
        orelse: &[St],
        span: Span,
    ) -> Exec {
        let iterable = self.eval(frame, iter)?;
        // `range` is the hot case: count directly, no iterator object.
        if let Value::Range(r) = &iterable {
            let (mut i, stop, step) = (r.start, r.stop, r.step);
            while (step > 0 && i < stop) || (step < 0 && i > stop) {
                self.check_interrupt(span)?;
                match target {
                    Target::Name(name, _) => self.store(frame, name, Value::Int(i)),
                    target => self.assign(frame, target, Value::Int(i))?,
                }
                match self.exec_block(frame, body) {
                    Ok(()) | Err(Flow::Continue) => {}
                    Err(Flow::Break) => return Ok(()),
                    Err(other) => return Err(other),
                }
                i = match i.checked_add(step) {
                    Some(next) => next,
                    None => break,
                };
            }
            return self.exec_block(frame, orelse);
        }
        let mut items = stream(&iterable).at(iter.span)?;
        let r = self.for_items(frame, target, &mut items, body, orelse, (span, iter.span));
        // A generator only the loop held is finalized as the loop ends.
        drop(items);
        self.finalize(iterable);
        r
    }

    /// The loop of [`Self::exec_for`] over a stream; `spans` are the
    /// statement's and the iterable's.
    fn for_items(
        &mut self,
        frame: &mut Frame,
        target: &Target,
        items: &mut xpush_stdlib::py::lazy::Stream,
        body: &[St],
        orelse: &[St],
        (span, iter_span): (Span, Span),
    ) -> Exec {
        loop {
            let item = match items.next(self) {
                Ok(Some(item)) => item,
                Ok(None) => break,
                Err(e) => return Err(self.host_error(e, iter_span).into()),
            };
            self.check_interrupt(span)?;
            self.assign(frame, target, item)?;
            match self.exec_block(frame, body) {
                Ok(()) | Err(Flow::Continue) => {}
                Err(Flow::Break) => return Ok(()),
                Err(other) => return Err(other),
            }
        }
        self.exec_block(frame, orelse)
    }

    fn import(&mut self, module: &str, span: Span) -> Eval {
        if let Some(m) = self.modules.get(module) {
            return Ok(m.clone());
        }
        if module == "__main__" {
            // The script's (or the shell's) own globals, as a module of
            // the user's whose variables are read as they are now.
            let main = Rc::new(xpush_stdlib::value::Module {
                name: module.to_string(),
                members: Default::default(),
                user: std::cell::Cell::new(Some(0)),
            });
            let m = Value::Module(main);
            self.modules.insert(module.to_string(), m.clone());
            return Ok(m);
        }
        // The script's folder first, as `sys.path[0]`.
        if let Some(path) = self.user_module_file(module) {
            return self.import_user(module, &path, span);
        }
        let m = ops::import(self, module).at(span)?;
        self.modules.insert(module.to_string(), m.clone());
        Ok(m)
    }

    // ---- names -------------------------------------------------------

    fn load(&mut self, frame: &Frame, name: &NameRef, span: Span) -> Eval {
        let found = match name.slot {
            Slot::Local(i) => self.stack[frame.base + i as usize].clone(),
            Slot::Cell(i) => frame.cells[i as usize].borrow().clone(),
            Slot::Global(g) => return self.load_global(g, span),
        };
        found.ok_or_else(|| {
            let msg = match name.slot {
                Slot::Cell(i) if i as usize >= frame.n_own_cells => format!(
                    "cannot access free variable '{}' where it is not associated with a value in enclosing scope",
                    name.name
                ),
                _ => format!("cannot access local variable '{}' where it is not associated with a value", name.name),
            };
            Exception::at(Error::new(ExcKind::UnboundLocalError, msg), span)
        })
    }

    fn load_global(&mut self, g: u32, span: Span) -> Eval {
        if let Some(Some(v)) = self.globals.get(g as usize) {
            return Ok(v.clone());
        }
        let name = self.names.name(g).clone();
        if let Some(v) = xpush_stdlib::table::builtin(&name) {
            return Ok(v);
        }
        let bound = (0..self.names.len() as u32)
            .filter(|&g| matches!(self.globals.get(g as usize), Some(Some(_))));
        let candidates: Vec<&str> = bound
            .map(|g| &**self.names.name(g))
            .chain(xpush_stdlib::table::members("builtins").map(|(_, d)| d.name))
            .collect();
        let msg = match crate::suggest::suggest(&name, candidates) {
            Some(s) => format!("name '{name}' is not defined. Did you mean: '{s}'?"),
            None => format!("name '{name}' is not defined"),
        };
        Err(Exception::at(Error::name_error(msg), span))
    }

    #[inline]
    pub(crate) fn set_global(&mut self, slot: u32, v: Value) {
        let i = slot as usize;
        if self.globals.len() <= i {
            self.globals.resize(i + 1, None);
        }
        let old = self.globals[i].replace(v);
        self.release(old);
    }

    #[inline]
    pub(crate) fn store(&mut self, frame: &mut Frame, name: &NameRef, v: Value) {
        match name.slot {
            Slot::Local(i) => {
                let old = self.stack[frame.base + i as usize].replace(v);
                self.release(old);
            }
            Slot::Cell(i) => *frame.cells[i as usize].borrow_mut() = Some(v),
            Slot::Global(g) => self.set_global(g, v),
        }
    }

    pub(crate) fn assign(
        &mut self,
        frame: &mut Frame,
        target: &Target,
        v: Value,
    ) -> Result<(), Exc> {
        match target {
            Target::Name(name, _) => self.store(frame, name, v),
            Target::Unpack(targets, span) => self.unpack(frame, targets, v, *span)?,
            Target::Starred(_, span) => {
                let err = Error::new(
                    ExcKind::SyntaxError,
                    "starred assignment target must be in a list or tuple",
                );
                return Err(Exception::at(err, *span));
            }
            Target::Subscript(obj, index, span) => {
                let obj = self.eval(frame, obj)?;
                let index = self.eval(frame, index)?;
                self.setitem(&obj, &index, v, *span)?;
            }
            Target::Attr(obj, name, span) => {
                let o = self.eval(frame, obj)?;
                // `a.shape = s` on a name no other value refers to: the
                // view NumPy's setter makes, bound in place of the array.
                if let (ExKind::Name(n), Value::Array(rc), "shape") = (&obj.kind, &o, &**name) {
                    if Rc::strong_count(rc) == 2 {
                        let new = ops::set_shape(rc, &v).at(*span)?;
                        new.mark_visible();
                        drop(o);
                        self.store(frame, n, Value::Array(Rc::new(new)));
                        return Ok(());
                    }
                }
                self.setattr(&o, name, v, *span)?;
            }
        }
        Ok(())
    }

    /// `name.resize(...)`: on an array, the array NumPy's in-place resize
    /// makes, bound to the name in place of the old one. No other value
    /// can tell the difference, since with another reference to the array
    /// NumPy's refcheck refuses (and so does xpush). On anything else, or
    /// with `*`/`**` arguments, the call as written.
    fn resize_name(&mut self, frame: &mut Frame, name: &NameRef, call: &Ex) -> Exec {
        let v = self.load(frame, name, call.span)?;
        // Each argument with its keyword; `None` for `*`/`**` arguments.
        type Plain<'e> = Vec<(Option<Rc<str>>, &'e Ex)>;
        let args: Option<Plain> = match (&v, &call.kind) {
            (Value::Array(_), ExKind::CallPos(_, args, _)) => {
                Some(args.iter().map(|e| (None, e)).collect())
            }
            (Value::Array(_), ExKind::Call(_, args)) => args
                .iter()
                .map(|a| match a {
                    CallArg::Positional(e) => Some((None, e)),
                    CallArg::Keyword(k, e) => Some((Some(k.clone()), e)),
                    CallArg::Star(_) | CallArg::DoubleStar(_) => None,
                })
                .collect(),
            _ => None,
        };
        let (Value::Array(rc), Some(args)) = (&v, args) else {
            drop(v);
            drop_value(self.eval(frame, call)?);
            return Ok(());
        };
        let (mut positional, mut kwargs) = (Vec::new(), Vec::new());
        for (k, e) in args {
            let a = self.eval(frame, e)?;
            match k {
                Some(k) => kwargs.push((k, a)),
                None => positional.push(a),
            }
        }
        let only_ref = Rc::strong_count(rc) == 2;
        let new = xpush_stdlib::numpy::manip2::resize_in_place(rc, &positional, &kwargs, only_ref)
            .at(call.span)?;
        new.mark_visible();
        drop(v);
        self.store(frame, name, Value::Array(Rc::new(new)));
        Ok(())
    }

    /// `try`: the body, then `else` or the first handler whose class
    /// matches; `finally` on the way out whatever happened, its own
    /// `return`, `break` or exception replacing the outcome.
    fn exec_try(&mut self, frame: &mut Frame, t: &TryIr) -> Exec {
        let outcome = match self.exec_block(frame, &t.body) {
            Ok(()) => self.exec_block(frame, &t.orelse),
            Err(Flow::Raise(exc)) => self.handle(frame, t, exc),
            Err(other) => Err(other),
        };
        if t.finalbody.is_empty() {
            return outcome;
        }
        self.exec_block(frame, &t.finalbody)?;
        outcome
    }

    /// `with`: the first context manager entered, the rest of the items
    /// and the body run inside it, then its exit told whether they raised
    /// (an exit that returns true suppresses the exception).
    fn exec_with(
        &mut self,
        frame: &mut Frame,
        items: &[(Ex, Option<Target>)],
        body: &[St],
        span: Span,
    ) -> Exec {
        let Some(((ctx, target), rest)) = items.split_first() else {
            return self.exec_block(frame, body);
        };
        let manager = self.eval(frame, ctx)?;
        let entered = self.enter_context(&manager, ctx.span)?;
        let inside = match target {
            Some(t) => self.assign(frame, t, entered).map_err(Flow::Raise),
            None => Ok(()),
        }
        .and_then(|()| self.exec_with(frame, rest, body, span));
        self.leave_context(&manager, inside, span)
    }

    /// The end of a `with` block that ended in `inside`: the manager's
    /// exit told about an exception (which it may suppress), or told there
    /// was none.
    pub(crate) fn leave_context(&mut self, manager: &Value, inside: Exec, span: Span) -> Exec {
        match inside {
            Err(Flow::Raise(mut exc)) => {
                let value = exc.object();
                if self.exit_context(manager, Some(&value), span)? {
                    Ok(())
                } else {
                    Err(Flow::Raise(exc))
                }
            }
            other => {
                self.exit_context(manager, None, span)?;
                other
            }
        }
    }

    /// `manager.__enter__()`: a user object's method, or the native
    /// managers' (files, `np.printoptions`).
    pub(crate) fn enter_context(&mut self, manager: &Value, span: Span) -> Eval {
        if !class::is_instance(manager) {
            return xpush_stdlib::py::ctx::enter(self, manager).at(span);
        }
        let missing = match (
            class::special_of(manager, "__enter__"),
            class::special_of(manager, "__exit__"),
        ) {
            (false, _) => "",
            (true, false) => " (missed __exit__ method)",
            (true, true) => {
                return class::call_special(self, manager, "__enter__", Vec::new(), "")
                    .map_err(|e| self.host_error(e, span))
            }
        };
        let err = Error::type_error(format!(
            "'{}' object does not support the context manager protocol{missing}",
            ops::type_name(manager)
        ));
        Err(Exception::at(err, span))
    }

    /// `manager.__exit__(type, value, traceback)`; whether it suppresses
    /// the exception.
    pub(crate) fn exit_context(
        &mut self,
        manager: &Value,
        exc: Option<&Value>,
        span: Span,
    ) -> Result<bool, Exc> {
        if !class::is_instance(manager) {
            return xpush_stdlib::py::ctx::exit(manager, exc).at(span);
        }
        let args = match exc {
            Some(v) => vec![xpush_stdlib::py::attr::type_of(v), v.clone(), Value::None],
            None => vec![Value::None, Value::None, Value::None],
        };
        let r = class::call_special(self, manager, "__exit__", args, "")
            .map_err(|e| self.host_error(e, span))?;
        self.truth(&r, span)
    }

    /// Runs the handler that catches `exc`, or raises it on.
    fn handle(&mut self, frame: &mut Frame, t: &TryIr, mut exc: Exc) -> Exec {
        let Some(i) = self.catching_handler(frame, t, &mut exc)? else {
            return Err(Flow::Raise(exc));
        };
        let h = &t.handlers[i];
        self.handling.push(*exc);
        let outcome = self.exec_block(frame, &h.body);
        self.handling.pop();
        if let Some(name) = &h.name {
            // As CPython's `del name` at the end of the clause.
            self.unbind(frame, name);
        }
        outcome
    }

    /// The first handler of `t` whose class catches `exc` (its classes
    /// evaluated in order), with the exception object bound to its `as`
    /// name; `None` when none does.
    pub(crate) fn catching_handler(
        &mut self,
        frame: &mut Frame,
        t: &TryIr,
        exc: &mut Exc,
    ) -> Result<Option<usize>, Exc> {
        for (i, h) in t.handlers.iter().enumerate() {
            if let Some(typ) = &h.typ {
                let class = self.eval(frame, typ)?;
                if !caught_by(exc, &class).at(typ.span)? {
                    continue;
                }
            }
            let value = exc.object();
            if let Some(name) = &h.name {
                self.store(frame, name, value);
            }
            return Ok(Some(i));
        }
        Ok(None)
    }

    /// `raise exc from cause`, or a bare `raise` of the exception being handled.
    fn raise(
        &mut self,
        frame: &mut Frame,
        exc: &Option<Ex>,
        cause: &Option<Ex>,
        span: Span,
    ) -> Result<Exc, Exc> {
        let Some(exc) = exc else {
            return Ok(match self.handling.last() {
                Some(e) => Box::new(e.clone()),
                None => Exception::at(
                    Error::new(ExcKind::RuntimeError, "No active exception to reraise"),
                    span,
                ),
            });
        };
        let v = self.eval(frame, exc)?;
        let (error, obj) = match class::to_raise(self, &v) {
            Some(r) => r.map_err(|e| self.host_error(e, exc.span))?,
            None => xpush_stdlib::py::exc::to_raise(&v).at(exc.span)?,
        };
        if let Some(cause) = cause {
            let c = self.eval(frame, cause)?;
            let c = match &c {
                Value::None => c,
                _ => {
                    let made = match class::to_raise(self, &c) {
                        Some(r) => r,
                        None => xpush_stdlib::py::exc::to_raise(&c),
                    };
                    made.map_err(|_| {
                        Error::type_error("exception causes must derive from BaseException")
                    })
                    .at(cause.span)?
                    .1
                }
            };
            if let Some(o) = xpush_stdlib::py::exc::object(&obj) {
                *o.cause.borrow_mut() = c;
            } else if let Value::Instance(i) = &obj {
                i.attrs.borrow_mut().set("__cause__", c);
            }
        }
        let mut e = Exception::at(error, span);
        e.value = Some(obj);
        Ok(e)
    }

    /// Unbinds a name, bound or not.
    pub(crate) fn unbind(&mut self, frame: &mut Frame, name: &NameRef) {
        match name.slot {
            Slot::Local(i) => self.stack[frame.base + i as usize] = None,
            Slot::Cell(i) => *frame.cells[i as usize].borrow_mut() = None,
            Slot::Global(g) => {
                if let Some(v) = self.globals.get_mut(g as usize) {
                    *v = None;
                }
            }
        }
    }

    fn delete(&mut self, frame: &mut Frame, target: &Target) -> Result<(), Exc> {
        match target {
            Target::Name(name, span) => {
                let old = match name.slot {
                    // A global `del` unbinds the module's own name only: a
                    // builtin of that name is NameError, as in Python.
                    Slot::Global(g) => {
                        match self.globals.get_mut(g as usize).and_then(Option::take) {
                            Some(v) => Some(v),
                            None => {
                                let msg = format!("name '{}' is not defined", name.name);
                                return Err(Exception::at(Error::name_error(msg), *span));
                            }
                        }
                    }
                    Slot::Local(i) => {
                        self.load(frame, name, *span)?;
                        self.stack[frame.base + i as usize].take()
                    }
                    Slot::Cell(i) => {
                        self.load(frame, name, *span)?;
                        frame.cells[i as usize].borrow_mut().take()
                    }
                };
                self.release(old);
            }
            Target::Unpack(targets, _) => {
                for t in targets {
                    self.delete(frame, t)?;
                }
            }
            Target::Starred(_, span) => {
                let err = Error::new(ExcKind::SyntaxError, "cannot delete starred");
                return Err(Exception::at(err, *span));
            }
            Target::Subscript(obj, index, span) => {
                let obj = self.eval(frame, obj)?;
                let index = self.eval(frame, index)?;
                if class::is_instance(&obj) {
                    let missing = "'{}' object doesn't support item deletion";
                    class::call_special(self, &obj, "__delitem__", vec![index], missing)
                        .map_err(|e| self.host_error(e, *span))?;
                } else if let (Value::Dict(d), true) = (&obj, keys::needs_host(&index)) {
                    keys::dict_delitem(self, d, &index).map_err(|e| self.host_error(e, *span))?;
                } else {
                    ops::delitem(&obj, &index).at(*span)?;
                }
            }
            Target::Attr(obj, name, span) => {
                let obj = self.eval(frame, obj)?;
                match class::delattr(self, &obj, name) {
                    Some(r) => r.map_err(|e| self.host_error(e, *span))?,
                    None => {
                        let err = Error::attribute_error(format!(
                            "'{}' object has no attribute '{name}'",
                            ops::type_name(&obj)
                        ));
                        return Err(Exception::at(err, *span));
                    }
                }
            }
        }
        Ok(())
    }

    pub(crate) fn aug_assign(
        &mut self,
        frame: &mut Frame,
        target: &Target,
        op: BinOp,
        value: AugRhs<'_>,
        span: Span,
    ) -> Result<(), Exc> {
        match target {
            Target::Name(name, tspan) => {
                let old = self.load(frame, name, *tspan)?;
                let rhs = value.get(self, frame)?;
                let new = match fast_binary(op, &old, &rhs) {
                    Some(v) => v,
                    None => self.inplace(op, &old, &rhs, span)?,
                };
                self.store(frame, name, new);
            }
            Target::Subscript(obj, index, tspan) => {
                let obj = self.eval(frame, obj)?;
                let index = self.eval(frame, index)?;
                let old = self.getitem(&obj, &index, *tspan)?;
                let rhs = value.get(self, frame)?;
                let new = self.inplace(op, &old, &rhs, span)?;
                self.setitem(&obj, &index, new, *tspan)?;
            }
            Target::Attr(obj, name, tspan) => {
                let obj = self.eval(frame, obj)?;
                let old = self.getattr(&obj, name, *tspan)?;
                let rhs = value.get(self, frame)?;
                let new = self.inplace(op, &old, &rhs, span)?;
                self.setattr(&obj, name, new, *tspan)?;
            }
            Target::Unpack(_, tspan) | Target::Starred(_, tspan) => {
                let err = Error::new(
                    ExcKind::SyntaxError,
                    "illegal expression for augmented assignment",
                );
                return Err(Exception::at(err, *tspan));
            }
        }
        Ok(())
    }

    // ---- expressions -------------------------------------------------

    /// The truth of a condition. A single comparison of two plain numbers
    /// read in place (`n < 2`) is decided inline, without a call or a
    /// `Value::Bool`; anything else goes to [`Self::truthy_other`].
    #[inline(always)]
    pub(crate) fn truthy(&mut self, frame: &mut Frame, e: &Ex) -> Result<bool, Exc> {
        if let ExKind::Compare(first, rest) = &e.kind {
            if let [(op, right)] = &rest[..] {
                if let Some(b) = self.peek_compare(frame, *op, first, right) {
                    return Ok(b);
                }
            }
        }
        self.truthy_other(frame, e)
    }

    #[inline(never)]
    fn truthy_other(&mut self, frame: &mut Frame, e: &Ex) -> Result<bool, Exc> {
        let v = match &e.kind {
            ExKind::Compare(first, rest) if rest.len() == 1 => {
                let (op, right) = &rest[0];
                let left = self.operand(frame, first)?;
                let right = self.operand(frame, right)?;
                if let Some(b) = fast_compare(*op, &left, &right) {
                    drop_value(left);
                    drop_value(right);
                    return Ok(b);
                }
                self.compare(*op, &left, &right, e.span)?
            }
            _ => self.eval(frame, e)?,
        };
        match v {
            Value::Bool(b) => Ok(b),
            v => self.truth(&v, e.span),
        }
    }

    /// `bool(v)`, through `__bool__` or `__len__` of a user object.
    pub(crate) fn truth(&mut self, v: &Value, span: Span) -> Result<bool, Exc> {
        if class::is_instance(v) {
            return class::truthy(self, v).map_err(|e| self.host_error(e, span));
        }
        ops::truthy(v).at(span)
    }

    /// `op a`.
    pub(crate) fn unary(&mut self, op: UnaryOp, a: &Value, span: Span) -> Eval {
        if op != UnaryOp::Not && object::is_object(a) {
            return object::unary(self, Some(op), a).map_err(|err| self.host_error(err, span));
        }
        if let Some(r) = class::unary(self, op, a) {
            return r.map_err(|err| self.host_error(err, span));
        }
        match (op, a) {
            (UnaryOp::Not, Value::Bool(b)) => Ok(Value::Bool(!b)),
            (UnaryOp::Not, _) => Ok(Value::Bool(!ops::truthy(a).at(span)?)),
            (UnaryOp::Neg, Value::Int(i)) if *i != i64::MIN => Ok(Value::Int(-i)),
            (UnaryOp::Neg, Value::Float(f)) => Ok(Value::Float(-f)),
            _ => {
                let r = ops::unary(op, a);
                self.numpy_warnings(r, span)
            }
        }
    }

    /// `a op b` past the plain-number fast path.
    pub(crate) fn binary(&mut self, op: BinOp, a: &Value, b: &Value, span: Span) -> Eval {
        if object::is_object(a) || (object::is_object(b) && !class::is_instance(a)) {
            return object::binary(self, op, a, b).map_err(|e| self.host_error(e, span));
        }
        if let Some(r) = class::binary(self, op, a, b) {
            return r.map_err(|e| self.host_error(e, span));
        }
        if let Some(r) = keys::set_binary(self, op, a, b, false) {
            return r.map_err(|e| self.host_error(e, span));
        }
        let r = ops::binary(op, a, b);
        self.numpy_warnings(r, span)
    }

    /// `a op= b`.
    pub(crate) fn inplace(&mut self, op: BinOp, a: &Value, b: &Value, span: Span) -> Eval {
        if let Some(r) = class::inplace(self, op, a, b) {
            return r.map_err(|e| self.host_error(e, span));
        }
        if let Some(r) = keys::set_binary(self, op, a, b, true) {
            return r.map_err(|e| self.host_error(e, span));
        }
        let r = ops::inplace(op, a, b);
        self.numpy_warnings(r, span)
    }

    /// The result of a NumPy operation at `span`, after the warnings it
    /// recorded (`RuntimeWarning: divide by zero encountered in divide`)
    /// are issued at its line: a warning the filters turn into an error
    /// is the result then.
    pub(crate) fn numpy_warnings(&mut self, r: Result<Value, Error>, span: Span) -> Eval {
        if !fperr::has_pending() {
            return r.at(span);
        }
        let outer = std::mem::replace(&mut self.site, span);
        let flushed = fperr::flush(self);
        self.site = outer;
        flushed.at(span)?;
        r.at(span)
    }

    /// `v.name`.
    pub(crate) fn getattr(&mut self, v: &Value, name: &str, span: Span) -> Eval {
        if let Value::Module(m) = v {
            if let Some(found) = self.user_module_attr(m, name) {
                return Ok(found);
            }
        }
        if let Some(r) = class::getattr(self, v, name) {
            return r.map_err(|e| self.host_error(e, span));
        }
        ops::getattr(v, name).at(span)
    }

    /// `obj.name = v`.
    fn setattr(&mut self, obj: &Value, name: &str, v: Value, span: Span) -> Result<(), Exc> {
        if let Value::Module(m) = obj {
            if self.set_user_module_attr(m, name, v.clone()) {
                return Ok(());
            }
        }
        if let Some(r) = class::setattr(self, obj, name, v.clone()) {
            return r.map_err(|e| self.host_error(e, span));
        }
        ops::setattr(obj, name, v).at(span)
    }

    /// `v[index]`.
    fn getitem(&mut self, v: &Value, index: &Value, span: Span) -> Eval {
        if class::is_instance(v) {
            let missing = "'{}' object is not subscriptable";
            return class::call_special(self, v, "__getitem__", vec![index.clone()], missing)
                .map_err(|e| self.host_error(e, span));
        }
        if let Value::Class(c) = v {
            // `Cls[x]`: `__class_getitem__`, as generic classes define it.
            let f = c.lookup("__class_getitem__");
            return match f {
                Some(f) => self.call_value(&f, vec![v.clone(), index.clone()], Vec::new(), span),
                None => Err(Exception::at(
                    Error::type_error(format!("type '{}' is not subscriptable", c.name)),
                    span,
                )),
            };
        }
        if let Value::Dict(d) = v {
            if xpush_stdlib::collections::has_missing(&d.borrow()) {
                return xpush_stdlib::collections::getitem(self, d, index)
                    .map_err(|e| self.host_error(e, span));
            }
            if keys::needs_host(index) {
                return keys::dict_getitem(self, d, index).map_err(|e| self.host_error(e, span));
            }
        }
        ops::getitem(v, index).at(span)
    }

    /// `v[index] = value`.
    fn setitem(&mut self, v: &Value, index: &Value, value: Value, span: Span) -> Result<(), Exc> {
        if class::is_instance(v) {
            let missing = "'{}' object does not support item assignment";
            return class::call_special(
                self,
                v,
                "__setitem__",
                vec![index.clone(), value],
                missing,
            )
            .map(drop)
            .map_err(|e| self.host_error(e, span));
        }
        if let (Value::Dict(d), true) = (v, keys::is_user_key(index)) {
            return keys::dict_insert(self, d, index.clone(), value)
                .map_err(|e| self.host_error(e, span));
        }
        ops::setitem(v, index, value).at(span)
    }

    /// The value of an operand that needs no evaluation, in place: a
    /// constant, or a bound local or global. `None` for anything else
    /// (evaluate it).
    #[inline(always)]
    fn peek<'a>(&'a self, frame: &Frame, e: &'a Ex) -> Option<&'a Value> {
        match &e.kind {
            ExKind::Const(c) => Some(&c.0),
            ExKind::Name(NameRef { slot, .. }) => match *slot {
                Slot::Local(i) => self.local(frame, i),
                Slot::Global(g) => self.globals.get(g as usize)?.as_ref(),
                Slot::Cell(_) => None,
            },
            _ => None,
        }
    }

    /// `a op b` computed without cloning or evaluating anything, when both
    /// operands are [`Self::peek`]able and [`fast_binary`] covers them.
    #[inline(always)]
    fn peek_binary(&self, frame: &Frame, op: BinOp, a: &Ex, b: &Ex) -> Option<Value> {
        fast_binary(op, self.peek(frame, a)?, self.peek(frame, b)?)
    }

    /// `a op b` for a comparison, as [`Self::peek_binary`].
    #[inline(always)]
    fn peek_compare(&self, frame: &Frame, op: CmpOp, a: &Ex, b: &Ex) -> Option<bool> {
        fast_compare(op, self.peek(frame, a)?, self.peek(frame, b)?)
    }

    /// The value of local `i` of `frame`, if bound.
    #[inline(always)]
    fn local(&self, frame: &Frame, i: u32) -> Option<&Value> {
        self.stack.get(frame.base + i as usize)?.as_ref()
    }

    /// Evaluates an expression. The hot node kinds are handled here, in a
    /// small function; the rest in [`Self::eval_other`], kept out of line so
    /// this one's stack frame stays small for deep recursion of user code.
    pub(crate) fn eval(&mut self, frame: &mut Frame, e: &Ex) -> Eval {
        match &e.kind {
            ExKind::Const(c) => Ok(clone_value(&c.0)),
            ExKind::Name(name) => {
                let bound = match name.slot {
                    Slot::Local(i) => self.local(frame, i),
                    Slot::Global(g) => self.globals.get(g as usize).and_then(Option::as_ref),
                    Slot::Cell(_) => None,
                };
                if let Some(v) = bound {
                    return Ok(clone_value(v));
                }
                self.load(frame, name, e.span)
            }
            ExKind::Binary(op, a, b) => {
                if let Some(v) = self.peek_binary(frame, *op, a, b) {
                    return Ok(v);
                }
                let a = self.operand(frame, a)?;
                let b = self.operand(frame, b)?;
                match fast_binary(*op, &a, &b) {
                    Some(v) => {
                        drop_value(a);
                        drop_value(b);
                        Ok(v)
                    }
                    None => self.binary(*op, &a, &b, e.span),
                }
            }
            ExKind::Compare(first, rest) if rest.len() == 1 => {
                let (op, right) = &rest[0];
                if let Some(b) = self.peek_compare(frame, *op, first, right) {
                    return Ok(Value::Bool(b));
                }
                let left = self.operand(frame, first)?;
                let right = self.operand(frame, right)?;
                match fast_compare(*op, &left, &right) {
                    Some(b) => {
                        drop_value(left);
                        drop_value(right);
                        Ok(Value::Bool(b))
                    }
                    None => self.compare(*op, &left, &right, e.span),
                }
            }
            ExKind::CallPos(f, args, cache) => self.eval_call_pos(frame, f, args, cache, e.span),
            ExKind::Call(f, args) => self.eval_call(frame, f, args, e.span),
            ExKind::Chain(c) => {
                if self.fusable(frame, c) {
                    if let Some(v) = self.fused(frame, c, e.span) {
                        return v;
                    }
                }
                self.eval(frame, &c.expr)
            }
            _ => self.eval_other(frame, e),
        }
    }

    /// The value of `name` when bound as a local or global, without
    /// cloning or raising.
    fn peek_name(&self, frame: &Frame, name: &NameRef) -> Option<&Value> {
        match name.slot {
            Slot::Local(i) => self.local(frame, i),
            Slot::Global(g) => self.globals.get(g as usize)?.as_ref(),
            Slot::Cell(_) => None,
        }
    }

    /// Whether one of a chain's names holds an array large enough to fuse
    /// (the cheap test every chain takes, `i * 2 + 1` on ints included).
    #[inline(always)]
    fn fusable(&self, frame: &Frame, c: &Chain) -> bool {
        c.names.iter().any(|n| {
            matches!(
                self.peek_name(frame, n),
                Some(Value::Array(a)) if xpush_npu::ops::may_fuse(a)
            )
        })
    }

    /// `c` as one fused pass, or `None` to evaluate it unfused: a name
    /// not bound or not an array, arrays the pass does not take
    /// (`xpush_npu::ops::fused_chain`), or a value that is not finite
    /// while NumPy's error handling is on (the unfused run raises its
    /// warnings).
    #[inline(never)]
    fn fused(&mut self, frame: &Frame, c: &Chain, span: Span) -> Option<Eval> {
        // The functions called must be NumPy's.
        for call in &c.calls {
            let numpy = xpush_stdlib::table::lookup("numpy", call.entry);
            let f = self.peek_name(frame, &call.name)?;
            let ok = match (&call.attr, f) {
                (None, Value::Builtin(id)) => Some(*id) == numpy,
                (Some(attr), Value::Module(m)) => {
                    matches!(m.get(attr), Some(Value::Builtin(id)) if Some(id) == numpy)
                }
                _ => false,
            };
            if !ok {
                return None;
            }
        }
        // Each name's array, or the number it holds (then its steps read
        // that number, and later arrays move down one input).
        let mut ins = Vec::with_capacity(c.names.len());
        let mut input: Vec<ChainStep> = Vec::with_capacity(c.names.len());
        for n in &c.names {
            input.push(match self.peek_name(frame, n)? {
                Value::Array(a) => {
                    ins.push(&**a);
                    ChainStep::Input(ins.len() - 1)
                }
                Value::Float(f) => ChainStep::Number(*f, false),
                Value::Int(i) if i.unsigned_abs() <= 1 << 53 => ChainStep::Number(*i as f64, true),
                _ => return None,
            });
        }
        let steps: Vec<ChainStep> = c
            .steps
            .iter()
            .map(|s| match *s {
                ChainStep::Input(i) => input[i],
                s => s,
            })
            .collect();
        let r = xpush_stdlib::numpy::arith::fused_chain(&steps, &ins)?;
        Some(self.numpy_warnings(r, span))
    }

    /// [`Self::eval`] for an operand: a constant or a bound local or
    /// global is read inline, and so is plain-number arithmetic on such
    /// operands (`n - 1`), without a recursive call; anything else is
    /// evaluated.
    #[inline(always)]
    fn operand(&mut self, frame: &mut Frame, e: &Ex) -> Eval {
        match &e.kind {
            ExKind::Const(_) | ExKind::Name(_) => {
                if let Some(v) = self.peek(frame, e) {
                    return Ok(clone_value(v));
                }
            }
            ExKind::Binary(op, a, b) => {
                if let Some(v) = self.peek_binary(frame, *op, a, b) {
                    return Ok(v);
                }
            }
            // Skips a level of `eval` on the way to a call.
            ExKind::CallPos(f, args, cache) => {
                return self.eval_call_pos(frame, f, args, cache, e.span)
            }
            ExKind::Call(f, args) => return self.eval_call(frame, f, args, e.span),
            _ => {}
        }
        self.eval(frame, e)
    }

    #[inline(never)]
    fn eval_other(&mut self, frame: &mut Frame, e: &Ex) -> Eval {
        match &e.kind {
            ExKind::Const(c) => Ok(c.0.clone()),
            ExKind::Locals(f, args, names) => {
                // `locals()`, `vars()` and `dir()` in a function read its
                // scope (unless the name is bound to something else), and
                // `eval(src)`/`exec(src)` run with it as their locals.
                let callee = self.eval(frame, f)?;
                let mut args = self.eval_items(frame, args)?;
                let builtin = |name| xpush_stdlib::table::lookup_builtin(name);
                let is = |name| matches!(&callee, Value::Builtin(id) if Some(*id) == builtin(name));
                let runs_source = is("eval") || is("exec");
                let dir = is("dir");
                if !(dir || runs_source || is("locals") || is("vars")) {
                    return self.call_value(&callee, args, Vec::new(), e.span);
                }
                let mut d = xpush_stdlib::value::DictTable::default();
                let mut bound = Vec::new();
                for name in names.get().map_or(&[][..], |n| &n[..]) {
                    let v = match name.slot {
                        Slot::Local(i) => self.local(frame, i).cloned(),
                        Slot::Cell(i) => {
                            frame.cells.get(i as usize).and_then(|c| c.borrow().clone())
                        }
                        Slot::Global(_) => None,
                    };
                    if let Some(v) = v {
                        if dir {
                            bound.push(name.name.clone());
                        } else {
                            d.insert(Value::Str(name.name.clone()), v).at(e.span)?;
                        }
                    }
                }
                if dir {
                    bound.sort();
                    return Ok(Value::list(bound.into_iter().map(Value::Str).collect()));
                }
                let d = Value::Dict(Rc::new(RefCell::new(d)));
                if runs_source {
                    args.extend([Value::None, d]);
                    return self.call_value(&callee, args, Vec::new(), e.span);
                }
                Ok(d)
            }
            ExKind::Name(name) => {
                if let Slot::Local(i) = name.slot {
                    if let Some(v) = self.local(frame, i) {
                        return Ok(v.clone());
                    }
                }
                self.load(frame, name, e.span)
            }
            ExKind::List(items) => Ok(Value::list(self.eval_items(frame, items)?)),
            ExKind::Tuple(items) => Ok(Value::tuple(self.eval_items(frame, items)?)),
            ExKind::Set(items, all_const) => {
                let items = self.eval_items(frame, items)?;
                let mut t = keys::set_of(self, items).map_err(|x| self.host_error(x, e.span))?;
                if *all_const {
                    // CPython's compiler makes such a display a frozenset
                    // constant, rebuilt from its own order when constants
                    // are merged, and merges that into a new set.
                    t = SetTable::from_items(t.to_vec()).at(e.span)?.copy();
                }
                Ok(Value::set(t))
            }
            ExKind::Dict(items) => self.eval_dict(frame, items, e.span),
            ExKind::Walrus(name, value) => {
                let v = self.eval(frame, value)?;
                self.store(frame, name, v.clone());
                Ok(v)
            }
            ExKind::FString(parts) => {
                let mut out = String::new();
                self.eval_fparts(frame, parts, &mut out)?;
                Ok(Value::str(out))
            }
            ExKind::Starred(_) => Err(Exception::at(
                Error::new(ExcKind::SyntaxError, "can't use starred expression here"),
                e.span,
            )),
            ExKind::Comp(code, first) => self.eval_comp(frame, code, first, e.span),
            ExKind::Chain(c) => self.eval(frame, &c.expr),
            ExKind::Unary(op, a) => {
                let a = self.eval(frame, a)?;
                self.unary(*op, &a, e.span)
            }
            ExKind::Binary(op, a, b) => {
                let a = self.eval(frame, a)?;
                let b = self.eval(frame, b)?;
                match fast_binary(*op, &a, &b) {
                    Some(v) => Ok(v),
                    None => self.binary(*op, &a, &b, e.span),
                }
            }
            ExKind::BoolOp(op, a, b) => {
                let left = self.eval(frame, a)?;
                let left_true = match &left {
                    Value::Bool(t) => *t,
                    v => self.truth(v, a.span)?,
                };
                match (op, left_true) {
                    (BoolOp::And, false) | (BoolOp::Or, true) => Ok(left),
                    _ => self.eval(frame, b),
                }
            }
            ExKind::Compare(first, rest) => {
                let mut left = self.eval(frame, first)?;
                let mut result = Value::Bool(true);
                for (i, (op, right)) in rest.iter().enumerate() {
                    let right = self.eval(frame, right)?;
                    result = match fast_compare(*op, &left, &right) {
                        Some(b) => Value::Bool(b),
                        None => self.compare(*op, &left, &right, e.span)?,
                    };
                    if i + 1 < rest.len() {
                        let holds = match &result {
                            Value::Bool(b) => *b,
                            v => self.truth(v, e.span)?,
                        };
                        if !holds {
                            return Ok(result);
                        }
                        left = right;
                    }
                }
                Ok(result)
            }
            ExKind::IfExp(cond, body, orelse) => {
                if self.truthy(frame, cond)? {
                    self.eval(frame, body)
                } else {
                    self.eval(frame, orelse)
                }
            }
            ExKind::CallPos(f, args, cache) => self.eval_call_pos(frame, f, args, cache, e.span),
            ExKind::Call(f, args) => self.eval_call(frame, f, args, e.span),
            ExKind::Attr(v, name) => {
                let v = self.eval(frame, v)?;
                self.getattr(&v, name, e.span)
            }
            ExKind::Subscript(v, index) => {
                let v = self.eval(frame, v)?;
                let index = self.eval(frame, index)?;
                self.getitem(&v, &index, e.span)
            }
            ExKind::Slice(a, b, c) => {
                let mut part = |p: &Option<Box<Ex>>| match p {
                    Some(x) => self.eval(frame, x),
                    None => Ok(Value::None),
                };
                let (start, stop, step) = (part(a)?, part(b)?, part(c)?);
                Ok(Value::Slice(Rc::new(SliceObj { start, stop, step })))
            }
            ExKind::Lambda(code, defaults) => self.make_function(frame, code, defaults),
            ExKind::Invalid(message) => Err(Exception::at(
                Error::new(ExcKind::SyntaxError, message.to_string()),
                e.span,
            )),
        }
    }

    /// The function a `def` or `lambda` makes: its defaults evaluated now,
    /// its free variables' cells taken from `frame`.
    fn make_function(&mut self, frame: &mut Frame, code: &Rc<FuncCode>, defaults: &[Ex]) -> Eval {
        let defaults = defaults
            .iter()
            .map(|d| self.eval(frame, d))
            .collect::<Result<Vec<_>, _>>()?;
        let closure = code
            .free_from
            .iter()
            .map(|slot| match slot {
                Slot::Cell(i) => frame.cells[*i as usize].clone(),
                // The compiler only records cell slots here.
                _ => Rc::new(RefCell::new(None)),
            })
            .collect();
        let f = Rc::new_cyclic(|this| Function {
            code: code.clone(),
            defaults,
            closure,
            module: self.module,
            this: this.clone(),
        });
        Ok(Value::Function(f))
    }

    /// A `class` statement: the bases, then the body run once in a frame
    /// of its own whose plain locals become the class namespace, then the
    /// class made, its `__class__` cell filled (for the methods'
    /// `super()`), and the decorators applied.
    fn exec_class(&mut self, frame: &mut Frame, c: &ClassIr, span: Span) -> Eval {
        let decorators = self.eval_items(frame, &c.decorators)?;
        let mut bases = Vec::new();
        for a in &c.bases {
            match a {
                CallArg::Positional(e) => bases.push(self.eval(frame, e)?),
                CallArg::Star(e) => {
                    let v = self.eval(frame, e)?;
                    bases.extend(self.items_of(&v, e.span)?);
                }
                CallArg::Keyword(..) | CallArg::DoubleStar(_) => {
                    let err = Error::type_error("class keywords (metaclass=...) are not supported");
                    return Err(Exception::at(err, span));
                }
            }
        }
        let body = match self.make_function(frame, &c.code, &[])? {
            Value::Function(f) => f,
            _ => unreachable!("make_function makes a function"),
        };
        let Some(body) = body.as_any().downcast_ref::<Function>() else {
            unreachable!("make_function makes an interpreter function");
        };
        let base = self.stack.len();
        let mut body_frame = self.enter(body, base);
        self.sites.push(span);
        let result = self.exec_block(&mut body_frame, &c.code.body);
        self.sites.pop();
        let mut attrs = class::Attrs::default();
        for (i, name) in c.namespace.iter().enumerate() {
            if let Some(v) = self.stack[base + i].take() {
                attrs.set(name, v);
            }
        }
        self.pop_to(base);
        match result {
            Ok(()) | Err(Flow::Return(_) | Flow::Break | Flow::Continue | Flow::Yield(_)) => {}
            Err(Flow::Raise(mut exc)) => {
                exc.unwind(&c.name, span);
                return Err(exc);
            }
        }
        if !c.annotations.is_empty() {
            let mut d = DictTable::default();
            for (name, ann) in &c.annotations {
                d.insert(Value::Str(name.clone()), Value::Str(ann.clone()))
                    .at(span)?;
            }
            attrs.set("__annotations__", Value::dict(d));
        }
        // Every class has its own `__doc__` (None without a docstring):
        // it is not inherited.
        if attrs.get("__doc__").is_none() {
            let doc = c.code.doc.clone().map_or(Value::None, Value::Str);
            attrs.set("__doc__", doc);
        }
        let class = class::Class::new(&c.name, &c.qualname, "__main__", bases, attrs).at(span)?;
        let class = Rc::new(class);
        if let Some(cell) = body_frame.cells.first() {
            *cell.borrow_mut() = Some(Value::Class(class.clone()));
        }
        let mut v = Value::Class(class);
        for d in decorators.iter().rev() {
            v = self.call_value(d, vec![v], Vec::new(), span)?;
        }
        Ok(v)
    }

    /// The items of a list, tuple or set display, `*xs` unpacked in place.
    fn eval_items(&mut self, frame: &mut Frame, items: &[Ex]) -> Result<Vec<Value>, Exc> {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            match &item.kind {
                ExKind::Starred(x) => {
                    let v = self.eval(frame, x)?;
                    out.extend(self.items_of(&v, x.span)?);
                }
                _ => out.push(self.eval(frame, item)?),
            }
        }
        Ok(out)
    }

    /// Appends the text of f-string parts to `out`: each field's value
    /// converted (`!r`; a debug field without a spec is `repr`), then
    /// formatted with its spec.
    fn eval_fparts(
        &mut self,
        frame: &mut Frame,
        parts: &[FPartIr],
        out: &mut String,
    ) -> Result<(), Exc> {
        for part in parts {
            match part {
                FPartIr::Lit(s) => out.push_str(s),
                FPartIr::Field {
                    value,
                    debug,
                    conversion,
                    spec,
                } => {
                    let v = self.eval(frame, value)?;
                    if let Some(d) = debug {
                        out.push_str(d);
                    }
                    let conversion = match (conversion, debug, spec.is_empty()) {
                        (Some(c), _, _) => Some(*c),
                        (None, Some(_), true) => Some('r'),
                        _ => None,
                    };
                    let v = match conversion {
                        Some(c) => class::convert(self, &v, c)
                            .map_err(|e| self.host_error(e, value.span))?,
                        None => v,
                    };
                    let mut spec_text = String::new();
                    self.eval_fparts(frame, spec, &mut spec_text)?;
                    let text = match (&v, spec_text.is_empty()) {
                        (Value::Str(s), true) => s.to_string(),
                        _ => class::format(self, &v, &spec_text)
                            .map_err(|e| self.host_error(e, value.span))?,
                    };
                    out.push_str(&text);
                }
            }
        }
        Ok(())
    }

    /// `{k: v, **m}`.
    fn eval_dict(&mut self, frame: &mut Frame, items: &[(Option<Ex>, Ex)], span: Span) -> Eval {
        let mut d = DictTable::new();
        for (key, value) in items {
            match key {
                Some(k) => {
                    let k = self.eval(frame, k)?;
                    let v = self.eval(frame, value)?;
                    keys::insert_to_new(self, &mut d, k, v)
                        .map_err(|e| self.host_error(e, span))?;
                }
                None => {
                    let m = self.eval(frame, value)?;
                    let Value::Dict(m) = &m else {
                        let msg = format!("'{}' object is not a mapping", ops::type_name(&m));
                        return Err(Exception::at(Error::type_error(msg), value.span));
                    };
                    let pairs = m.borrow().pairs();
                    for (k, v) in pairs {
                        d.insert(k, v).at(span)?;
                    }
                }
            }
        }
        Ok(Value::dict(d))
    }

    /// `a op b`; `in` an iterator object steps it (through this
    /// interpreter) until it finds the item, as Python does.
    pub(crate) fn compare(&mut self, op: CmpOp, a: &Value, b: &Value, span: Span) -> Eval {
        let ordering = !matches!(op, CmpOp::In | CmpOp::NotIn | CmpOp::Is | CmpOp::IsNot);
        if ordering && (object::is_object(a) || (object::is_object(b) && !class::is_instance(a))) {
            return object::compare(self, op, a, b).map_err(|e| self.host_error(e, span));
        }
        if let Some(r) = class::compare(self, op, a, b) {
            return r.map_err(|e| self.host_error(e, span));
        }
        if let Some(r) = keys::compare(self, op, a, b) {
            return r.map(Value::Bool).map_err(|e| self.host_error(e, span));
        }
        if matches!(op, CmpOp::In | CmpOp::NotIn) && keys::is_user_key(a) {
            if let Some(found) = keys::contains(self, b, a) {
                let found = found.map_err(|e| self.host_error(e, span))?;
                return Ok(Value::Bool(found == (op == CmpOp::In)));
            }
        }
        if matches!(op, CmpOp::In | CmpOp::NotIn)
            && (class::is_instance(a) || class::is_instance(b))
        {
            let found = self.contains(b, a, span)?;
            return Ok(Value::Bool(found == (op == CmpOp::In)));
        }
        if let (CmpOp::In | CmpOp::NotIn, Value::Iter(it)) = (op, b) {
            let mut found = false;
            loop {
                match it.next(self) {
                    Ok(Some(x)) => {
                        let equal = xpush_stdlib::py::compare::is(&x, a)
                            || ops::truthy(&ops::compare(CmpOp::Eq, &x, a).at(span)?).at(span)?;
                        if equal {
                            found = true;
                            break;
                        }
                    }
                    Ok(None) => break,
                    Err(e) => return Err(self.host_error(e, span)),
                }
            }
            return Ok(Value::Bool(found == (op == CmpOp::In)));
        }
        ops::compare(op, a, b).at(span)
    }

    /// `x in container` when either is a user object: `__contains__`,
    /// else a walk of the container comparing with `is` and `==` (user
    /// `__eq__` included).
    fn contains(&mut self, container: &Value, x: &Value, span: Span) -> Result<bool, Exc> {
        if class::special_of(container, "__contains__") {
            let r = class::call_special(self, container, "__contains__", vec![x.clone()], "")
                .map_err(|e| self.host_error(e, span))?;
            return self.truth(&r, span);
        }
        if !class::is_instance(container)
            && !matches!(container, Value::List(_) | Value::Tuple(_) | Value::Iter(_))
        {
            return ops::truthy(&ops::compare(CmpOp::In, x, container).at(span)?).at(span);
        }
        let mut items = stream(container).at(span)?;
        loop {
            match items.next(self) {
                Ok(Some(item)) => {
                    if xpush_stdlib::py::compare::is(&item, x) {
                        return Ok(true);
                    }
                    let eq = self.compare(CmpOp::Eq, &item, x, span)?;
                    if self.truth(&eq, span)? {
                        return Ok(true);
                    }
                }
                Ok(None) => return Ok(false),
                Err(e) => return Err(self.host_error(e, span)),
            }
        }
    }

    /// The items of any iterable, an iterator object drained through this
    /// interpreter (a generator's own errors keep their traceback).
    pub(crate) fn items_of(&mut self, v: &Value, span: Span) -> Result<Vec<Value>, Exc> {
        xpush_stdlib::py::lazy::collect(self, v).map_err(|e| self.host_error(e, span))
    }

    /// An error from stdlib code that may have run user code: the pending
    /// exception with its traceback if it is that error, else the error
    /// at `span`.
    pub(crate) fn host_error(&mut self, e: Error, span: Span) -> Exc {
        match self.pending.take() {
            Some(exc) if exc.error == e => {
                let mut exc = exc;
                exc.span = span;
                exc
            }
            _ => Exception::at(e, span),
        }
    }

    /// `f(a, b)`: positional arguments only (the compiler's
    /// [`ExKind::CallPos`]).
    #[inline(never)]
    fn eval_call_pos(
        &mut self,
        frame: &mut Frame,
        f: &Ex,
        args: &[Ex],
        cache: &CallCache,
        span: Span,
    ) -> Eval {
        if let Some(Value::Function(callee)) = self.peek(frame, f) {
            // The hot path of user code: a `def` bound to a name, held by
            // its `Rc` for the call (the name may be rebound meanwhile).
            if let Some(func) = cache.get(callee).or_else(|| cache.fill(callee)) {
                if func.code.fast_arity == args.len() {
                    return self.call_simple(frame, &func, args, span);
                }
            }
        }
        let callee = self.operand(frame, f)?;
        let mut positional = Vec::with_capacity(args.len());
        for e in args {
            positional.push(self.eval(frame, e)?);
        }
        self.call_value(&callee, positional, Vec::new(), span)
    }

    #[inline(never)]
    fn eval_call(&mut self, frame: &mut Frame, f: &Ex, args: &[CallArg], span: Span) -> Eval {
        let callee = self.operand(frame, f)?;
        let mut positional = Vec::with_capacity(args.len());
        let mut kwargs: Kwargs = Vec::new();
        for a in args {
            match a {
                CallArg::Positional(e) => positional.push(self.eval(frame, e)?),
                CallArg::Keyword(name, e) => kwargs.push((name.clone(), self.eval(frame, e)?)),
                CallArg::Star(e) => {
                    let v = self.eval(frame, e)?;
                    positional.extend(self.items_of(&v, e.span)?);
                }
                CallArg::DoubleStar(e) => {
                    let v = self.eval(frame, e)?;
                    self.unpack_kwargs(&callee, &v, &mut kwargs, e.span)?;
                }
            }
        }
        self.call_value(&callee, positional, kwargs, span)
    }

    /// Calls `func` with `args`, one per parameter, each parameter a plain
    /// local (`FuncCode::fast_arity`): the arguments are pushed straight
    /// onto the value stack as the new frame's locals, with no binding
    /// and no argument vector.
    #[inline(always)]
    fn call_simple(&mut self, frame: &mut Frame, func: &Function, args: &[Ex], span: Span) -> Eval {
        let base = self.stack.len();
        for e in args {
            match self.operand(frame, e) {
                Ok(v) => self.stack.push(Some(v)),
                Err(exc) => {
                    self.pop_to(base);
                    return Err(exc);
                }
            }
        }
        let frame = self.enter(func, base);
        self.run_frame(func, frame, span)
    }

    /// Calls any callable with the call site `span` for tracebacks.
    pub(crate) fn call_value(
        &mut self,
        callee: &Value,
        args: Vec<Value>,
        kwargs: Kwargs,
        span: Span,
    ) -> Eval {
        match callee {
            Value::Function(f) => {
                if let Some(f) = f.as_any().downcast_ref::<Function>() {
                    return self.call_function(f, args, kwargs, span);
                }
            }
            // `obj.method(...)`: the receiver becomes the first argument.
            Value::BoundMethod(m) => {
                if let Value::Function(f) = &m.func {
                    if let Some(f) = f.as_any().downcast_ref::<Function>() {
                        let mut full = Vec::with_capacity(args.len() + 1);
                        full.push(m.receiver.clone());
                        full.extend(args);
                        return self.call_function(f, full, kwargs, span);
                    }
                }
            }
            _ => {}
        }
        // The stdlib function runs at `span` (a callback from it keeps the
        // site of the stdlib call that made it).
        let outer = if span.is_builtin() {
            self.site
        } else {
            std::mem::replace(&mut self.site, span)
        };
        let mut result = ops::call(self, callee, args, kwargs);
        if fperr::has_pending() {
            // NumPy's warnings, issued at the call's line.
            if let Err(e) = fperr::flush(self) {
                result = Err(e);
            }
        }
        self.site = outer;
        match result {
            Ok(v) => Ok(v),
            // A `def` called back by the stdlib failed: keep its traceback.
            Err(e) => Err(self.host_error(e, span)),
        }
    }

    fn call_function(
        &mut self,
        f: &Function,
        args: Vec<Value>,
        kwargs: Kwargs,
        span: Span,
    ) -> Eval {
        let code = &f.code;
        let base = self.stack.len();
        if kwargs.is_empty() && args.len() == code.fast_arity {
            // Every parameter is a plain local, in order, and gets a positional argument.
            self.stack.extend(args.into_iter().map(Some));
            let frame = self.enter(f, base);
            return self.run_frame(f, frame, span);
        }
        let frame = self.enter(f, base);
        let bound = bind_params(f, args, kwargs, &mut self.stack[base..], &frame.cells);
        if let Err(e) = bound {
            self.pop_to(base);
            return Err(Exception::at(e, span));
        }
        self.run_frame(f, frame, span)
    }

    /// The frame of a call to `f` whose arguments (if any) are on the
    /// stack from `base`: the stack is widened to all of `f`'s locals,
    /// the ones not passed unbound.
    #[inline(always)]
    fn enter(&mut self, f: &Function, base: usize) -> Frame {
        let top = base + f.code.n_locals;
        while self.stack.len() < top {
            self.stack.push(None);
        }
        Frame::new(f, base)
    }

    /// Cuts the value stack back to `base`, dropping a finished frame's
    /// locals (as when the frame ends in CPython).
    #[inline(always)]
    pub(crate) fn pop_to(&mut self, base: usize) {
        while self.stack.len() > base {
            match self.stack.pop() {
                // A local generator is finalized with its frame.
                Some(Some(v @ Value::Iter(_))) => self.finalize(v),
                Some(Some(v)) => drop_value(v),
                _ => {}
            }
        }
    }

    /// Runs `f`'s body in `frame`, whose locals are the top of the stack;
    /// they are popped when it ends. Inlined into its two callers (the
    /// positional fast path and the general call) to save a Rust frame on
    /// every call.
    #[inline(always)]
    fn run_frame(&mut self, f: &Function, mut frame: Frame, span: Span) -> Eval {
        if f.code.is_generator {
            return Ok(self.make_generator(f, frame));
        }
        if let Err(exc) = self.check_interrupt(span) {
            self.pop_to(frame.base);
            return Err(exc);
        }
        if self.sites.len() >= RECURSION_LIMIT {
            return Err(self.too_deep(frame.base, span));
        }
        let code = &f.code;
        // The call's site, for warnings (called back from the stdlib: the
        // stdlib call's); how many there are is the recursion depth.
        self.sites
            .push(if span.is_builtin() { self.site } else { span });
        // A function of another module runs in that module's globals.
        let caller = (f.module != self.module).then(|| self.switch_module(f.module));
        let result = self.exec_block_inline(&mut frame, &code.body);
        if let Some(m) = caller {
            self.switch_module(m);
        }
        self.sites.pop();
        self.pop_to(frame.base);
        if frame.cells.capacity() == 0 {
            // Most functions have no cells: the frame then owns no
            // allocation, and skipping its out-of-line drop leaks nothing.
            std::mem::forget(frame);
        }
        match result {
            Ok(()) => Ok(Value::None),
            Err(Flow::Return(v)) => Ok(rebuild(v)),
            Err(Flow::Raise(mut exc)) => {
                exc.unwind(&code.name, span);
                Err(exc)
            }
            // The parser rejects `break`/`continue` outside loops, and a
            // body that yields runs as a generator.
            Err(Flow::Break | Flow::Continue | Flow::Yield(_)) => Ok(Value::None),
        }
    }
}

impl Interpreter {
    /// The `RecursionError` of a call at `span` past [`RECURSION_LIMIT`],
    /// after dropping the arguments it pushed from `base`; out of line,
    /// off the call path.
    #[cold]
    #[inline(never)]
    fn too_deep(&mut self, base: usize, span: Span) -> Exc {
        self.pop_to(base);
        let err = Error::new(ExcKind::RecursionError, "maximum recursion depth exceeded");
        Exception::at(err, span)
    }
}

/// Whether `except class:` catches `exc`: `class` a builtin exception
/// class, a user exception class, or a tuple of them (nested).
pub(crate) fn caught_by(exc: &Exception, class: &Value) -> Result<bool, Error> {
    if let Value::Tuple(items) = class {
        for item in items.iter() {
            if caught_by(exc, item)? {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    match class::caught_by(exc.value.as_ref(), class) {
        Some(r) => r,
        None => xpush_stdlib::py::exc::caught_by(exc.error.kind(), class),
    }
}

/// Binds call arguments to a `def`'s parameters, with CPython's messages:
/// positional arguments fill the positional parameters in order (the
/// rest go to `*args` or are an error), keywords fill parameters by name
/// (the unknown ones go to `**kwargs` or are an error), then defaults
/// fill what is left.
fn bind_params(
    f: &Function,
    args: Vec<Value>,
    kwargs: Kwargs,
    locals: &mut [Option<Value>],
    cells: &[Cell],
) -> Result<(), Error> {
    let code = &f.code;
    let name = &code.qualname;
    let n = code.params.len();
    let kind = |i: usize| code.kinds[i];
    let positional: Vec<usize> = (0..n)
        .filter(|&i| matches!(kind(i), ParamKind::PositionalOnly | ParamKind::Normal))
        .collect();
    let varargs = (0..n).find(|&i| kind(i) == ParamKind::VarArgs);
    let varkw = (0..n).find(|&i| kind(i) == ParamKind::VarKeywords);
    let mut values: Vec<Option<Value>> = vec![None; n];
    let n_pos = positional.len();
    if args.len() > n_pos && varargs.is_none() {
        let n_required = positional.iter().filter(|&&i| !code.has_default[i]).count();
        let takes = if n_required == n_pos {
            format!("{n_pos} positional argument{}", plural(n_pos))
        } else {
            format!("from {n_required} to {n_pos} positional arguments")
        };
        let given = args.len();
        let was = if given == 1 { "was" } else { "were" };
        // Keyword-only arguments passed alongside are named, as CPython does.
        let kw_only = kwargs
            .iter()
            .filter(|(k, _)| {
                (0..n).any(|i| kind(i) == ParamKind::KeywordOnly && *code.params[i] == **k)
            })
            .count();
        if kw_only > 0 {
            return Err(Error::type_error(format!(
                "{name}() takes {takes} but {given} positional argument{} (and {kw_only} keyword-only argument{}) were given",
                plural(given),
                plural(kw_only)
            )));
        }
        return Err(Error::type_error(format!(
            "{name}() takes {takes} but {given} {was} given"
        )));
    }
    let mut args = args.into_iter();
    for &i in &positional {
        match args.next() {
            Some(v) => values[i] = Some(v),
            None => break,
        }
    }
    if let Some(i) = varargs {
        values[i] = Some(Value::tuple(args.collect()));
    }
    let mut extra = DictTable::new();
    let mut posonly_as_keyword = Vec::new();
    for (key, v) in kwargs {
        let found = (0..n).find(|&i| *code.params[i] == *key);
        match found.map(kind) {
            Some(ParamKind::Normal | ParamKind::KeywordOnly) => {
                let i = found.unwrap_or(0);
                if values[i].is_some() {
                    return Err(Error::type_error(format!(
                        "{name}() got multiple values for argument '{key}'"
                    )));
                }
                values[i] = Some(v);
            }
            Some(ParamKind::PositionalOnly) if varkw.is_none() => {
                posonly_as_keyword.push(format!("'{key}'"));
            }
            _ if varkw.is_some() => extra.insert(Value::Str(key), v)?,
            _ => {
                return Err(Error::type_error(format!(
                    "{name}() got an unexpected keyword argument '{key}'"
                )))
            }
        }
    }
    if !posonly_as_keyword.is_empty() {
        return Err(Error::type_error(format!(
            "{name}() got some positional-only arguments passed as keyword arguments: {}",
            posonly_as_keyword.join(", ")
        )));
    }
    if let Some(i) = varkw {
        values[i] = Some(Value::dict(extra));
    }
    let mut defaults = f.defaults.iter();
    let mut missing_pos = Vec::new();
    let mut missing_kw = Vec::new();
    for (i, value) in values.iter_mut().enumerate() {
        let default = if code.has_default[i] {
            defaults.next()
        } else {
            None
        };
        if value.is_some() {
            continue;
        }
        match (default, kind(i)) {
            (Some(d), _) => *value = Some(d.clone()),
            (None, ParamKind::KeywordOnly) => missing_kw.push(format!("'{}'", code.params[i])),
            (None, ParamKind::PositionalOnly | ParamKind::Normal) => {
                missing_pos.push(format!("'{}'", code.params[i]))
            }
            (None, _) => {}
        }
    }
    for (missing, what) in [(missing_pos, "positional"), (missing_kw, "keyword-only")] {
        if missing.is_empty() {
            continue;
        }
        let count = missing.len();
        let list = match count {
            1 => missing[0].clone(),
            2 => format!("{} and {}", missing[0], missing[1]),
            _ => format!(
                "{}, and {}",
                missing[..count - 1].join(", "),
                missing[count - 1]
            ),
        };
        return Err(Error::type_error(format!(
            "{name}() missing {count} required {what} argument{}: {list}",
            plural(count)
        )));
    }
    for (slot, v) in code.param_slots.iter().zip(values) {
        match slot {
            Slot::Local(i) => locals[*i as usize] = v,
            Slot::Cell(i) => *cells[*i as usize].borrow_mut() = v,
            Slot::Global(_) => {}
        }
    }
    Ok(())
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Arithmetic on two machine ints or two floats without leaving the
/// evaluator; `None` sends the operation to the stdlib (overflow, mixed
/// types, division, anything with Python-specific rules).
#[inline]
fn fast_binary(op: BinOp, a: &Value, b: &Value) -> Option<Value> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => int_binary(op, *x, *y).map(Value::Int),
        (Value::Float(x), Value::Float(y)) => match op {
            BinOp::Add => Some(Value::Float(x + y)),
            BinOp::Sub => Some(Value::Float(x - y)),
            BinOp::Mul => Some(Value::Float(x * y)),
            BinOp::Div if *y != 0.0 => Some(Value::Float(x / y)),
            _ => None,
        },
        _ => None,
    }
}

/// The machine-int cases of [`fast_binary`]: `None` on overflow and for
/// the operators with Python-specific rules (division, shifts, powers).
#[inline(always)]
fn int_binary(op: BinOp, x: i64, y: i64) -> Option<i64> {
    match op {
        BinOp::Add => x.checked_add(y),
        BinOp::Sub => x.checked_sub(y),
        BinOp::Mul => x.checked_mul(y),
        BinOp::BitAnd => Some(x & y),
        BinOp::BitOr => Some(x | y),
        BinOp::BitXor => Some(x ^ y),
        _ => None,
    }
}

/// Comparisons of two machine ints or two floats. Always inlined: at a
/// call site the operator is usually a constant, so only one comparison
/// is left.
#[inline(always)]
fn fast_compare(op: CmpOp, a: &Value, b: &Value) -> Option<bool> {
    #[inline(always)]
    fn cmp<T: PartialOrd>(op: CmpOp, x: T, y: T) -> Option<bool> {
        Some(match op {
            CmpOp::Eq => x == y,
            CmpOp::NotEq => x != y,
            CmpOp::Lt => x < y,
            CmpOp::LtE => x <= y,
            CmpOp::Gt => x > y,
            CmpOp::GtE => x >= y,
            _ => return None,
        })
    }
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => cmp(op, *x, *y),
        (Value::Float(x), Value::Float(y)) => cmp(op, *x, *y),
        _ => None,
    }
}

/// `v` itself, with a plain number's tag and payload written afresh where
/// it is moved to. Moving the whole enum instead makes the CPU read back
/// as one 16-byte load what was just stored as a tag byte and an 8-byte
/// payload: a store-forwarding stall, a tenth of the time of recursive
/// `fib` at a call's return (perf annotate).
// The match is the point: clippy sees an identity, the CPU sees two
// stores forwarded to two loads instead of one 16-byte load.
#[allow(clippy::needless_match)]
#[inline(always)]
fn rebuild(v: Value) -> Value {
    match v {
        Value::Int(i) => Value::Int(i),
        Value::Float(f) => Value::Float(f),
        Value::Bool(b) => Value::Bool(b),
        other => other,
    }
}

/// `v.clone()` with the plain number kinds copied inline and a function's
/// reference count bumped inline: the hot loads of constants, locals and
/// callees then skip the out-of-line `Clone` of the whole enum.
#[inline(always)]
fn clone_value(v: &Value) -> Value {
    match v {
        Value::Int(i) => Value::Int(*i),
        Value::Float(f) => Value::Float(*f),
        Value::Bool(b) => Value::Bool(*b),
        Value::Function(f) => Value::Function(f.clone()),
        _ => v.clone(),
    }
}

impl Interpreter {
    /// Drops the value a variable held (rebound or deleted): a generator
    /// it was the last reference to is finalized first.
    #[inline(always)]
    fn release(&mut self, old: Option<Value>) {
        match old {
            Some(v @ Value::Iter(_)) => self.finalize(v),
            Some(v) => drop_value(v),
            None => {}
        }
    }
}

/// Drops `v`, with the kinds of the hot paths handled inline: plain
/// numbers own nothing (no drop glue at all) and a function is one
/// reference count. Anything else goes through the out-of-line drop glue.
#[inline(always)]
fn drop_value(v: Value) {
    match v {
        Value::Int(_) | Value::Float(_) | Value::Bool(_) => std::mem::forget(v),
        Value::Function(f) => drop(f),
        other => drop(other),
    }
}
