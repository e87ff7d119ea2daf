//! NumPy's public API and how much of it xpush has: the coverage figure of
//! `xpush ops`, `:ops` and `docs/OPS.md`, and the test that keeps it honest.
//!
//! Three lists, all in `api/`:
//! - `numpy_names.txt`: `dir()` of numpy, its submodules, `ndarray` and
//!   `Generator` as the pinned NumPy has them, written by
//!   `tests/gen_expected.py` (never by hand; `--check` compares it);
//! - `left_out.txt`: the names xpush deliberately leaves out, each with its
//!   kind (`cpython` for CPython-only machinery, `platform` for what this
//!   platform maps elsewhere) and its reason;
//! - `not_yet.txt`: the names still to come (issues 20 and 21), so that the
//!   figure says what is missing.
//!
//! A name is *implemented* when it resolves the way a script reaches it:
//! `np.NAME` on the imported module, `a.NAME` on an array, a method of
//! `np.random.Generator`. The test in this module fails when a name is
//! neither implemented nor listed, and when a listed name is implemented
//! (the lists only shrink).

use crate::table::{self, Kind};

const NAMES: &str = include_str!("api/numpy_names.txt");
const LEFT_OUT: &str = include_str!("api/left_out.txt");
const NOT_YET: &str = include_str!("api/not_yet.txt");

/// Why a name is left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeftOut {
    /// CPython-only machinery (`ctypeslib`, `get_include`, `test`).
    Cpython,
    /// Something this platform maps elsewhere (long double types).
    Platform,
}

/// One left-out name with its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exclusion {
    /// The scope (`numpy`, `numpy.ndarray`).
    pub scope: &'static str,
    /// The name.
    pub name: &'static str,
    /// Its kind.
    pub kind: LeftOut,
    /// Why.
    pub reason: &'static str,
}

/// The coverage of one scope.
#[derive(Clone, Debug, Default)]
pub struct Scope {
    /// `numpy`, `numpy.linalg`, ..., `numpy.ndarray`.
    pub name: &'static str,
    /// NumPy's public names in it.
    pub total: usize,
    /// The names xpush has.
    pub implemented: Vec<&'static str>,
    /// The names left out on purpose.
    pub left_out: Vec<&'static str>,
    /// The names still to come.
    pub not_yet: Vec<&'static str>,
    /// Names that are neither implemented nor listed (the test requires none).
    pub unlisted: Vec<&'static str>,
    /// Listed names that are implemented after all (the test requires none).
    pub stale: Vec<&'static str>,
}

impl Scope {
    /// The share of the names that are implemented or deliberately left
    /// out, in percent.
    pub fn percent(&self) -> f64 {
        if self.total == 0 {
            return 100.0;
        }
        100.0 * (self.implemented.len() + self.left_out.len()) as f64 / self.total as f64
    }
}

/// The scopes of `numpy_names.txt` with their names, in file order.
fn scopes() -> Vec<(&'static str, Vec<&'static str>)> {
    let mut out: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
    for line in NAMES.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            Some(scope) => out.push((scope, Vec::new())),
            None => {
                if let Some((_, names)) = out.last_mut() {
                    names.push(line);
                }
            }
        }
    }
    out
}

/// The lines of a list file without comments: `(scope, name, rest)`.
fn list_lines(
    text: &'static str,
) -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.splitn(3, char::is_whitespace);
            let scope = parts.next().unwrap_or("");
            let name = parts.next().unwrap_or("");
            (scope, name, parts.next().unwrap_or("").trim())
        })
}

/// Every left-out name with its reason (`scope name [kind] reason`).
pub fn exclusions() -> Vec<Exclusion> {
    list_lines(LEFT_OUT)
        .map(|(scope, name, rest)| {
            let (kind, reason) = match rest.split_once(']') {
                Some(("[cpython", r)) => (LeftOut::Cpython, r.trim()),
                _ => (
                    LeftOut::Platform,
                    rest.trim_start_matches("[platform]").trim(),
                ),
            };
            Exclusion {
                scope,
                name,
                kind,
                reason,
            }
        })
        .collect()
}

/// Whether xpush has `name` in `scope`, resolved as a script reaches it.
pub fn implemented(scope: &str, name: &str) -> bool {
    match scope {
        "numpy.ndarray" => table::lookup("ndarray", name)
            .is_some_and(|id| matches!(table::get(id).kind, Kind::Method | Kind::Property)),
        "numpy.random.Generator" => table::lookup("Generator", name).is_some(),
        module => crate::modules::member_names(module)
            .iter()
            .any(|(n, _)| n == name),
    }
}

/// The coverage of every scope.
pub fn coverage() -> Vec<Scope> {
    let left_out = exclusions();
    let not_yet: Vec<(&str, &str)> = list_lines(NOT_YET).map(|(s, n, _)| (s, n)).collect();
    scopes()
        .into_iter()
        .map(|(scope, names)| {
            let mut s = Scope {
                name: scope,
                total: names.len(),
                ..Scope::default()
            };
            for name in names {
                let listed_out = left_out.iter().any(|e| e.scope == scope && e.name == name);
                let listed_later = not_yet.contains(&(scope, name));
                match (implemented(scope, name), listed_out || listed_later) {
                    (true, false) => s.implemented.push(name),
                    (true, true) => {
                        s.implemented.push(name);
                        s.stale.push(name);
                    }
                    (false, _) if listed_out => s.left_out.push(name),
                    (false, _) if listed_later => s.not_yet.push(name),
                    (false, _) => s.unlisted.push(name),
                }
            }
            s
        })
        .collect()
}

/// The figure, one scope a line: `numpy  352/497 implemented, 12 left out, 133 to come (73%)`.
pub fn summary() -> Vec<String> {
    coverage()
        .iter()
        .map(|s| {
            format!(
                "{}: {} of {} implemented, {} left out, {} to come ({:.0}%)",
                s.name,
                s.implemented.len(),
                s.total,
                s.left_out.len(),
                s.not_yet.len() + s.unlisted.len(),
                s.percent()
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The coverage test of issue 21: every public NumPy name is
    /// implemented, left out with a reason, or listed as still to come;
    /// no listed name is implemented (the lists only shrink).
    #[test]
    fn every_numpy_name_is_implemented_or_listed() {
        let cov = coverage();
        assert!(cov.iter().any(|s| s.name == "numpy" && s.total > 400));
        let unlisted: Vec<String> = cov
            .iter()
            .flat_map(|s| s.unlisted.iter().map(move |n| format!("{} {n}", s.name)))
            .collect();
        assert!(
            unlisted.is_empty(),
            "neither implemented nor in api/left_out.txt or api/not_yet.txt:\n{}",
            unlisted.join("\n")
        );
        let stale: Vec<String> = cov
            .iter()
            .flat_map(|s| s.stale.iter().map(move |n| format!("{} {n}", s.name)))
            .collect();
        assert!(
            stale.is_empty(),
            "implemented, so no longer in api/left_out.txt or api/not_yet.txt:\n{}",
            stale.join("\n")
        );
    }

    #[test]
    fn left_out_names_are_numpy_names_with_reasons() {
        let all = scopes();
        let has = |scope: &str, name: &str| {
            all.iter()
                .any(|(s, names)| *s == scope && names.contains(&name))
        };
        let ex = exclusions();
        for e in &ex {
            assert!(
                has(e.scope, e.name),
                "{} {} is not a NumPy name",
                e.scope,
                e.name
            );
            assert!(!e.reason.is_empty(), "{} {} has no reason", e.scope, e.name);
        }
        for (scope, name, _) in list_lines(NOT_YET) {
            assert!(has(scope, name), "{scope} {name} is not a NumPy name");
        }
        // The bound: at most 20 names left out beyond CPython's machinery.
        let other = ex.iter().filter(|e| e.kind != LeftOut::Cpython).count();
        assert!(
            other <= 20,
            "{other} names left out outside CPython machinery"
        );
    }

    #[test]
    fn implemented_resolves_as_scripts_reach_names() {
        assert!(implemented("numpy", "sum"));
        assert!(implemented("numpy", "acos"));
        assert!(implemented("numpy", "linalg"));
        assert!(implemented("numpy.linalg", "solve"));
        assert!(implemented("numpy.ndarray", "reshape"));
        assert!(implemented("numpy.ndarray", "shape"));
        assert!(implemented("numpy.random.Generator", "normal"));
        assert!(!implemented("numpy", "no_such_name"));
        assert!(implemented("numpy.ma", "median"));
        assert!(implemented("numpy.ma", "fromflex"));
        assert!(!implemented("numpy.ma", "no_such_name"));
    }
}
