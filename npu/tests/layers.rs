//! The runtime's layers stay layers: every workspace crate's dependencies
//! on other workspace crates, as `cargo metadata` reports them, must be
//! among the ones the table below allows. The table is the architecture
//! (README's layout table draws it): the core knows no backend, backends
//! know the core (and the ascend backend CANN's declarations) and nothing
//! above it, acl-sim uses the cpu backend and nothing of the ascend
//! backend, and only the dispatch layer knows the backends; the NumPy routines know the
//! dispatch layer. A crate added
//! to the workspace must be added here, with its place.

use std::collections::BTreeMap;
use std::process::Command;

/// Each workspace crate and the workspace crates its normal and build
/// dependencies may name, lowest layer first.
const LAYERS: &[(&str, &[&str])] = &[
    ("xpush-core", &[]),
    ("xpush-cpu", &["xpush-core"]),
    ("xpush-cann", &["xpush-core"]),
    ("xpush-ascend", &["xpush-core", "xpush-cann"]),
    ("xpush-acl-sim", &["xpush-core", "xpush-cpu", "xpush-cann"]),
    (
        "xpush-dispatch",
        &["xpush-core", "xpush-cpu", "xpush-ascend"],
    ),
    ("xpush-npu", &["xpush-core", "xpush-dispatch"]),
    ("xpush-lang", &[]),
    ("xpush-plot", &["xpush-lang"]),
    ("xpush-stdlib", &["xpush-lang", "xpush-npu", "xpush-plot"]),
    ("xpush-interp", &["xpush-lang", "xpush-stdlib", "xpush-npu"]),
    // The binary names acl-sim only so that cargo builds its cdylib beside
    // the binary for `--device npu-sim` (no code of it is called: the
    // loader opens it as it opens CANN); nothing between the binary and
    // the C ABI may name it.
    (
        "xpush",
        &[
            "xpush-lang",
            "xpush-interp",
            "xpush-stdlib",
            "xpush-npu",
            "xpush-acl-sim",
        ],
    ),
    ("xpush-tests", &[]),
];

/// Dev-dependencies (test code) may also name these: the ascend tests
/// load acl-sim, test harnesses use the shared helpers and the sim.
const DEV_EXTRA: &[&str] = &["xpush-acl-sim", "xpush-tests"];

#[test]
fn workspace_dependencies_point_down_the_layers() {
    let packages = workspace_packages();
    let allowed: BTreeMap<&str, &[&str]> = LAYERS.iter().copied().collect();
    let mut wrong = Vec::new();
    for (name, deps) in &packages {
        let Some(ok) = allowed.get(name.as_str()) else {
            wrong.push(format!(
                "{name} is not in the layer table of npu/tests/layers.rs"
            ));
            continue;
        };
        for (dep, kind) in deps {
            if !packages.contains_key(dep) {
                continue; // not a workspace crate
            }
            let fine = ok.contains(&dep.as_str())
                || (kind == "dev"
                    && (DEV_EXTRA.contains(&dep.as_str()) || ok.contains(&dep.as_str())));
            if !fine {
                wrong.push(format!("{name} depends on {dep} ({kind})"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "dependencies against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_layer_table_has_no_cycle_and_names_no_stranger() {
    let names: Vec<&str> = LAYERS.iter().map(|(n, _)| *n).collect();
    for (i, (name, deps)) in LAYERS.iter().enumerate() {
        for d in *deps {
            let j = names.iter().position(|n| n == d);
            assert!(
                j.is_some_and(|j| j < i),
                "{name} may use {d}, which is not listed before it"
            );
        }
    }
    let packages = workspace_packages();
    for n in names {
        assert!(
            packages.contains_key(n),
            "{n} is in the table but not in the workspace"
        );
    }
}

/// Every workspace package and its dependencies as (name, kind), from
/// `cargo metadata --no-deps`.
fn workspace_packages() -> BTreeMap<String, Vec<(String, String)>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8 metadata");
    let json = Json::parse(&text);
    let mut map = BTreeMap::new();
    for p in json.get("packages").array() {
        let name = p.get("name").string().to_string();
        let deps = p
            .get("dependencies")
            .array()
            .iter()
            .map(|d| {
                let kind = match d.get("kind") {
                    Json::Str(k) => k.clone(),
                    _ => "normal".to_string(),
                };
                (d.get("name").string().to_string(), kind)
            })
            .collect();
        map.insert(name, deps);
    }
    assert!(
        map.contains_key("xpush-core"),
        "metadata lists the workspace"
    );
    map
}

/// The JSON values `cargo metadata` prints (booleans and numbers are
/// parsed over, not kept: the test reads names and kinds).
#[derive(Debug, Clone)]
enum Json {
    Null,
    Bool,
    Num,
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    fn parse(s: &str) -> Json {
        let mut p = Parser {
            s: s.as_bytes(),
            i: 0,
        };
        let v = p.value();
        p.ws();
        assert_eq!(p.i, p.s.len(), "trailing text after the metadata");
        v
    }

    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Obj(kv) => kv
                .iter()
                .find(|(k, _)| k == key)
                .map_or(&Json::Null, |(_, v)| v),
            _ => &Json::Null,
        }
    }

    fn array(&self) -> &[Json] {
        match self {
            Json::Arr(v) => v,
            other => panic!("expected an array, got {other:?}"),
        }
    }

    fn string(&self) -> &str {
        match self {
            Json::Str(s) => s,
            other => panic!("expected a string, got {other:?}"),
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) {
        self.ws();
        assert_eq!(
            self.s.get(self.i),
            Some(&c),
            "JSON: expected '{}' at {}",
            c as char,
            self.i
        );
        self.i += 1;
    }

    fn value(&mut self) -> Json {
        self.ws();
        match self.s[self.i] {
            b'{' => {
                self.i += 1;
                let mut kv = Vec::new();
                self.ws();
                if self.s[self.i] == b'}' {
                    self.i += 1;
                    return Json::Obj(kv);
                }
                loop {
                    self.ws();
                    let k = self.string();
                    self.eat(b':');
                    kv.push((k, self.value()));
                    self.ws();
                    self.i += 1;
                    if self.s[self.i - 1] == b'}' {
                        return Json::Obj(kv);
                    }
                }
            }
            b'[' => {
                self.i += 1;
                let mut v = Vec::new();
                self.ws();
                if self.s[self.i] == b']' {
                    self.i += 1;
                    return Json::Arr(v);
                }
                loop {
                    v.push(self.value());
                    self.ws();
                    self.i += 1;
                    if self.s[self.i - 1] == b']' {
                        return Json::Arr(v);
                    }
                }
            }
            b'"' => Json::Str(self.string()),
            b't' => self.word("true", Json::Bool),
            b'f' => self.word("false", Json::Bool),
            b'n' => self.word("null", Json::Null),
            _ => {
                let start = self.i;
                while self.i < self.s.len() && b"+-.eE0123456789".contains(&self.s[self.i]) {
                    self.i += 1;
                }
                assert!(self.i > start, "JSON: unexpected byte at {start}");
                Json::Num
            }
        }
    }

    fn word(&mut self, w: &str, v: Json) -> Json {
        assert!(
            self.s[self.i..].starts_with(w.as_bytes()),
            "JSON: bad literal at {}",
            self.i
        );
        self.i += w.len();
        v
    }

    fn string(&mut self) -> String {
        self.eat(b'"');
        let mut out = String::new();
        loop {
            let c = self.s[self.i];
            self.i += 1;
            match c {
                b'"' => return out,
                b'\\' => {
                    let e = self.s[self.i];
                    self.i += 1;
                    match e {
                        b'n' => out.push('\n'),
                        b't' => out.push('\t'),
                        b'r' => out.push('\r'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'u' => {
                            let hex = std::str::from_utf8(&self.s[self.i..self.i + 4]).unwrap();
                            self.i += 4;
                            out.push(
                                char::from_u32(u32::from_str_radix(hex, 16).unwrap())
                                    .unwrap_or('\u{fffd}'),
                            );
                        }
                        other => out.push(other as char),
                    }
                }
                _ => {
                    // Copy the whole UTF-8 sequence.
                    let start = self.i - 1;
                    let len = match c {
                        0..=0x7f => 1,
                        0xc0..=0xdf => 2,
                        0xe0..=0xef => 3,
                        _ => 4,
                    };
                    self.i = start + len;
                    out.push_str(std::str::from_utf8(&self.s[start..self.i]).unwrap());
                }
            }
        }
    }
}
