//! `:help`: the command list, or a function's signature and doc, from the
//! stdlib table and nothing else.

use xpush_stdlib::table::{self, Kind};
use xpush_stdlib::{ops, Error, Value};

use super::CommandKind;
use crate::Interpreter;

/// The module names users type for the stdlib's modules.
pub(crate) const MODULE_ALIASES: &[(&str, &str)] =
    &[("np", "numpy"), ("cupy", "numpy"), ("numpy_xpu", "numpy")];

/// The table module for a name as typed (`np.linalg` -> `numpy.linalg`).
fn canonical_module(name: &str) -> String {
    let (head, tail) = name.split_once('.').unwrap_or((name, ""));
    let head = MODULE_ALIASES
        .iter()
        .find(|(alias, _)| *alias == head)
        .map_or(head, |(_, m)| m);
    if tail.is_empty() {
        head.to_string()
    } else {
        format!("{head}.{tail}")
    }
}

/// Every module (or receiver type) that has table entries, in table order.
fn modules() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for (_, d) in table::all() {
        if !out.contains(&d.module) {
            out.push(d.module);
        }
    }
    out
}

/// `:help` without a name.
pub(super) fn overview() -> String {
    let mut out =
        String::from("Meta-commands (a line starting with ':'; scripts may use them too):\n");
    const WIDTH: usize = 26;
    for k in CommandKind::ALL {
        if k.usage().len() > WIDTH {
            out.push_str(&format!(
                "  {}\n  {:WIDTH$}  {}\n",
                k.usage(),
                "",
                k.summary()
            ));
        } else {
            out.push_str(&format!("  {:WIDTH$}  {}\n", k.usage(), k.summary()));
        }
    }
    out.push_str("\nIPython's forms, for cells pasted from a notebook (shell and scripts):\n");
    for (form, does) in super::magic::FORMS {
        if form.len() > WIDTH {
            out.push_str(&format!("  {form}\n  {:WIDTH$}  {does}\n", ""));
        } else {
            out.push_str(&format!("  {form:WIDTH$}  {does}\n"));
        }
    }
    let mods: Vec<String> = modules()
        .into_iter()
        .filter(|m| !m.starts_with('_'))
        .map(|m| format!("{m} ({})", table::members(m).count()))
        .collect();
    out.push_str(
        "\nFunctions: :help NAME shows one (:help len, :help math.sqrt, :help str.split);\n\
         :help MODULE or TYPE lists its entries:\n",
    );
    let mut line = String::from(" ");
    for m in mods {
        if line.len() + m.len() > 76 {
            out.push_str(line.trim_end());
            out.push('\n');
            line = String::from(" ");
        }
        line.push(' ');
        line.push_str(&m);
        line.push(',');
    }
    out.push_str(line.trim_end_matches(','));
    out.push_str(
        "\nKeys: Tab completes, Ctrl-R searches history, Alt-Enter adds a line,\n\
         Ctrl-C cancels a line or interrupts running code, Ctrl-D quits.\n",
    );
    out
}

/// A module's (or type's) entries, one line each.
fn module_listing(module: &str) -> Option<String> {
    let entries: Vec<_> = table::members(module).collect();
    let constants = table::constants(module);
    if entries.is_empty() && constants.is_empty() {
        return None;
    }
    let mut out = format!("{module}:\n");
    for (_, d) in &entries {
        out.push_str(&format!("  {}{}\n      {}\n", d.name, d.sig, d.doc));
    }
    for (name, v) in &constants {
        out.push_str(&format!("  {name} = {}\n", ops::repr(v)));
    }
    if entries.is_empty() && !constants.is_empty() {
        return Some(out);
    }
    if module.starts_with("numpy") && entries.len() < 2 {
        out.push_str("  (NumPy's functions arrive with the array runtime)\n");
    }
    Some(out)
}

/// The "nothing by that name" error.
pub(super) fn unknown(name: &str) -> Error {
    let candidates: Vec<&str> = table::all()
        .map(|(_, d)| d.name)
        .chain(CommandKind::ALL.iter().map(|k| k.name()))
        .collect();
    let msg = match crate::suggest::suggest(name, candidates) {
        Some(s) => format!("no function, module or command named '{name}'. Did you mean: '{s}'?"),
        None => format!("no function, module or command named '{name}'"),
    };
    Error::name_error(msg)
}

impl Interpreter {
    /// The help text for `name`: a command (`time`, `:time`, `%time`), a table function (`len`,
    /// `sqrt`, `math.sqrt`, `np.sum`, `str.split`), a module, or a session
    /// variable; `None` when nothing is called that.
    pub(super) fn help_for(&self, name: &str) -> Option<String> {
        if let Some(k) = CommandKind::from_name(name.trim_start_matches(':')) {
            let more = match k {
                CommandKind::Verify => super::verify::HELP,
                _ => "",
            };
            return Some(format!("{}\n    {}\n{more}", k.usage(), k.summary()));
        }
        // IPython's form of a command: `%timeit`, `%%time`.
        if name.starts_with('%') {
            let text: String = super::magic::FORMS
                .iter()
                .filter(|(form, _)| form.split_whitespace().next() == Some(name))
                .map(|(form, does)| format!("{form}\n    {does}\n"))
                .collect();
            return (!text.is_empty()).then_some(text);
        }
        // A dotted name: module.function or type.method.
        if let Some((module, func)) = name.rsplit_once('.') {
            let module = canonical_module(module);
            if let Some(id) = table::lookup(&module, func) {
                return Some(format!("{}\n", table::help_text(id)));
            }
            if module == "numpy" {
                if let Some(t) = xpush_stdlib::numpy::index_tricks::IndexTrick::named(func) {
                    return Some(format!("{}\n", t.help()));
                }
            }
            // `x.upper` for a variable x: its type's method.
            if let Some((_, v)) = self
                .globals()
                .into_iter()
                .find(|(n, _)| n == module.as_str())
            {
                if let Some(id) = table::lookup(method_module(&v), func) {
                    return Some(format!("{}\n", table::help_text(id)));
                }
            }
        }
        let canonical = canonical_module(name);
        if canonical != "builtins" {
            if let Some(text) = module_listing(&canonical) {
                return Some(text);
            }
        }
        // A session variable: what it holds.
        if let Some((_, v)) = self.globals().into_iter().find(|(n, _)| n == name) {
            return Some(describe_value(name, &v));
        }
        // A bare name: builtins first, then any module's function of that name.
        let mut hits: Vec<String> = Vec::new();
        if let Some(id) = table::lookup_builtin(name) {
            hits.push(table::help_text(id));
        }
        for (id, d) in table::all() {
            if d.name == name && d.module != "builtins" {
                hits.push(table::help_text(id));
            }
        }
        if hits.is_empty() {
            return None;
        }
        Some(format!("{}\n", hits.join("\n\n")))
    }
}

/// `:help x` for a variable.
fn describe_value(name: &str, v: &Value) -> String {
    match v {
        Value::Builtin(id) => format!("{}\n", table::help_text(*id)),
        Value::Module(m) => {
            module_listing(&m.name).unwrap_or_else(|| format!("{name} is the module {}\n", m.name))
        }
        Value::Function(f) => format!(
            "{name} is the function {}() defined in this session\n",
            f.name()
        ),
        _ => {
            let ty = ops::type_name(v);
            let methods: Vec<&str> = table::members(method_module(v))
                .filter(|(_, d)| d.kind == Kind::Method)
                .map(|(_, d)| d.name)
                .collect();
            let mut repr = xpush_stdlib::py::class::builtin_repr(v).unwrap_or_else(|| ops::repr(v));
            if repr.chars().count() > 200 {
                repr = repr.chars().take(200).chain("...".chars()).collect();
            }
            let mut out = format!("{name} is a {ty}: {repr}\n");
            if !methods.is_empty() {
                out.push_str(&format!(
                    "methods (:help {}.NAME): {}\n",
                    method_module(v),
                    methods.join(", ")
                ));
            }
            out
        }
    }
}

/// The table module holding the methods of `v`'s type: its type name
/// (`str`), or that name's last part (`numpy.ndarray` -> `ndarray`).
fn method_module(v: &Value) -> &'static str {
    let name = ops::type_name(v);
    if table::members(name).next().is_some() {
        return name;
    }
    name.rsplit('.').next().unwrap_or(name)
}
