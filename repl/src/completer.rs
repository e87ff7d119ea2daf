//! Tab completion: keywords, names in scope, stdlib functions, module
//! members, methods of a variable's type, meta-commands and file paths.

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::Context;
use xpush_interp::CommandKind;
use xpush_stdlib::table::{self, Kind};
use xpush_stdlib::Value;

use crate::helper::{callable_entry, method_module, XpushHelper, KNOWN_MODULES};

impl Completer for XpushHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let line_start = line[..pos].rfind('\n').map_or(0, |i| i + 1);
        let (start, found) = self.complete_line(&line[line_start..pos])?;
        Ok((line_start + start, found))
    }
}

/// A candidate shown and inserted as the same text.
fn pair(text: String) -> Pair {
    Pair {
        display: text.clone(),
        replacement: text,
    }
}

impl XpushHelper {
    /// Completes the current physical line up to the cursor.
    fn complete_line(&self, before: &str) -> rustyline::Result<(usize, Vec<Pair>)> {
        if let Some(meta) = before.strip_prefix(':') {
            return self.complete_meta(meta).map(|(s, c)| (s + 1, c));
        }
        if in_string(before) {
            return FilenameCompleter::new().complete_path(before, before.len());
        }
        Ok(self.complete_code(before))
    }

    /// After `:`: the command word, then its arguments.
    fn complete_meta(&self, meta: &str) -> rustyline::Result<(usize, Vec<Pair>)> {
        let Some((word, rest)) = meta.split_once(' ') else {
            let found = CommandKind::ALL
                .iter()
                .filter(|k| k.name().starts_with(meta))
                .map(|k| {
                    let takes_args = !matches!(
                        k,
                        CommandKind::Vars | CommandKind::Reset | CommandKind::Quit
                    );
                    pair(format!("{}{}", k.name(), if takes_args { " " } else { "" }))
                })
                .collect();
            return Ok((0, found));
        };
        let at = word.len() + 1;
        let choose = |options: &[&str]| {
            let start = rest.rfind(' ').map_or(0, |i| i + 1);
            let prefix = &rest[start..];
            let found = options
                .iter()
                .filter(|o| o.starts_with(prefix))
                .map(|o| pair(o.to_string()))
                .collect();
            (at + start, found)
        };
        Ok(match CommandKind::from_name(word) {
            Some(CommandKind::Load) => {
                let (start, found) = FilenameCompleter::new().complete_path(rest, rest.len())?;
                (at + start, found)
            }
            Some(CommandKind::Time | CommandKind::Timeit | CommandKind::Graph) => {
                let (start, found) = self.complete_code(rest);
                (at + start, found)
            }
            Some(CommandKind::Device) => {
                choose(&["cpu", "npu", "npu-sim", "cache", "on", "off", "clear"])
            }
            Some(CommandKind::Sync) => choose(&["off", "warn", "error"]),
            Some(CommandKind::Profile) => choose(&["on", "off", "report"]),
            Some(CommandKind::Verify) => choose(&[
                "on",
                "off",
                "report",
                "standard",
                "ulp",
                "ttk",
                "cann-single",
                "cann-dual",
            ]),
            Some(CommandKind::Mode) => choose(&[
                "float64=float32",
                "float64=cpu",
                "float64=off",
                "dtype=float32",
                "dtype=float64",
            ]),
            Some(CommandKind::Help) => {
                let start = rest.rfind(' ').map_or(0, |i| i + 1);
                let prefix = &rest[start..];
                let mut names: Vec<String> = table::all()
                    .filter(|(_, d)| !d.module.starts_with('_'))
                    .map(|(_, d)| table::qualname(d))
                    .chain(CommandKind::ALL.iter().map(|k| k.name().to_string()))
                    .filter(|n| n.starts_with(prefix))
                    .collect();
                names.sort();
                names.dedup();
                (at + start, names.into_iter().map(pair).collect())
            }
            _ => (at, Vec::new()),
        })
    }

    /// Python code: a dotted name ending at the cursor.
    fn complete_code(&self, before: &str) -> (usize, Vec<Pair>) {
        let word_start = before
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == '.'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let word = &before[word_start..];
        let mut found = match word.rsplit_once('.') {
            Some((base, prefix)) => {
                let start = word_start + base.len() + 1;
                let Some(value) = self.resolve(base) else {
                    return (start, Vec::new());
                };
                return (start, sorted(attributes(&value, prefix)));
            }
            None => self.names(word, before[..word_start].trim_end()),
        };
        found.dedup_by(|a, b| a.replacement == b.replacement);
        (word_start, found)
    }

    /// Bare names: modules after `import`, else keywords, variables and builtins.
    fn names(&self, prefix: &str, left: &str) -> Vec<Pair> {
        if left == "import" || (left.starts_with("from") && !left.contains(" import")) {
            let mut modules: Vec<String> = xpush_stdlib::modules::BUILDERS
                .iter()
                .map(|(n, _)| n.to_string())
                .filter(|n| n.starts_with(prefix))
                .collect();
            modules.sort();
            return modules.into_iter().map(pair).collect();
        }
        let mut out: Vec<Pair> = Vec::new();
        for kw in xpush_lang::KEYWORDS {
            if kw.starts_with(prefix) {
                out.push(pair(kw.to_string()));
            }
        }
        for (name, value) in self.scope.borrow().iter() {
            if name.starts_with(prefix) && name != "_" {
                out.push(pair(with_paren(name, value)));
            }
        }
        for (_, d) in table::members("builtins") {
            if d.name.starts_with(prefix) {
                out.push(pair(format!("{}(", d.name)));
            }
        }
        for (name, _) in KNOWN_MODULES {
            if name.starts_with(prefix) && !out.iter().any(|p| p.replacement == *name) {
                out.push(pair(name.to_string()));
            }
        }
        sorted(out)
    }
}

/// `name(` for callables, `name` otherwise.
fn with_paren(name: &str, value: &Value) -> String {
    let callable = matches!(value, Value::Function(_)) || callable_entry(value).is_some();
    if callable {
        format!("{name}(")
    } else {
        name.to_string()
    }
}

/// Members of a module, or methods and attributes of a value's type.
fn attributes(value: &Value, prefix: &str) -> Vec<Pair> {
    if let Value::Module(m) = value {
        return m
            .members
            .borrow()
            .iter()
            .filter(|(n, _)| n.starts_with(prefix))
            .map(|(n, v)| pair(with_paren(n, v)))
            .collect();
    }
    table::members(method_module(value))
        .filter(|(_, d)| d.name.starts_with(prefix) && !d.name.starts_with('_'))
        .map(|(_, d)| {
            if matches!(d.kind, Kind::Method | Kind::Function | Kind::Type) {
                pair(format!("{}(", d.name))
            } else {
                // Data attributes (`a.shape`, `a.T`).
                pair(d.name.to_string())
            }
        })
        .collect()
}

fn sorted(mut found: Vec<Pair>) -> Vec<Pair> {
    found.sort_by(|a, b| a.replacement.cmp(&b.replacement));
    found.dedup_by(|a, b| a.replacement == b.replacement);
    found
}

/// Whether the cursor is inside a string literal opened on this line.
pub fn in_string(before: &str) -> bool {
    let mut quote: Option<char> = None;
    let mut chars = before.chars();
    while let Some(c) = chars.next() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) if c == '\\' => {
                chars.next();
            }
            Some(_) => {}
            None if c == '#' => return false,
            None if c == '\'' || c == '"' => quote = Some(c),
            None => {}
        }
    }
    quote.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replacements(helper: &XpushHelper, line: &str) -> (usize, Vec<String>) {
        let (start, found) = helper.complete_line(line).expect("completes");
        (start, found.into_iter().map(|p| p.replacement).collect())
    }

    #[test]
    fn module_members_after_a_dot() {
        let h = XpushHelper::new(false);
        let (start, found) = replacements(&h, "y = math.sq");
        assert_eq!(start, 9);
        assert_eq!(found, ["sqrt("]);
        let (_, found) = replacements(&h, "np.");
        assert!(found.contains(&"linalg".to_string()), "{found:?}");
    }

    #[test]
    fn methods_of_a_variable() {
        let h = XpushHelper::new(false);
        h.set_scope(vec![("s".into(), Value::str("hi"))]);
        let (_, found) = replacements(&h, "s.upp");
        assert_eq!(found, ["upper("]);
        let (_, found) = replacements(&h, "print(s");
        assert!(found.contains(&"s".to_string()), "{found:?}");
    }

    #[test]
    fn keywords_builtins_and_meta_commands() {
        let h = XpushHelper::new(false);
        let (_, found) = replacements(&h, "whi");
        assert_eq!(found, ["while"]);
        let (_, found) = replacements(&h, "le");
        assert_eq!(found, ["len("]);
        let (start, found) = replacements(&h, ":ti");
        assert_eq!((start, found), (1, vec!["time ".into(), "timeit ".into()]));
        let (start, found) = replacements(&h, ":mode float64=c");
        assert_eq!((start, found), (6, vec!["float64=cpu".into()]));
        let (_, found) = replacements(&h, ":device npu");
        assert_eq!(found, ["npu", "npu-sim"]);
        let (_, found) = replacements(&h, ":device cache cl");
        assert_eq!(found, ["clear"]);
        let (_, found) = replacements(&h, ":sync e");
        assert_eq!(found, ["error"]);
        let (_, found) = replacements(&h, ":verify standard cann");
        assert_eq!(found, ["cann-single", "cann-dual"]);
        let (_, found) = replacements(&h, "import ma");
        assert_eq!(
            found,
            [
                "math",
                "matplotlib",
                "matplotlib.animation",
                "matplotlib.cm",
                "matplotlib.pyplot",
                "matplotlib.style"
            ]
        );
    }

    #[test]
    fn strings_are_detected() {
        assert!(in_string("open('scr"));
        assert!(!in_string("f('a') + g"));
        assert!(in_string(r#"x = "a\"b"#));
    }
}
