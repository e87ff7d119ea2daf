//! Comprehensions, generator expressions, and unpacking (`a, *b = xs`,
//! `f(**kw)`).
//!
//! A comprehension runs in a scope of its own, as in Python 3: its locals
//! sit on the value stack above the enclosing frame's, its free variables
//! come from the enclosing frame's cells. A list, set or dict
//! comprehension runs to the end at once. A generator expression is a
//! [`GenState`] held by its iterator object: each step pushes its locals
//! back on the stack, advances the innermost `for` clause until every
//! condition holds, evaluates the element, and takes its locals off
//! again, so nothing runs before the consumer asks for an item.

use std::cell::RefCell;
use std::rc::Rc;

use xpush_lang::span::Span;
use xpush_stdlib::py::keys;
use xpush_stdlib::py::lazy::{stream, IterObj, IterState, Stream};
use xpush_stdlib::value::{DictTable, SetTable};
use xpush_stdlib::{ops, Error, ExcKind, Kwargs, Value};

use crate::eval::{Cell, Eval, Frame};
use crate::exc::{At, Exc, Exception};
use crate::ir::{CompCode, CompKind, Ex, Slot, Target};
use crate::Interpreter;

/// A suspended generator expression.
pub(crate) struct GenState {
    code: Rc<CompCode>,
    /// Its locals while it is suspended (on the stack while it runs).
    locals: Vec<Option<Value>>,
    /// Its own cells, then the captured ones.
    cells: Vec<Cell>,
    /// One stream per entered `for` clause, outermost first.
    streams: Vec<Stream>,
}

/// What a comprehension collects into.
enum Acc {
    List(Vec<Value>),
    Set(SetTable),
    Dict(DictTable),
}

impl Interpreter {
    /// The cells of a new activation of `code` defined in `frame`: fresh
    /// own cells, then the captured ones.
    fn comp_cells(frame: &Frame, code: &CompCode) -> Vec<Cell> {
        (0..code.n_cells)
            .map(|_| Rc::new(RefCell::new(None)))
            .chain(code.free_from.iter().map(|slot| match slot {
                Slot::Cell(i) => frame.cells[*i as usize].clone(),
                // The compiler only records cell slots here.
                _ => Rc::new(RefCell::new(None)),
            }))
            .collect()
    }

    /// `[elt for ...]`, `{...}`, `(elt for ...)`: `first` is the outermost
    /// iterable, evaluated here in the enclosing scope.
    pub(crate) fn eval_comp(
        &mut self,
        frame: &mut Frame,
        code: &Rc<CompCode>,
        first: &Ex,
        span: Span,
    ) -> Eval {
        let iterable = self.eval(frame, first)?;
        let first_stream = stream(&iterable).at(first.span)?;
        let cells = Self::comp_cells(frame, code);
        if code.kind == CompKind::Generator {
            let state = GenState {
                code: code.clone(),
                locals: vec![None; code.n_locals],
                cells,
                streams: vec![first_stream],
            };
            return Ok(IterObj::value(
                "generator",
                IterState::Generator(Box::new(state)),
            ));
        }
        let base = self.stack.len();
        self.stack.resize(base + code.n_locals, None);
        let mut inner = Frame {
            base,
            cells,
            n_own_cells: code.n_cells,
        };
        let mut streams = vec![first_stream];
        let mut acc = match code.kind {
            CompKind::Set => Acc::Set(SetTable::new()),
            CompKind::Dict => Acc::Dict(DictTable::new()),
            _ => Acc::List(Vec::new()),
        };
        let result = self.fill(&mut inner, code, &mut streams, &mut acc, span);
        self.pop_to(base);
        if let Err(mut exc) = result {
            exc.unwind(&code.name, span);
            return Err(exc);
        }
        Ok(match acc {
            Acc::List(items) => Value::list(items),
            Acc::Set(t) => Value::set(t),
            Acc::Dict(d) => Value::dict(d),
        })
    }

    /// Runs an eager comprehension to the end, into `acc`.
    fn fill(
        &mut self,
        frame: &mut Frame,
        code: &CompCode,
        streams: &mut Vec<Stream>,
        acc: &mut Acc,
        span: Span,
    ) -> Result<(), Exc> {
        while self.advance(frame, code, streams, span)? {
            let item = self.eval(frame, &code.elt)?;
            match acc {
                Acc::List(items) => items.push(item),
                Acc::Set(t) => keys::add_to_new(self, t, item)
                    .map_err(|e| self.host_error(e, code.elt.span))?,
                Acc::Dict(d) => {
                    let value = match &code.value {
                        Some(v) => self.eval(frame, v)?,
                        None => Value::None,
                    };
                    keys::insert_to_new(self, d, item, value)
                        .map_err(|e| self.host_error(e, code.elt.span))?;
                }
            }
        }
        Ok(())
    }

    /// Steps the clauses until every target is bound and every condition
    /// holds (`true`: the element is ready to evaluate), or the outermost
    /// stream is exhausted (`false`).
    fn advance(
        &mut self,
        frame: &mut Frame,
        code: &CompCode,
        streams: &mut Vec<Stream>,
        span: Span,
    ) -> Result<bool, Exc> {
        loop {
            let depth = match streams.len() {
                0 => return Ok(false),
                n => n - 1,
            };
            let clause = &code.clauses[depth];
            let item = match streams[depth].next(self) {
                Ok(Some(item)) => item,
                Ok(None) => {
                    streams.pop();
                    continue;
                }
                Err(e) => return Err(self.host_error(e, clause.iter.span)),
            };
            self.check_interrupt(span)?;
            self.assign(frame, &clause.target, item)?;
            let mut holds = true;
            for cond in &clause.ifs {
                if !self.truthy(frame, cond)? {
                    holds = false;
                    break;
                }
            }
            if !holds {
                continue;
            }
            if depth + 1 == code.clauses.len() {
                return Ok(true);
            }
            let next = &code.clauses[depth + 1].iter;
            let iterable = self.eval(frame, next)?;
            streams.push(stream(&iterable).at(next.span)?);
        }
    }

    /// One step of a generator expression (`Host::resume`).
    pub(crate) fn resume_generator(&mut self, g: &mut GenState) -> Result<Option<Value>, Exc> {
        let code = g.code.clone();
        let base = self.stack.len();
        self.stack.append(&mut g.locals);
        let mut frame = Frame {
            base,
            cells: std::mem::take(&mut g.cells),
            n_own_cells: code.n_cells,
        };
        let span = code.elt.span;
        let result = match self.advance(&mut frame, &code, &mut g.streams, span) {
            Ok(true) => self.eval(&mut frame, &code.elt).map(Some),
            Ok(false) => Ok(None),
            Err(e) => Err(e),
        };
        g.locals.extend(self.stack.drain(base..));
        g.cells = frame.cells;
        result.map_err(|mut exc| {
            exc.unwind(&code.name, span);
            exc
        })
    }

    /// `a, *b, c = v`: the items of `v` assigned to the targets, a starred
    /// target taking (as a list) what the others leave.
    pub(crate) fn unpack(
        &mut self,
        frame: &mut Frame,
        targets: &[Target],
        v: Value,
        span: Span,
    ) -> Result<(), Exc> {
        let user_iterable = xpush_stdlib::py::class::special_of(&v, "__iter__")
            || xpush_stdlib::py::class::special_of(&v, "__getitem__");
        let items: Vec<Value> = match &v {
            Value::Iter(_) => self.items_of(&v, span)?,
            Value::Instance(_) if user_iterable => self.items_of(&v, span)?,
            _ => match ops::iterate(&v) {
                Ok(it) => it.collect(),
                Err(e) if e.kind() == ExcKind::TypeError => {
                    let msg = format!("cannot unpack non-iterable {} object", ops::type_name(&v));
                    return Err(Exception::at(Error::type_error(msg), span));
                }
                Err(e) => return Err(Exception::at(e, span)),
            },
        };
        let n = targets.len();
        let got = items.len();
        let Some(star) = targets
            .iter()
            .position(|t| matches!(t, Target::Starred(..)))
        else {
            if got != n {
                let msg = if got > n {
                    format!("too many values to unpack (expected {n})")
                } else {
                    format!("not enough values to unpack (expected {n}, got {got})")
                };
                return Err(Exception::at(Error::value_error(msg), span));
            }
            for (t, item) in targets.iter().zip(items) {
                self.assign(frame, t, item)?;
            }
            return Ok(());
        };
        let after = n - star - 1;
        if got < n - 1 {
            let msg = format!(
                "not enough values to unpack (expected at least {}, got {got})",
                n - 1
            );
            return Err(Exception::at(Error::value_error(msg), span));
        }
        let mut items = items;
        let tail = items.split_off(got - after);
        let middle = items.split_off(star);
        for (t, item) in targets[..star].iter().zip(items) {
            self.assign(frame, t, item)?;
        }
        if let Target::Starred(inner, _) = &targets[star] {
            self.assign(frame, inner, Value::list(middle))?;
        }
        for (t, item) in targets[star + 1..].iter().zip(tail) {
            self.assign(frame, t, item)?;
        }
        Ok(())
    }

    /// `f(**v)`: the items of the dict `v` added to `kwargs`, with
    /// CPython's errors.
    pub(crate) fn unpack_kwargs(
        &mut self,
        callee: &Value,
        v: &Value,
        kwargs: &mut Kwargs,
        span: Span,
    ) -> Result<(), Exc> {
        let fail = |msg: String| Err(Exception::at(Error::type_error(msg), span));
        let Value::Dict(d) = v else {
            return fail(format!(
                "{}() argument after ** must be a mapping, not {}",
                callee_name(callee),
                ops::type_name(v)
            ));
        };
        let pairs = d.borrow().pairs();
        for (k, v) in pairs {
            // (an np.str_ key is a str)
            let Value::Str(name) = xpush_stdlib::numpy::host::as_python(k) else {
                return fail("keywords must be strings".into());
            };
            if kwargs.iter().any(|(n, _)| *n == name) {
                return fail(format!(
                    "{}() got multiple values for keyword argument '{name}'",
                    callee_name(callee)
                ));
            }
            kwargs.push((name, v));
        }
        Ok(())
    }
}

/// The name CPython gives a callable in call errors (`__main__.f`, `print`).
fn callee_name(callee: &Value) -> String {
    match callee {
        Value::Function(f) => format!("__main__.{}", f.name()),
        Value::Builtin(id) => xpush_stdlib::table::get(*id).name.to_string(),
        other => ops::type_name(other).to_string(),
    }
}
