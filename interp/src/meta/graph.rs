//! `:graph STMT`: a statement's npu work captured once into a graph
//! (`aclmdlRICaptureBegin`/`End`) and replayed (`aclmdlRIExecuteAsync`)
//! on later runs while what it reads is unchanged, as a CUDA graph is in
//! torch, but with NumPy's semantics kept:
//!
//! - **Guards.** The statement's reads are the global names its code (and
//!   the code of the functions it calls) reads, found when it is compiled.
//!   A replay needs each to hold what it held at the capture: the same
//!   dtype, shape and strides for an npu array (its values may differ),
//!   the same value for a number or string, the same object for a module
//!   or function. Anything else (a host array, a list holding arrays, an
//!   instance) cannot be guarded, and the statement runs eagerly.
//! - **Static inputs.** The capture reads its arrays from buffers of its
//!   own ("twins", one per distinct buffer read, so aliasing is kept):
//!   a replay first copies the arrays now bound to those names into them
//!   (device to device, on the stream), and copies back the twins the
//!   graph wrote (an in-place `x += 1` updates the user's `x`, and every
//!   view of it, as an eager run does).
//! - **Fresh outputs.** A name the statement binds to an array the graph
//!   made is bound after a replay to a copy of the graph's buffer, never
//!   to the buffer itself: a result kept from an earlier run (`old = y`)
//!   is not overwritten by the next replay.
//! - **Checked.** The first replay is compared with an eager run of the
//!   statement from the same state, element for element; the session
//!   keeps the eager run's results. Each later run replays.
//!
//! Only the npu work and the names bound are replayed: host-side effects
//! (a `print`, appending to a list) happen on the run that captured, as
//! with any captured graph; a statement whose effect is of that kind and
//! binds something the graph does not make (a function, a list) runs
//! eagerly every time, with a one-line notice why.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use xpush_npu::ascend::tensor::{npu_storage, wrap};
use xpush_npu::ascend::{Device, DeviceArray, DeviceBuffer, Graph};
use xpush_npu::device::{sync_because, SyncReason};
use xpush_npu::{DType, Layout};
use xpush_stdlib::Value;

use crate::eval::Frame;
use crate::exc::{Exception, Flow};
use crate::ir::St;
use crate::meta::Code;
use crate::Interpreter;

/// How many statements' graphs a session keeps (least recently run out
/// first).
const KEEP: usize = 16;

/// The graphs of a session's `:graph` statements, by statement text.
#[derive(Default)]
pub(crate) struct GraphCache {
    /// Most recently run last.
    entries: Vec<(String, Kept)>,
    /// The notices shown (statement and line).
    noticed: std::collections::HashSet<String>,
}

impl GraphCache {
    /// Forgets every graph (`:graph clear`, `:reset`, a device switch).
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
        self.noticed.clear();
    }

    fn take(&mut self, key: &str) -> Option<Kept> {
        let i = self.entries.iter().position(|(k, _)| k == key)?;
        Some(self.entries.remove(i).1)
    }

    fn put(&mut self, key: String, kept: Kept) {
        if self.entries.len() == KEEP {
            self.entries.remove(0);
        }
        self.entries.push((key, kept));
    }

    /// `:graph` with no statement: what is kept.
    pub(crate) fn describe(&self) -> String {
        if self.entries.is_empty() {
            return "no graphs kept (:graph STMT captures one)\n".into();
        }
        let mut out = format!(
            "{} graph{} kept (at most {KEEP}, least recently run out first):\n",
            self.entries.len(),
            if self.entries.len() == 1 { "" } else { "s" }
        );
        for (text, kept) in &self.entries {
            match kept {
                Kept::Graph(e) => out.push_str(&format!(
                    "  {text}\n    {} aclnn launch{}, {} array{} copied in, {} out; replayed {} time{}\n",
                    e.graph.launches(),
                    plural_es(e.graph.launches()),
                    e.twins.len(),
                    plural_s(e.twins.len()),
                    e.copies_out(),
                    e.replays,
                    plural_s(e.replays as usize),
                )),
                Kept::Eager(why) => {
                    out.push_str(&format!("  {text}\n    runs eagerly: {why}\n"));
                }
            }
        }
        out
    }
}

fn plural_s(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn plural_es(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "es"
    }
}

/// What a statement's key holds.
enum Kept {
    /// A checked graph and what a replay needs.
    Graph(Box<Entry>),
    /// The statement cannot be replayed (the reason): it runs eagerly
    /// until `:graph clear`.
    Eager(String),
}

/// A captured statement.
pub(super) struct Entry {
    device: Arc<Device>,
    graph: Graph,
    /// What each name read held at the capture.
    guards: Vec<(u32, Guard)>,
    /// The static inputs, one per distinct buffer the statement read.
    twins: Vec<Twin>,
    /// What a replay binds.
    binds: Vec<(u32, Bind)>,
    replays: u64,
}

impl Entry {
    /// The aclnn launches its graph holds.
    pub(super) fn launches(&self) -> usize {
        self.graph.launches()
    }

    fn copies_out(&self) -> usize {
        self.twins.iter().filter(|t| t.written).count()
            + self
                .binds
                .iter()
                .filter(|(_, b)| matches!(b, Bind::Fresh { .. }))
                .count()
    }
}

/// A static input: the graph's own buffer standing for the buffer the
/// names `members` view.
struct Twin {
    buf: Arc<DeviceBuffer>,
    /// The names viewing it, with their dtypes and layouts.
    members: Vec<(u32, DType, Layout)>,
    /// Whether the graph writes it (then a replay copies it back).
    written: bool,
}

/// What a name read held when the statement was captured.
enum Guard {
    Unbound,
    /// A number, string or other immutable value: the same again.
    Const(Value),
    /// A module, function or class: the same object.
    Ident(Value),
    /// A tuple or list: the same length and items.
    Seq(bool, Vec<Guard>),
    /// A dict: the same keys and values, in order.
    Dict(Vec<(Guard, Guard)>),
    /// An npu array: checked with its twin's names.
    Npu,
}

/// What a replay binds a name to.
enum Bind {
    /// A copy of a buffer the graph made, viewed through `layout`.
    Fresh {
        buf: Arc<DeviceBuffer>,
        dtype: DType,
        layout: Layout,
    },
    /// A view of the array now bound to a twin's names.
    Twin {
        twin: usize,
        dtype: DType,
        layout: Layout,
    },
    /// A number or string.
    Const(Value),
}

/// Why a statement cannot be replayed.
type Why = String;

/// A statement without a graph.
enum NoGraph {
    /// What it reads cannot be guarded (now): it runs eagerly, and is
    /// tried again next time.
    Unguarded(Why),
    /// It could not be captured, or its replay is not one a later run
    /// could take: it runs eagerly until `:graph clear`. `ran`: the eager
    /// run has been made (the check's).
    Refused { why: Why, ran: bool },
    /// It raised while captured (the error): an eager run raises as it
    /// does, or, when it does not, the capture is what failed.
    Raised(String),
}

fn refused(why: impl Into<String>) -> NoGraph {
    NoGraph::Refused {
        why: why.into(),
        ran: false,
    }
}

/// The guard of a value read, or why it cannot be guarded. `twins` gets
/// the npu arrays (`slot` names them).
fn guard_of(
    v: &Value,
    slot: u32,
    dev: &Arc<Device>,
    twins: &mut Vec<TwinPlan>,
    name: &str,
    depth: usize,
) -> Result<Guard, Why> {
    use Value as V;
    Ok(match v {
        V::None
        | V::Bool(_)
        | V::Int(_)
        | V::BigInt(_)
        | V::Float(_)
        | V::Complex(_)
        | V::Str(_)
        | V::Bytes(_)
        | V::Ellipsis
        | V::Scalar(_)
        | V::DType(_)
        | V::ExcType(_)
        | V::Builtin(_)
        | V::Range(_)
        | V::Slice(_) => Guard::Const(v.clone()),
        V::Module(_) | V::Class(_) | V::Record(_) | V::Function(_) => Guard::Ident(v.clone()),
        V::Tuple(items) if depth < 4 && items.len() <= 64 => Guard::Seq(
            false,
            items
                .iter()
                .map(|i| guard_of(i, slot, dev, &mut Vec::new(), name, depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        V::List(items) if depth < 4 && items.borrow().len() <= 64 => Guard::Seq(
            true,
            items
                .borrow()
                .iter()
                .map(|i| guard_of(i, slot, dev, &mut Vec::new(), name, depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        V::Dict(d) if depth < 4 && d.borrow().pairs().len() <= 64 => Guard::Dict(
            d.borrow()
                .pairs()
                .iter()
                .map(|(k, v)| {
                    Ok((
                        guard_of(k, slot, dev, &mut Vec::new(), name, depth + 1)?,
                        guard_of(v, slot, dev, &mut Vec::new(), name, depth + 1)?,
                    ))
                })
                .collect::<Result<_, Why>>()?,
        ),
        V::Array(a) if depth == 0 => match npu_storage(a) {
            Some(s) if Arc::ptr_eq(s.device(), dev) => {
                let id = Arc::as_ptr(s.buffer()) as usize;
                let i = match twins.iter().position(|t| t.id == id) {
                    Some(i) => i,
                    None => {
                        twins.push(TwinPlan {
                            id,
                            user: Arc::clone(s.buffer()),
                            members: Vec::new(),
                        });
                        twins.len() - 1
                    }
                };
                twins[i].members.push((slot, a.dtype(), a.layout().clone()));
                Guard::Npu
            }
            Some(_) => return Err(format!("'{name}' is an array on another npu")),
            None => {
                return Err(format!(
                    "'{name}' is a host array (a captured graph reads npu memory only)"
                ))
            }
        },
        V::Array(_) => {
            return Err(format!(
                "'{name}' holds arrays inside a container (a replay checks arrays bound to names)"
            ))
        }
        other => {
            return Err(format!(
                "'{name}' is a {} whose contents a replay cannot check",
                xpush_stdlib::ops::type_name(other)
            ))
        }
    })
}

/// A twin being planned: the user's buffer and the names viewing it.
struct TwinPlan {
    id: usize,
    user: Arc<DeviceBuffer>,
    members: Vec<(u32, DType, Layout)>,
}

/// Whether `v` still satisfies `g` (twins checked separately).
fn holds(g: &Guard, v: Option<&Value>) -> bool {
    use xpush_stdlib::ops::repr;
    match (g, v) {
        (Guard::Unbound, None) => true,
        (Guard::Const(a), Some(b)) => {
            std::mem::discriminant(a) == std::mem::discriminant(b) && repr(a) == repr(b)
        }
        (Guard::Ident(a), Some(b)) => same_object(a, b),
        (Guard::Seq(list, items), Some(b)) => match (list, b) {
            (false, Value::Tuple(t)) => {
                t.len() == items.len() && items.iter().zip(t.iter()).all(|(g, v)| holds(g, Some(v)))
            }
            (true, Value::List(l)) => {
                let l = l.borrow();
                l.len() == items.len() && items.iter().zip(l.iter()).all(|(g, v)| holds(g, Some(v)))
            }
            _ => false,
        },
        (Guard::Dict(items), Some(Value::Dict(d))) => {
            let pairs = d.borrow().pairs();
            pairs.len() == items.len()
                && items
                    .iter()
                    .zip(pairs.iter())
                    .all(|((gk, gv), (k, v))| holds(gk, Some(k)) && holds(gv, Some(v)))
        }
        (Guard::Npu, Some(Value::Array(_))) => true,
        _ => false,
    }
}

/// Python's `is` for the objects guarded by identity.
fn same_object(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Module(x), Value::Module(y)) => Rc::ptr_eq(x, y),
        (Value::Class(x), Value::Class(y)) => Rc::ptr_eq(x, y),
        (Value::Record(x), Value::Record(y)) => Rc::ptr_eq(x, y),
        (Value::Function(x), Value::Function(y)) => std::ptr::addr_eq(Rc::as_ptr(x), Rc::as_ptr(y)),
        _ => false,
    }
}

/// Whether a value bound by the statement is one a replay can bind again
/// as it is (immutable).
fn is_const(v: &Value) -> bool {
    matches!(
        v,
        Value::None
            | Value::Bool(_)
            | Value::Int(_)
            | Value::BigInt(_)
            | Value::Float(_)
            | Value::Complex(_)
            | Value::Str(_)
            | Value::Bytes(_)
            | Value::Scalar(_)
            | Value::DType(_)
    )
}

/// The bytes of `a` (a device array read on the host, contiguous), for
/// comparing a replay with an eager run.
fn host_bytes(a: &xpush_npu::Array) -> Option<Vec<u8>> {
    let h = a.to_host().ok()?.to_contiguous();
    let s = h.storage().read();
    let item = h.dtype().itemsize();
    let off = h.layout().offset * item;
    Some(s.as_bytes()[off..off + h.size() * item].to_vec())
}

/// The bytes of `buf` viewed as `dtype`/`layout`, read on the host.
fn array_bytes(
    dev: &Arc<Device>,
    buf: &Arc<DeviceBuffer>,
    dtype: DType,
    layout: &Layout,
) -> Option<Vec<u8>> {
    match view(dev, buf, dtype, layout) {
        Value::Array(a) => host_bytes(&a),
        _ => None,
    }
}

/// All the bytes of `buf`, read on the host.
fn buffer_bytes(dev: &Arc<Device>, buf: &Arc<DeviceBuffer>) -> Option<Vec<u8>> {
    array_bytes(dev, buf, DType::UInt8, &Layout::contiguous(&[buf.len()]))
}

/// The array over `buf` viewed as `dtype`/`layout`.
fn view(dev: &Arc<Device>, buf: &Arc<DeviceBuffer>, dtype: DType, layout: &Layout) -> Value {
    let d = DeviceArray::from_buffer(Arc::clone(buf), dtype, layout.clone());
    Value::Array(Rc::new(wrap(Arc::clone(dev), d)))
}

/// The buffer of an npu array value on `dev`.
fn buffer_on<'a>(v: Option<&'a Value>, dev: &Arc<Device>) -> Option<&'a Arc<DeviceBuffer>> {
    match v {
        Some(Value::Array(a)) => npu_storage(a)
            .filter(|s| Arc::ptr_eq(s.device(), dev))
            .map(|s| s.buffer()),
        _ => None,
    }
}

/// A one-line reason of a device error.
fn device_err(e: xpush_npu::Error, span: xpush_lang::span::Span) -> Flow {
    Flow::from(Exception::at(e, span))
}

impl Interpreter {
    /// `:graph STMT`: runs `STMT` through its graph (see the module doc).
    pub(super) fn graph_run(
        &mut self,
        code: &Code,
        span: xpush_lang::span::Span,
    ) -> Result<(), Flow> {
        let Some(dev) = self.session.npu() else {
            return Err(Exception::at(
                xpush_npu::Error::new(
                    xpush_npu::ExcKind::RuntimeError,
                    ":graph needs an npu session (:device npu or :device npu-sim)",
                ),
                span,
            )
            .into());
        };
        let name = self.code_source_name(code);
        let (compiled, reads) = self.compile_source_reads(&name, &code.text)?;
        let key = code.text.trim().to_string();
        if !dev.can_capture() {
            self.graph_notice(
                "",
                format!(
                    "graph: {} has no aclmdlRICaptureBegin (CANN 8.x and later have it); running eagerly",
                    dev.lib().origin()
                ),
            );
            return self.exec_block(&mut Frame::default(), &compiled);
        }
        let reads = self.reads_closure(reads);
        match self.graphs.take(&key) {
            Some(Kept::Eager(why)) => {
                self.graphs.put(key, Kept::Eager(why));
                self.exec_block(&mut Frame::default(), &compiled)
            }
            Some(Kept::Graph(mut e)) if Arc::ptr_eq(&e.device, &dev) => {
                match self.graph_guards_hold(&e, &reads) {
                    Ok(users) => {
                        let r = self.graph_replay(&mut e, &users, span);
                        self.graphs.put(key, Kept::Graph(e));
                        r
                    }
                    Err(changed) => {
                        self.graph_notice(
                            &key,
                            format!(
                                "graph: captured again: '{changed}' is not what it was (a value, or an array's dtype, shape or strides)"
                            ),
                        );
                        self.graph_capture(key, &compiled, &reads, &dev, span)
                    }
                }
            }
            _ => self.graph_capture(key, &compiled, &reads, &dev, span),
        }
    }

    /// `reads` and the global reads of the functions they name, each once.
    pub(super) fn reads_closure(&self, mut reads: Vec<u32>) -> Vec<u32> {
        let mut i = 0;
        while i < reads.len() {
            if let Some(Some(Value::Function(f))) = self.globals.get(reads[i] as usize) {
                if let Some(f) = f.as_any().downcast_ref::<crate::eval::Function>() {
                    for &g in &f.code.globals_used {
                        if !reads.contains(&g) {
                            reads.push(g);
                        }
                    }
                }
            }
            i += 1;
        }
        reads.sort_unstable();
        reads
    }

    /// The user buffers of `e`'s twins when every guard holds now, else
    /// the name of the first read that changed.
    pub(super) fn graph_guards_hold(
        &self,
        e: &Entry,
        reads: &[u32],
    ) -> Result<Vec<Arc<DeviceBuffer>>, String> {
        let name = |g: u32| self.names.name(g).to_string();
        if let Some(&g) = reads
            .iter()
            .find(|&&g| !e.guards.iter().any(|(s, _)| *s == g))
        {
            return Err(name(g));
        }
        let now = |g: u32| self.globals.get(g as usize).and_then(Option::as_ref);
        if let Some((g, _)) = e.guards.iter().find(|(g, guard)| !holds(guard, now(*g))) {
            return Err(name(*g));
        }
        let mut users: Vec<Arc<DeviceBuffer>> = Vec::with_capacity(e.twins.len());
        for t in &e.twins {
            let mut buf: Option<&Arc<DeviceBuffer>> = None;
            for (slot, dtype, layout) in &t.members {
                let v = now(*slot);
                let b = match (v, buffer_on(v, &e.device)) {
                    (Some(Value::Array(a)), Some(b))
                        if a.dtype() == *dtype
                            && a.layout() == layout
                            && b.len() == t.buf.len() =>
                    {
                        b
                    }
                    _ => return Err(name(*slot)),
                };
                match buf {
                    Some(first) if !Arc::ptr_eq(first, b) => return Err(name(*slot)),
                    _ => buf = Some(b),
                }
            }
            // A twin has a name at least (it was made for one).
            let Some(b) = buf else {
                return Err(String::new());
            };
            // Distinct twins stand for distinct buffers.
            if users.iter().any(|u| Arc::ptr_eq(u, b)) {
                return Err(name(t.members[0].0));
            }
            users.push(Arc::clone(b));
        }
        Ok(users)
    }

    /// Replays `e` with the arrays now bound (`users`, one per twin).
    pub(super) fn graph_replay(
        &mut self,
        e: &mut Entry,
        users: &[Arc<DeviceBuffer>],
        span: xpush_lang::span::Span,
    ) -> Result<(), Flow> {
        let dev = Arc::clone(&e.device);
        for (t, user) in e.twins.iter().zip(users) {
            dev.copy_buffer(&t.buf, user)
                .map_err(|x| device_err(x, span))?;
        }
        dev.replay(&e.graph).map_err(|x| device_err(x, span))?;
        for (t, user) in e.twins.iter().zip(users) {
            if t.written {
                dev.copy_buffer(user, &t.buf)
                    .map_err(|x| device_err(x, span))?;
            }
        }
        // One copy per buffer the graph made, shared by the names viewing it.
        let mut copies: HashMap<usize, Arc<DeviceBuffer>> = HashMap::new();
        for (slot, bind) in &e.binds {
            let v = match bind {
                Bind::Const(v) => v.clone(),
                Bind::Twin {
                    twin,
                    dtype,
                    layout,
                } => view(&dev, &users[*twin], *dtype, layout),
                Bind::Fresh { buf, dtype, layout } => {
                    let id = Arc::as_ptr(buf) as usize;
                    let copy = match copies.get(&id) {
                        Some(c) => Arc::clone(c),
                        None => {
                            let c =
                                Arc::new(dev.alloc(buf.len()).map_err(|x| device_err(x, span))?);
                            dev.copy_buffer(&c, buf).map_err(|x| device_err(x, span))?;
                            copies.insert(id, Arc::clone(&c));
                            c
                        }
                    };
                    view(&dev, &copy, *dtype, layout)
                }
            };
            self.set_global(*slot, v);
        }
        e.replays += 1;
        Ok(())
    }

    /// Captures `compiled`, checks its first replay against an eager run
    /// (which the session keeps) and keeps the graph under `key`; a
    /// statement that cannot be captured or replayed runs eagerly once,
    /// with a notice why (once per statement and reason).
    fn graph_capture(
        &mut self,
        key: String,
        compiled: &[St],
        reads: &[u32],
        dev: &Arc<Device>,
        span: xpush_lang::span::Span,
    ) -> Result<(), Flow> {
        let (why, ran) = match self.graph_try_capture(compiled, reads, dev, span)? {
            Ok(entry) => {
                let n = entry.graph.launches();
                self.graph_notice(
                    &key,
                    format!(
                        "graph: captured {n} aclnn launch{}, its replay checked against an eager run; later runs of this statement replay it",
                        plural_es(n)
                    ),
                );
                self.graphs.put(key, Kept::Graph(Box::new(entry)));
                return Ok(());
            }
            Err(NoGraph::Raised(msg)) => {
                self.exec_block(&mut Frame::default(), compiled)?;
                let why = format!("it raised while captured ({msg})");
                self.graph_notice(&key, format!("graph: not replayed: {why}; ran eagerly"));
                self.graphs.put(key, Kept::Eager(why));
                return Ok(());
            }
            Err(NoGraph::Unguarded(why)) => (why, false),
            Err(NoGraph::Refused { why, ran }) => {
                self.graphs.put(key.clone(), Kept::Eager(why.clone()));
                (why, ran)
            }
        };
        self.graph_notice(&key, format!("graph: not replayed: {why}; running eagerly"));
        if ran {
            Ok(())
        } else {
            self.exec_block(&mut Frame::default(), compiled)
        }
    }

    /// A checked capture for `:timeit --graph`, or why there is none (the
    /// statement's own error when it raises).
    pub(super) fn graph_checked(
        &mut self,
        compiled: &[St],
        reads: &[u32],
        dev: &Arc<Device>,
        span: xpush_lang::span::Span,
    ) -> Result<Result<Entry, Why>, Flow> {
        Ok(match self.graph_try_capture(compiled, reads, dev, span)? {
            Ok(e) => Ok(e),
            Err(NoGraph::Raised(msg)) => {
                self.exec_block(&mut Frame::default(), compiled)?;
                Err(format!("it raised while captured ({msg})"))
            }
            Err(NoGraph::Unguarded(why) | NoGraph::Refused { why, .. }) => Err(why),
        })
    }

    /// The capture: the checked entry, or why there is none, or the
    /// eager run's own error.
    fn graph_try_capture(
        &mut self,
        compiled: &[St],
        reads: &[u32],
        dev: &Arc<Device>,
        span: xpush_lang::span::Span,
    ) -> Result<Result<Entry, NoGraph>, Flow> {
        // Guards and twins from the names read now.
        let mut plans: Vec<TwinPlan> = Vec::new();
        let mut guards = Vec::with_capacity(reads.len());
        for &g in reads {
            let name = self.names.name(g).to_string();
            let guard = match self.globals.get(g as usize).and_then(Option::as_ref) {
                None => Guard::Unbound,
                Some(Value::Function(f)) => {
                    if let Some(func) = f.as_any().downcast_ref::<crate::eval::Function>() {
                        if !func.closure.is_empty() || func.module != self.module {
                            return Ok(Err(NoGraph::Unguarded(format!(
                                "'{name}' is a closure or another module's function"
                            ))));
                        }
                    }
                    Guard::Ident(Value::Function(Rc::clone(f)))
                }
                Some(v) => match guard_of(v, g, dev, &mut plans, &name, 0) {
                    Ok(guard) => guard,
                    Err(why) => return Ok(Err(NoGraph::Unguarded(why))),
                },
            };
            guards.push((g, guard));
        }
        // What can fail before the capture does so with the names as they
        // are.
        dev.synchronize().map_err(|x| device_err(x, span))?;
        let mut twins = Vec::with_capacity(plans.len());
        for p in &plans {
            twins.push(Twin {
                buf: Arc::new(dev.alloc(p.user.len()).map_err(|x| device_err(x, span))?),
                members: p.members.clone(),
                written: false,
            });
        }
        let before = self.globals.clone();
        for t in &twins {
            for (slot, dtype, layout) in &t.members {
                self.set_global(*slot, view(dev, &t.buf, *dtype, layout));
            }
        }
        let start = self.globals.clone();
        // The capture runs the statement's Python silently: its output is
        // the eager run's.
        let out = std::mem::replace(&mut self.out, Box::new(|_: &str| {}));
        let captured = dev.capture(|| Ok(self.exec_block(&mut Frame::default(), compiled)));
        self.out = out;
        let after = std::mem::replace(&mut self.globals, before.clone());
        let pending = xpush_npu::device::take_pending_error();
        let graph = match captured {
            Ok((Ok(()), graph)) if pending.is_none() => graph,
            // Ctrl-C while captured stops the statement, as it would run.
            Ok((Err(Flow::Raise(e)), _))
                if e.error.kind() == xpush_npu::ExcKind::KeyboardInterrupt =>
            {
                return Err(Flow::Raise(e));
            }
            Ok((Err(flow), _)) if pending.is_none() => {
                let msg = match flow {
                    Flow::Raise(e) => format!("{}: {}", e.error.kind().name(), e.error.msg()),
                    _ => String::new(),
                };
                return Ok(Err(NoGraph::Raised(msg)));
            }
            Ok(_) => {
                let e = pending.map_or_else(String::new, |e| e.msg().to_string());
                return Ok(Err(refused(format!("it cannot be captured ({e})"))));
            }
            Err(e) => return Ok(Err(refused(format!("it cannot be captured ({})", e.msg())))),
        };
        if graph.launches() == 0 {
            return Ok(Err(refused("it launches no npu op")));
        }
        // Every buffer the graph touches is a twin or one it made.
        for b in graph.buffers() {
            match twins.iter_mut().find(|t| Arc::ptr_eq(&t.buf, &b.buf)) {
                Some(t) => t.written |= b.written,
                None if b.fresh => {}
                None => {
                    return Ok(Err(refused(
                        "it reads npu data that no name it reads holds (an element of a list, an attribute, a closure's variable)",
                    )))
                }
            }
        }
        // What it binds.
        let mut binds = Vec::new();
        let n = after.len().max(start.len());
        for g in 0..n {
            let (s, a) = (
                start.get(g).and_then(Option::as_ref),
                after.get(g).and_then(Option::as_ref),
            );
            let unchanged = match (s, a) {
                (None, None) => true,
                (Some(x), Some(y)) => same_binding(x, y),
                _ => false,
            };
            if unchanged {
                continue;
            }
            let name = self.names.name(g as u32).to_string();
            let bind = match a {
                None => return Ok(Err(refused(format!("it deletes '{name}'")))),
                Some(v) if is_const(v) => Bind::Const(v.clone()),
                Some(v @ Value::Array(arr)) => {
                    let Some(buf) = buffer_on(Some(v), dev) else {
                        return Ok(Err(refused(format!("it binds '{name}' to a host array"))));
                    };
                    if let Some(t) = twins.iter().position(|t| Arc::ptr_eq(&t.buf, buf)) {
                        Bind::Twin {
                            twin: t,
                            dtype: arr.dtype(),
                            layout: arr.layout().clone(),
                        }
                    } else if graph
                        .buffers()
                        .iter()
                        .any(|b| b.fresh && b.written && Arc::ptr_eq(&b.buf, buf))
                    {
                        Bind::Fresh {
                            buf: Arc::clone(buf),
                            dtype: arr.dtype(),
                            layout: arr.layout().clone(),
                        }
                    } else {
                        return Ok(Err(refused(format!(
                            "it binds '{name}' to an array the graph does not write"
                        ))));
                    }
                }
                Some(v) => {
                    return Ok(Err(refused(format!(
                        "it binds '{name}' to a {} (a replay binds arrays and numbers)",
                        xpush_stdlib::ops::type_name(v)
                    ))))
                }
            };
            binds.push((g as u32, bind));
        }
        drop(after);
        drop(start);
        let entry = Entry {
            device: Arc::clone(dev),
            graph,
            guards,
            twins,
            binds,
            replays: 0,
        };
        // The first replay, into the graph's own buffers (the user's are
        // untouched until the eager run), read back for the check.
        let users: Vec<Arc<DeviceBuffer>> = plans.iter().map(|p| Arc::clone(&p.user)).collect();
        let (replayed, twins_after) = {
            let _checking = sync_because(SyncReason::expected(":graph"));
            for (t, user) in entry.twins.iter().zip(&users) {
                dev.copy_buffer(&t.buf, user)
                    .map_err(|x| device_err(x, span))?;
            }
            dev.replay(&entry.graph)
                .and_then(|()| dev.synchronize())
                .map_err(|x| device_err(x, span))?;
            let replayed: Vec<Option<Vec<u8>>> = entry
                .binds
                .iter()
                .map(|(_, b)| match b {
                    Bind::Fresh { buf, dtype, layout } => array_bytes(dev, buf, *dtype, layout),
                    _ => None,
                })
                .collect();
            let twins_after: Vec<Option<Vec<u8>>> = entry
                .twins
                .iter()
                .map(|t| {
                    t.written
                        .then(|| buffer_bytes(dev, &t.buf).unwrap_or_default())
                })
                .collect();
            (replayed, twins_after)
        };
        // The eager run, from the same state: the session keeps it.
        self.exec_block(&mut Frame::default(), compiled)?;
        let _checking = sync_because(SyncReason::expected(":graph"));
        for ((slot, bind), got) in entry.binds.iter().zip(&replayed) {
            let name = self.names.name(*slot).to_string();
            let now = self.globals.get(*slot as usize).and_then(Option::as_ref);
            let same = match (bind, now) {
                (Bind::Const(v), Some(w)) => holds(&Guard::Const(v.clone()), Some(w)),
                (Bind::Fresh { dtype, layout, .. }, Some(Value::Array(a))) => {
                    a.dtype() == *dtype
                        && a.shape() == &layout.shape[..]
                        && got.is_some()
                        && host_bytes(a) == *got
                }
                (
                    Bind::Twin {
                        twin,
                        dtype,
                        layout,
                    },
                    Some(v @ Value::Array(a)),
                ) => {
                    buffer_on(Some(v), dev).is_some_and(|b| Arc::ptr_eq(b, &users[*twin]))
                        && a.dtype() == *dtype
                        && a.layout() == layout
                }
                _ => false,
            };
            if !same {
                return Ok(Err(NoGraph::Refused {
                    why: format!("its replay differs from an eager run ('{name}')"),
                    ran: true,
                }));
            }
        }
        for ((t, user), got) in entry.twins.iter().zip(&users).zip(&twins_after) {
            if let Some(got) = got {
                if buffer_bytes(dev, user).as_ref() != Some(got) {
                    let name = self.names.name(t.members[0].0).to_string();
                    return Ok(Err(NoGraph::Refused {
                        why: format!(
                            "its replay differs from an eager run ('{name}', written in place)"
                        ),
                        ran: true,
                    }));
                }
            }
        }
        Ok(Ok(entry))
    }

    /// Shows `line` on the notice channel (dim in colour), once per
    /// statement `key` and line.
    fn graph_notice(&mut self, key: &str, line: String) {
        if !self.graphs.noticed.insert(format!("{key}\0{line}")) {
            return;
        }
        let text = if self.session.color() {
            format!("\x1b[2m{line}\x1b[0m\n")
        } else {
            format!("{line}\n")
        };
        self.notice(&text);
    }
}

/// Whether a name still holds the value it held (the same object, or an
/// equal immutable value).
fn same_binding(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => Rc::ptr_eq(x, y),
        _ if is_const(a) && is_const(b) => holds(&Guard::Const(a.clone()), Some(b)),
        _ => {
            same_object(a, b)
                || match (a, b) {
                    (Value::List(x), Value::List(y)) => Rc::ptr_eq(x, y),
                    (Value::Dict(x), Value::Dict(y)) => Rc::ptr_eq(x, y),
                    (Value::Tuple(x), Value::Tuple(y)) => Rc::ptr_eq(x, y),
                    (Value::Instance(x), Value::Instance(y)) => Rc::ptr_eq(x, y),
                    (Value::Object(x), Value::Object(y)) => Rc::ptr_eq(x, y),
                    (Value::Builtin(x), Value::Builtin(y)) => x == y,
                    _ => false,
                }
        }
    }
}
