//! Kernel facts: op / dtype / layout combinations known to fail on some
//! SoCs and CANN versions, as data (`npu/cann/kernel-facts.md`, a
//! markdown table read at first use, each row citing its public source).
//! The ascend dispatch policy consults them before a call (a matching row
//! runs the op on the host, or gives it contiguous inputs first) and
//! acl-sim fails a matching phase 1 as the real library does.
//!
//! `XPUSH_KERNEL_FACTS=FILE` adds the rows of another table of the same
//! form (local knowledge, and tests); why a file added none is kept for
//! the session to say ([`extra_problem`]).

use std::cmp::Ordering;
use std::sync::OnceLock;

use xpush_core::dtype::DType;

/// The table shipped with xpush.
const TABLE: &str = include_str!("../kernel-facts.md");

/// When a row applies, beyond op, dtype, SoC and version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// Always.
    Any,
    /// When an input is not C-contiguous (a strided or transposed view).
    NonContiguous,
}

/// What dispatch does about a matching row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Run the op on the host.
    Host,
    /// Copy non-contiguous inputs to contiguous buffers first.
    Contiguous,
}

/// One row of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Fact {
    /// The aclnn op (`aclnnIsInf`).
    pub op: String,
    /// The input dtypes it concerns; `None` for all.
    pub dtypes: Option<Vec<DType>>,
    /// A glob on `aclrtGetSocName` (`Ascend910B*`, `*`).
    pub soc: String,
    /// The CANN versions, as written (`*`, `<8.1`, `>=9.0,<9.1`).
    pub cann: String,
    /// When it applies.
    pub when: When,
    /// The status phase 1 returns (`161002`).
    pub status: i32,
    /// What to do.
    pub action: Action,
    /// Where it is documented (a URL or repository path).
    pub source: String,
}

impl Fact {
    /// Whether the row concerns a call of `op` on `dtype` on this SoC and
    /// CANN version (`None`: unknown, which matches, to be safe) with
    /// inputs that are (or are not) all contiguous.
    pub fn matches(
        &self,
        op: &str,
        dtype: DType,
        soc: &str,
        cann: Option<&str>,
        contiguous: bool,
    ) -> bool {
        self.op == op
            && self.dtypes.as_ref().is_none_or(|d| d.contains(&dtype))
            && glob(&self.soc, soc)
            && cann.is_none_or(|v| in_range(&self.cann, v))
            && (self.when == When::Any || !contiguous)
    }

    /// `aclnnSquare of float16 fails with 161002 on Ascend910B* with CANN
    /// =9.0.0 (source)`.
    pub fn describe(&self) -> String {
        let dtypes = self.dtypes.as_ref().map_or_else(
            || "any dtype".to_string(),
            |d| d.iter().map(|t| t.name()).collect::<Vec<_>>().join("/"),
        );
        let when = match self.when {
            When::Any => "",
            When::NonContiguous => " on non-contiguous inputs",
        };
        format!(
            "{} of {dtypes}{when} fails with {} on {} with CANN {} ({})",
            self.op, self.status, self.soc, self.cann, self.source
        )
    }
}

/// The rows, and why `XPUSH_KERNEL_FACTS`'s file added none (unreadable,
/// or a line that does not parse).
struct Loaded {
    rows: Vec<Fact>,
    problem: Option<String>,
}

fn loaded() -> &'static Loaded {
    static FACTS: OnceLock<Loaded> = OnceLock::new();
    FACTS.get_or_init(|| {
        // The shipped table is checked by a test; a broken one is a build
        // defect, not input.
        let mut rows = parse(TABLE).unwrap_or_else(|e| panic!("npu/cann/kernel-facts.md: {e}"));
        let mut problem = None;
        if let Some(path) = std::env::var_os("XPUSH_KERNEL_FACTS") {
            let shown = std::path::Path::new(&path).display().to_string();
            match std::fs::read_to_string(&path).map_err(|e| e.to_string()) {
                Ok(text) => match parse(&text) {
                    Ok(extra) => rows.extend(extra),
                    Err(e) => problem = Some(format!("{shown}: {e}")),
                },
                Err(e) => problem = Some(format!("{shown}: {e}")),
            }
        }
        Loaded { rows, problem }
    })
}

/// Every row: the shipped table, then `XPUSH_KERNEL_FACTS`'s.
pub fn facts() -> &'static [Fact] {
    &loaded().rows
}

/// Why the `XPUSH_KERNEL_FACTS` file added no rows, if it did not (the
/// session says so once instead of ignoring it).
pub fn extra_problem() -> Option<&'static str> {
    loaded().problem.as_deref()
}

/// The first row concerning this call, if any (see [`Fact::matches`]).
pub fn lookup(
    op: &str,
    dtype: DType,
    soc: &str,
    cann: Option<&str>,
    contiguous: bool,
) -> Option<&'static Fact> {
    facts()
        .iter()
        .find(|f| f.matches(op, dtype, soc, cann, contiguous))
}

/// The rows of a markdown table whose header starts `| op |`: other
/// lines (prose, the separator row) are skipped.
pub fn parse(text: &str) -> Result<Vec<Fact>, String> {
    let mut rows = Vec::new();
    let mut in_table = false;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if !line.starts_with('|') {
            in_table = false;
            continue;
        }
        let cells: Vec<&str> = line
            .trim_matches('|')
            .split('|')
            .map(|c| c.trim().trim_matches('`'))
            .collect();
        if cells.first() == Some(&"op") {
            in_table = true;
            continue;
        }
        if !in_table
            || cells
                .iter()
                .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'))
        {
            continue;
        }
        let at = |e: String| format!("line {}: {e}", n + 1);
        if cells.len() != 8 {
            return Err(at(format!("{} cells, 8 expected", cells.len())));
        }
        let dtypes = match cells[1] {
            "*" => None,
            list => Some(
                list.split(',')
                    .map(|d| {
                        let d = d.trim();
                        DType::ALL
                            .iter()
                            .copied()
                            .find(|t| t.name() == d)
                            .ok_or_else(|| at(format!("unknown dtype '{d}'")))
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            ),
        };
        let when = match cells[4] {
            "any" => When::Any,
            "non-contiguous" => When::NonContiguous,
            w => return Err(at(format!("unknown condition '{w}'"))),
        };
        let action = match cells[6] {
            "host" => Action::Host,
            "contiguous" => Action::Contiguous,
            a => return Err(at(format!("unknown action '{a}'"))),
        };
        let status = cells[5]
            .parse()
            .map_err(|_| at(format!("status '{}' is not a number", cells[5])))?;
        for part in cells[3].split(',') {
            if part.trim() != "*" && parse_bound(part.trim()).is_none() {
                return Err(at(format!("cannot read the version range '{}'", cells[3])));
            }
        }
        if cells[7].is_empty() {
            return Err(at("no source".into()));
        }
        rows.push(Fact {
            op: cells[0].to_string(),
            dtypes,
            soc: cells[2].to_string(),
            cann: cells[3].to_string(),
            when,
            status,
            action,
            source: cells[7].to_string(),
        });
    }
    Ok(rows)
}

/// `pattern` with `*` for any run of characters, against `s`.
fn glob(pattern: &str, s: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == s,
        Some((head, rest)) => {
            let Some(tail) = s.strip_prefix(head) else {
                return false;
            };
            (0..=tail.len()).any(|i| tail.is_char_boundary(i) && glob(rest, &tail[i..]))
        }
    }
}

/// A CANN version, ordered: `8.0.RC3` < `8.0.0` < `8.1.RC1` < `9.0.0`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Version {
    major: u32,
    minor: u32,
    /// Release candidates before the release: (0, n) for RCn, (1, patch).
    stage: (u32, u32),
}

/// `8.0.RC3`, `9.0.0`, `9.0.0 (acl-sim)`, `8.1` (a bare `8.1` is 8.1.RC0,
/// the first of that line).
fn version(s: &str) -> Option<Version> {
    let s = s.split_whitespace().next()?;
    let mut parts = s.split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    let stage = match parts.next() {
        None => (0, 0),
        Some(p) => match p.strip_prefix("RC").or_else(|| p.strip_prefix("rc")) {
            Some(n) => (0, n.parse().ok()?),
            None => (1, p.parse().ok()?),
        },
    };
    Some(Version {
        major,
        minor,
        stage,
    })
}

/// One bound of a range: `<8.1`, `>=9.0.0`, `=9.0.0`, `9.0.0`.
fn parse_bound(b: &str) -> Option<(&str, Version)> {
    for op in ["<=", ">=", "<", ">", "="] {
        if let Some(v) = b.strip_prefix(op) {
            return Some((op, version(v.trim())?));
        }
    }
    Some(("=", version(b)?))
}

/// Whether version `v` is in `range` (`*`, or bounds joined by commas, all
/// of which must hold). An unreadable `v` is in every range.
fn in_range(range: &str, v: &str) -> bool {
    let Some(v) = version(v) else {
        return true;
    };
    range.split(',').all(|b| {
        let b = b.trim();
        if b == "*" {
            return true;
        }
        let Some((op, bound)) = parse_bound(b) else {
            return false;
        };
        let o = v.cmp(&bound);
        match op {
            "<" => o == Ordering::Less,
            "<=" => o != Ordering::Greater,
            ">" => o == Ordering::Greater,
            ">=" => o != Ordering::Less,
            _ => o == Ordering::Equal,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_reads_and_every_row_cites_a_source() {
        let rows = parse(TABLE).unwrap();
        assert!(!rows.is_empty());
        for r in &rows {
            assert!(r.op.starts_with("aclnn"), "{r:?}");
            assert!(
                r.source.starts_with("https://") || r.source.contains('/'),
                "{r:?}"
            );
        }
    }

    #[test]
    fn versions_order_release_candidates_first() {
        let v = |s| version(s).unwrap();
        assert!(v("8.0.RC3") < v("8.0.0"));
        assert!(v("8.0.0") < v("8.1.RC1"));
        assert!(v("8.1.RC1") < v("9.0.0"));
        assert_eq!(v("9.0.0 (acl-sim)"), v("9.0.0"));
        assert!(in_range("<8.1", "8.0.RC3"));
        assert!(!in_range("<8.1", "8.1.RC1"));
        assert!(in_range(">=9.0,<9.1", "9.0.0"));
        assert!(!in_range(">=9.0,<9.1", "9.1.RC1"));
        assert!(in_range("=9.0.0", "9.0.0 (acl-sim)"));
        assert!(in_range("*", "7.0.0"));
        assert!(in_range("<8.1", "not a version"), "unknown is in range");
    }

    #[test]
    fn rows_match_on_op_dtype_soc_version_and_layout() {
        let rows = parse(
            "| op | dtypes | soc | cann | when | status | action | source |
|---|---|---|---|---|---|---|---|
| `aclnnMuls` | float16, bfloat16 | Ascend910B* | <9.1 | any | 161002 | host | https://example.org/a |
| aclnnSort | * | * | * | non-contiguous | 561103 | contiguous | repo/path.cpp |
",
        )
        .unwrap();
        let (muls, sort) = (&rows[0], &rows[1]);
        assert!(muls.matches(
            "aclnnMuls",
            DType::Float16,
            "Ascend910B3",
            Some("9.0.0"),
            true
        ));
        assert!(!muls.matches(
            "aclnnMuls",
            DType::Float32,
            "Ascend910B3",
            Some("9.0.0"),
            true
        ));
        assert!(!muls.matches(
            "aclnnMuls",
            DType::Float16,
            "Ascend310P3",
            Some("9.0.0"),
            true
        ));
        assert!(!muls.matches(
            "aclnnMuls",
            DType::Float16,
            "Ascend910B3",
            Some("9.1.0"),
            true
        ));
        assert!(!muls.matches(
            "aclnnAdds",
            DType::Float16,
            "Ascend910B3",
            Some("9.0.0"),
            true
        ));
        assert!(muls.matches("aclnnMuls", DType::BFloat16, "Ascend910B-sim", None, true));
        assert!(sort.matches("aclnnSort", DType::Int32, "x", Some("8.0.0"), false));
        assert!(!sort.matches("aclnnSort", DType::Int32, "x", Some("8.0.0"), true));
        assert_eq!(sort.action, Action::Contiguous);
        assert_eq!(
            muls.describe(),
            "aclnnMuls of float16/bfloat16 fails with 161002 on Ascend910B* with CANN <9.1 (https://example.org/a)"
        );
        assert!(parse("| op | dtypes | soc | cann | when | status | action | source |\n| aclnnX | * | * | * | any | 1 | sometimes | s/p |\n")
            .unwrap_err()
            .contains("unknown action 'sometimes'"));
    }

    #[test]
    fn globs() {
        assert!(glob("Ascend910B*", "Ascend910B3"));
        assert!(glob("*", ""));
        assert!(glob("Ascend910*3", "Ascend910B3"));
        assert!(!glob("Ascend910B*", "Ascend310P3"));
        assert!(!glob("Ascend910B", "Ascend910B3"));
    }
}
