//! Generator functions. Calling a `def` whose body yields makes a
//! generator object and runs nothing; each step resumes the body where it
//! last stopped and runs it to the next `yield`.
//!
//! The evaluator walks the tree with Rust recursion, which cannot be
//! suspended, so a generator's body runs through a resumable executor
//! instead: the statements that contain a `yield` (`St::yields`, decided
//! at compile time) are run here, the others by the ordinary
//! [`Interpreter::exec`]. When a `yield` suspends the body, each
//! enclosing statement on the way out records where it was (the index in
//! its block, the `for` loop's iterator, the `try` clause and the
//! exception being handled, the `with` block's manager) in the
//! generator's [`Resume`] path, innermost first; the next step walks back
//! down that path, outermost first, and carries on from the `yield`. The
//! frame's locals are moved off the value stack while it is suspended
//! and back on when it resumes.
//!
//! A `yield` may stand as a statement (`yield x`, `y = yield x`,
//! `yield from xs`); the parser reports any other place.

use std::rc::Rc;

use xpush_lang::span::Span;
use xpush_stdlib::py::class;
use xpush_stdlib::py::lazy::{stream, IterObj, IterState, Stream};
use xpush_stdlib::{Error, ExcKind, GenInput, Value};

use xpush_lang::ast::BinOp;

use crate::eval::{AugRhs, Cell, Frame, Function, RECURSION_LIMIT};
use crate::exc::{At, Exc, Exception, Flow};
use crate::ir::{Ex, FuncCode, St, StKind, Target, TryIr};
use crate::Interpreter;

type Exec = Result<(), Flow>;

/// A suspended generator function: its code, its frame, and where it stopped.
pub(crate) struct FuncGen {
    code: Rc<FuncCode>,
    /// The module whose globals its body's names resolve to.
    module: u32,
    /// The frame's locals while it is suspended.
    locals: Vec<Option<Value>>,
    cells: Vec<Cell>,
    n_own_cells: usize,
    /// Where the body stopped, innermost first (empty before the first step).
    path: Vec<Resume>,
    started: bool,
    finished: bool,
}

/// Where one statement of a suspended body stopped.
pub(crate) enum Resume {
    /// At statement `i` of a block.
    Block(usize),
    /// At a `yield`: the step that resumes it delivers the sent value.
    AtYield,
    /// At a `yield from`, with the iterator it delegates to.
    YieldFrom(Stream),
    /// In the `if` branch (`true`) or the `else` branch.
    If(bool),
    /// In a `while` body (`false`) or its `else` (`true`).
    While(bool),
    /// In a `for` body (`false`) or its `else` (`true`), with the iterator.
    For(Stream, bool),
    /// In a `try` statement.
    Try(TryPart),
    /// In a `with` block, with its context manager.
    With(Value),
}

/// The clause of a `try` statement a body stopped in.
pub(crate) enum TryPart {
    Body,
    /// Handler `i`, handling this exception.
    Handler(usize, Exc),
    Else,
    /// `finally`, with what the rest of the statement ended in.
    Finally(Exec),
}

impl Interpreter {
    /// A call of a generator function whose frame is set up: its locals
    /// taken off the stack into a generator object; nothing runs yet.
    pub(crate) fn make_generator(&mut self, f: &Function, frame: Frame) -> Value {
        let locals = self.stack.drain(frame.base..).collect();
        let g = FuncGen {
            code: f.code.clone(),
            module: f.module,
            locals,
            cells: frame.cells,
            n_own_cells: frame.n_own_cells,
            path: Vec::new(),
            started: false,
            finished: false,
        };
        IterObj::generator(f.code.qualname.clone(), IterState::Generator(Box::new(g)))
    }

    /// One step of a generator function: the next value it yields, or
    /// `None` when it returns. `input` is what `send`/`throw` deliver at
    /// the `yield` it stopped at.
    pub(crate) fn resume_function(
        &mut self,
        g: &mut FuncGen,
        input: Option<GenInput>,
    ) -> Result<Option<Value>, Exc> {
        // Only this resume's `return` is what it returned.
        self.gen_return = None;
        let input = match input {
            Some(GenInput::Throw(v)) => Some(Err(self.thrown(&v)?)),
            Some(GenInput::Send(v)) => Some(Ok(v)),
            None => None,
        };
        if g.finished {
            return match input {
                Some(Err(exc)) => Err(exc),
                _ => Ok(None),
            };
        }
        if !g.started {
            match input {
                Some(Ok(v)) if !v.is_none() => {
                    return Err(Exception::at(
                        Error::type_error("can't send non-None value to a just-started generator"),
                        Span::BUILTIN,
                    ))
                }
                // Thrown in before it ran: it ends with the exception.
                Some(Err(exc)) => {
                    g.finish();
                    return Err(exc);
                }
                _ => {}
            }
            g.started = true;
        }
        if self.sites.len() >= RECURSION_LIMIT {
            let err = Error::new(ExcKind::RecursionError, "maximum recursion depth exceeded");
            return Err(Exception::at(err, Span::BUILTIN));
        }
        self.gen_input = input;
        let base = self.stack.len();
        self.stack.append(&mut g.locals);
        let mut frame = Frame {
            base,
            cells: g.cells.clone(),
            n_own_cells: g.n_own_cells,
        };
        // Resumed by the stdlib call running now (`next`, a `for` loop's).
        self.sites.push(self.site);
        let caller = self.switch_module(g.module);
        let result = self.gen_block(&mut frame, &g.code.body, &mut g.path);
        self.switch_module(caller);
        self.sites.pop();
        self.gen_input = None;
        g.locals = self.stack.drain(base..).collect();
        // What it returned, when it ends with `return v` below; a
        // generator it ran inside its body may have left its own.
        self.gen_return = None;
        match result {
            Err(Flow::Yield(v)) => Ok(Some(v)),
            Err(Flow::Raise(mut exc)) => {
                g.finish();
                exc.unwind(&g.code.name, Span::BUILTIN);
                // A StopIteration escaping a generator body is a RuntimeError (PEP 479).
                if exc.error.kind() == ExcKind::StopIteration {
                    let err = Error::new(ExcKind::RuntimeError, "generator raised StopIteration");
                    return Err(Exception::at(err, exc.span));
                }
                Err(exc)
            }
            Err(Flow::Return(v)) => {
                g.finish();
                // What `yield from` of this generator evaluates to.
                self.gen_return = Some(v);
                Ok(None)
            }
            Ok(()) | Err(Flow::Break | Flow::Continue) => {
                g.finish();
                Ok(None)
            }
        }
    }

    /// Drops `v`; when it is a generator function's generator that
    /// started and has not ended, and nothing else refers to it, it is
    /// closed first (`GeneratorExit` at its `yield`: its `finally` blocks
    /// and `with` exits run), as CPython does when the last reference
    /// goes. An error it raises then is reported, as CPython's
    /// "Exception ignored in", and goes no further.
    pub(crate) fn finalize(&mut self, v: Value) {
        let Value::Iter(it) = &v else {
            return;
        };
        if Rc::strong_count(it) != 1 {
            return;
        }
        let suspended = it
            .with_generator(|g| {
                g.downcast_ref::<FuncGen>()
                    .is_some_and(|g| g.started && !g.finished)
            })
            .unwrap_or(false);
        if !suspended {
            return;
        }
        let exit = Value::ExcType(ExcKind::GeneratorExit);
        // An exception being recovered by a stdlib call site stays put.
        let outer = self.pending.take();
        let err = match it.send(self, GenInput::Throw(exit)) {
            Ok(Some(_)) => Some(Error::new(
                ExcKind::RuntimeError,
                "generator ignored GeneratorExit",
            )),
            Ok(None) => None,
            Err(e) if matches!(e.kind(), ExcKind::GeneratorExit | ExcKind::StopIteration) => None,
            Err(e) => Some(e),
        };
        self.pending = outer;
        if let Some(e) = err {
            let text = format!(
                "Exception ignored in: {}\n{}: {}\n",
                xpush_stdlib::ops::repr(&v),
                e.kind().name(),
                e.msg()
            );
            self.notice(&text);
        }
    }

    /// The exception `gen.throw(v)` raises inside the generator.
    pub(crate) fn thrown(&mut self, v: &Value) -> Result<Exc, Exc> {
        let made = match class::to_raise(self, v) {
            Some(r) => r,
            None => xpush_stdlib::py::exc::to_raise(v),
        };
        let (error, obj) = made.map_err(|e| self.host_error(e, Span::BUILTIN))?;
        let mut exc = Exception::at(error, Span::BUILTIN);
        exc.value = Some(obj);
        Ok(exc)
    }

    /// Runs (or resumes) a block of a generator's body.
    fn gen_block(&mut self, frame: &mut Frame, body: &[St], path: &mut Vec<Resume>) -> Exec {
        let mut start = 0;
        if let Some(Resume::Block(i)) = path.last() {
            start = *i;
            path.pop();
        }
        for (i, st) in body.iter().enumerate().skip(start) {
            let r = if st.yields {
                self.gen_stmt(frame, st, path)
            } else {
                self.exec(frame, st)
            };
            if let Err(Flow::Yield(v)) = r {
                path.push(Resume::Block(i));
                return Err(Flow::Yield(v));
            }
            r?;
        }
        Ok(())
    }

    /// Runs (or resumes) one statement that contains a `yield`.
    fn gen_stmt(&mut self, frame: &mut Frame, st: &St, path: &mut Vec<Resume>) -> Exec {
        match &st.kind {
            StKind::Yield {
                value,
                from: false,
                target,
                aug,
            } => self.gen_yield(frame, value.as_ref(), target.as_ref(), *aug, st.span, path),
            StKind::Yield {
                value,
                from: true,
                target,
                ..
            } => self.gen_yield_from(frame, value.as_ref(), target.as_ref(), st.span, path),
            StKind::If(cond, body, orelse) => {
                let branch = match path.last() {
                    Some(Resume::If(b)) => {
                        let b = *b;
                        path.pop();
                        b
                    }
                    _ => self.truthy(frame, cond)?,
                };
                let r = self.gen_block(frame, if branch { body } else { orelse }, path);
                if let Err(Flow::Yield(_)) = &r {
                    path.push(Resume::If(branch));
                }
                r
            }
            StKind::While(cond, body, orelse) => {
                self.gen_while(frame, cond, body, orelse, st.span, path)
            }
            StKind::For(..) => self.gen_for(frame, st, path),
            StKind::Try(t) => self.gen_try(frame, t, path),
            StKind::With(items, body) => self.gen_with(frame, items, body, st.span, path),
            StKind::Seq(parts) => self.gen_block(frame, parts, path),
            _ => self.exec(frame, st),
        }
    }

    /// `yield value` (and `target = yield value`): suspends with the
    /// value; resumed, takes what was sent (or raises what was thrown).
    fn gen_yield(
        &mut self,
        frame: &mut Frame,
        value: Option<&Ex>,
        target: Option<&Target>,
        aug: Option<BinOp>,
        span: Span,
        path: &mut Vec<Resume>,
    ) -> Exec {
        if let Some(Resume::AtYield) = path.last() {
            path.pop();
            let sent = match self.gen_input.take() {
                Some(Err(exc)) => return Err(Flow::Raise(exc)),
                Some(Ok(v)) => v,
                None => Value::None,
            };
            match (target, aug) {
                (Some(t), Some(op)) => self.aug_assign(frame, t, op, AugRhs::Value(sent), span)?,
                (Some(t), None) => self.assign(frame, t, sent)?,
                (None, _) => {}
            }
            return Ok(());
        }
        let v = match value {
            Some(e) => self.eval(frame, e)?,
            None => Value::None,
        };
        path.push(Resume::AtYield);
        Err(Flow::Yield(v))
    }

    /// `yield from iterable`: yields each of its items in turn. A
    /// generator it delegates to gets what this one is sent or thrown
    /// (PEP 380), and what it returns is the expression's value.
    fn gen_yield_from(
        &mut self,
        frame: &mut Frame,
        value: Option<&Ex>,
        target: Option<&Target>,
        span: Span,
        path: &mut Vec<Resume>,
    ) -> Exec {
        let (mut items, input) = match path.last() {
            Some(Resume::YieldFrom(_)) => {
                let Some(Resume::YieldFrom(items)) = path.pop() else {
                    unreachable!("matched above");
                };
                (items, self.gen_input.take())
            }
            _ => {
                let v = match value {
                    Some(e) => self.eval(frame, e)?,
                    None => Value::None,
                };
                (stream(&v).at(span)?, None)
            }
        };
        // What the generator delegated to is resumed with: `next`, or
        // what this one was sent or thrown.
        let delegate = match &items {
            Stream::Lazy(it) if it.type_name() == "generator" => Some(it.clone()),
            _ => None,
        };
        self.gen_return = None;
        let step = match (input, delegate) {
            (Some(Ok(v)), Some(g)) if !v.is_none() => g.send(self, GenInput::Send(v)),
            (Some(Err(mut exc)), Some(g)) => g.send(self, GenInput::Throw(exc.object())),
            (Some(Err(exc)), None) => return Err(Flow::Raise(exc)),
            _ => items.next(self),
        };
        match step {
            Ok(Some(v)) => {
                path.push(Resume::YieldFrom(items));
                Err(Flow::Yield(v))
            }
            Ok(None) => {
                // The delegate's `return` value (None for any other iterator).
                let returned = self.gen_return.take().unwrap_or(Value::None);
                if let Some(t) = target {
                    self.assign(frame, t, returned)?;
                }
                Ok(())
            }
            Err(e) => Err(Flow::Raise(self.host_error(e, span))),
        }
    }

    fn gen_while(
        &mut self,
        frame: &mut Frame,
        cond: &Ex,
        body: &[St],
        orelse: &[St],
        span: Span,
        path: &mut Vec<Resume>,
    ) -> Exec {
        let mut resumed = false;
        if let Some(Resume::While(in_else)) = path.last() {
            let in_else = *in_else;
            path.pop();
            if in_else {
                return self.gen_else(frame, orelse, path, || Resume::While(true));
            }
            resumed = true;
        }
        loop {
            if !resumed {
                self.check_interrupt(span)?;
                if !self.truthy(frame, cond)? {
                    return self.gen_else(frame, orelse, path, || Resume::While(true));
                }
            }
            resumed = false;
            match self.gen_block(frame, body, path) {
                Ok(()) | Err(Flow::Continue) => {}
                Err(Flow::Break) => return Ok(()),
                Err(Flow::Yield(v)) => {
                    path.push(Resume::While(false));
                    return Err(Flow::Yield(v));
                }
                Err(other) => return Err(other),
            }
        }
    }

    /// A loop's `else` block, recording `entry` if it suspends.
    fn gen_else(
        &mut self,
        frame: &mut Frame,
        orelse: &[St],
        path: &mut Vec<Resume>,
        entry: impl FnOnce() -> Resume,
    ) -> Exec {
        let r = self.gen_block(frame, orelse, path);
        if let Err(Flow::Yield(_)) = &r {
            path.push(entry());
        }
        r
    }

    /// `for` in a generator (`st` is the loop), the iterator kept across
    /// suspensions.
    fn gen_for(&mut self, frame: &mut Frame, st: &St, path: &mut Vec<Resume>) -> Exec {
        let StKind::For(target, iter, body, orelse) = &st.kind else {
            return self.exec(frame, st);
        };
        let span = st.span;
        let (mut items, mut resumed) = match path.last() {
            Some(Resume::For(..)) => {
                let Some(Resume::For(items, in_else)) = path.pop() else {
                    unreachable!("matched above");
                };
                if in_else {
                    let r = self.gen_block(frame, orelse, path);
                    if let Err(Flow::Yield(_)) = &r {
                        path.push(Resume::For(items, true));
                    }
                    return r;
                }
                (items, true)
            }
            _ => {
                let v = self.eval(frame, iter)?;
                (stream(&v).at(iter.span)?, false)
            }
        };
        loop {
            if !resumed {
                self.check_interrupt(span)?;
                let item = match items.next(self) {
                    Ok(Some(item)) => item,
                    Ok(None) => {
                        let r = self.gen_block(frame, orelse, path);
                        if let Err(Flow::Yield(_)) = &r {
                            path.push(Resume::For(items, true));
                        }
                        return r;
                    }
                    Err(e) => return Err(self.host_error(e, iter.span).into()),
                };
                self.assign(frame, target, item)?;
            }
            resumed = false;
            match self.gen_block(frame, body, path) {
                Ok(()) | Err(Flow::Continue) => {}
                Err(Flow::Break) => return Ok(()),
                Err(Flow::Yield(v)) => {
                    path.push(Resume::For(items, false));
                    return Err(Flow::Yield(v));
                }
                Err(other) => return Err(other),
            }
        }
    }

    /// `try` in a generator: as [`Interpreter::exec_try`], each clause
    /// resumable.
    fn gen_try(&mut self, frame: &mut Frame, t: &TryIr, path: &mut Vec<Resume>) -> Exec {
        let part = match path.last() {
            Some(Resume::Try(_)) => match path.pop() {
                Some(Resume::Try(part)) => part,
                _ => unreachable!("matched above"),
            },
            _ => TryPart::Body,
        };
        let outcome = match part {
            TryPart::Finally(outcome) => return self.gen_finally(frame, t, path, outcome),
            TryPart::Handler(i, exc) => self.gen_handler(frame, t, i, *exc, path),
            TryPart::Else => self.gen_try_else(frame, t, path),
            TryPart::Body => match self.gen_block(frame, &t.body, path) {
                Err(Flow::Yield(v)) => {
                    path.push(Resume::Try(TryPart::Body));
                    return Err(Flow::Yield(v));
                }
                Ok(()) => self.gen_try_else(frame, t, path),
                Err(Flow::Raise(exc)) => self.gen_catch(frame, t, exc, path),
                Err(other) => Err(other),
            },
        };
        // A handler or the `else` that suspended recorded its own entry.
        if let Err(Flow::Yield(_)) = &outcome {
            return outcome;
        }
        self.gen_finally(frame, t, path, outcome)
    }

    fn gen_try_else(&mut self, frame: &mut Frame, t: &TryIr, path: &mut Vec<Resume>) -> Exec {
        let r = self.gen_block(frame, &t.orelse, path);
        if let Err(Flow::Yield(_)) = &r {
            path.push(Resume::Try(TryPart::Else));
        }
        r
    }

    /// The handler of `t` that catches `exc`, run; or `exc` raised on.
    fn gen_catch(
        &mut self,
        frame: &mut Frame,
        t: &TryIr,
        mut exc: Exc,
        path: &mut Vec<Resume>,
    ) -> Exec {
        match self.catching_handler(frame, t, &mut exc)? {
            Some(i) => self.gen_handler(frame, t, i, *exc, path),
            None => Err(Flow::Raise(exc)),
        }
    }

    /// Runs (or resumes) handler `i` of `t`, handling `exc` meanwhile (a
    /// bare `raise` raises it); a suspended handler takes its exception
    /// off the interpreter's handling stack with it.
    fn gen_handler(
        &mut self,
        frame: &mut Frame,
        t: &TryIr,
        i: usize,
        exc: Exception,
        path: &mut Vec<Resume>,
    ) -> Exec {
        let h = &t.handlers[i];
        self.handling.push(exc);
        let r = self.gen_block(frame, &h.body, path);
        let exc = self.handling.pop().map(Box::new);
        if let Err(Flow::Yield(_)) = &r {
            if let Some(exc) = exc {
                path.push(Resume::Try(TryPart::Handler(i, exc)));
            }
            return r;
        }
        if let Some(name) = &h.name {
            self.unbind(frame, name);
        }
        r
    }

    /// The `finally` block (run or resumed) after what the rest of `t`
    /// ended in, which it replaces if it ends otherwise.
    fn gen_finally(
        &mut self,
        frame: &mut Frame,
        t: &TryIr,
        path: &mut Vec<Resume>,
        outcome: Exec,
    ) -> Exec {
        if t.finalbody.is_empty() {
            return outcome;
        }
        match self.gen_block(frame, &t.finalbody, path) {
            Err(Flow::Yield(v)) => {
                path.push(Resume::Try(TryPart::Finally(outcome)));
                Err(Flow::Yield(v))
            }
            Ok(()) => outcome,
            Err(other) => Err(other),
        }
    }

    /// `with` in a generator: as [`Interpreter::exec_with`], the block resumable.
    fn gen_with(
        &mut self,
        frame: &mut Frame,
        items: &[(Ex, Option<Target>)],
        body: &[St],
        span: Span,
        path: &mut Vec<Resume>,
    ) -> Exec {
        let Some(((ctx, target), rest)) = items.split_first() else {
            return self.gen_block(frame, body, path);
        };
        let (manager, inside) = match path.last() {
            Some(Resume::With(_)) => {
                let Some(Resume::With(manager)) = path.pop() else {
                    unreachable!("matched above");
                };
                let inside = self.gen_with(frame, rest, body, span, path);
                (manager, inside)
            }
            _ => {
                let manager = self.eval(frame, ctx)?;
                let entered = self.enter_context(&manager, ctx.span)?;
                let inside = match target {
                    Some(t) => self.assign(frame, t, entered).map_err(Flow::Raise),
                    None => Ok(()),
                }
                .and_then(|()| self.gen_with(frame, rest, body, span, path));
                (manager, inside)
            }
        };
        match inside {
            Err(Flow::Yield(v)) => {
                path.push(Resume::With(manager));
                Err(Flow::Yield(v))
            }
            other => self.leave_context(&manager, other, span),
        }
    }
}

impl FuncGen {
    fn finish(&mut self) {
        self.finished = true;
        self.locals.clear();
        self.path.clear();
    }
}
