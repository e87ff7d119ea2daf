//! The precision standards of `xpush verify --standard` on the simulated
//! npu: for each float dtype (float16, bfloat16, float32, float64 demoted
//! to float32, float64 native under `--float64-mode off`), a correct
//! result passes every standard, and acl-sim's fault injection
//! (`XPUSH_ACL_SIM_FAULT=aclnnMul:rel=R[:every=N]`) of a size just below a
//! standard's threshold passes while one just above it fails. Also the
//! CSV and JSON exports, parsed back.
//!
//! The script multiplies `a * a` for 1,000 values of `a` in [1, 1.2), so
//! every product is in [1, 1.44) and the ULP of the compute dtype there is
//! `e`, its spacing at 1. The fault multiplies the product by `1 + R`.

mod common;

use std::path::PathBuf;

use common::acl_sim_path;

/// One float dtype under test.
struct Case {
    /// The array dtype.
    dtype: &'static str,
    /// `--float64-mode`.
    mode: &'static str,
    /// The spacing at 1 of the dtype the npu computes in.
    e: f64,
    /// The `ulp` standard's elementwise budget for it.
    ulps: f64,
    /// The op test kit's rtol + atol (its bound at |ref| = 1).
    ttk: f64,
    /// The single benchmark's T.
    t: f64,
}

fn p2(e: i32) -> f64 {
    2f64.powi(e)
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            dtype: "float16",
            mode: "float32",
            e: p2(-10),
            ulps: 2.0,
            ttk: p2(-9) + p2(-9),
            t: p2(-10),
        },
        Case {
            dtype: "bfloat16",
            mode: "float32",
            e: p2(-7),
            ulps: 2.0,
            ttk: p2(-6) + p2(-6),
            t: p2(-7),
        },
        Case {
            dtype: "float32",
            mode: "float32",
            e: p2(-23),
            ulps: 4.0,
            ttk: p2(-10) + p2(-16),
            t: p2(-13),
        },
        // float64 computed in float32: float32's numbers, and the ULP
        // rule's extra ULP for the demotion.
        Case {
            dtype: "float64",
            mode: "float32",
            e: p2(-23),
            ulps: 5.0,
            ttk: p2(-10) + p2(-16),
            t: p2(-13),
        },
        // Native float64: float32's thresholds scaled by 2^-29.
        Case {
            dtype: "float64",
            mode: "off",
            e: p2(-52),
            ulps: 4.0,
            ttk: p2(-39) + p2(-45),
            t: p2(-42),
        },
    ]
}

/// A directory with the script for `c`.
fn script(c: &Case) -> PathBuf {
    // A directory per call: the tests run in parallel in one process.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "xpush-standards-{}-{n}-{}-{}",
        std::process::id(),
        c.dtype,
        c.mode
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let code = format!(
        "import numpy as np\na = (1 + np.arange(1000) / 5000.0).astype(np.{})\nb = a * a\nprint(b.dtype)\n",
        c.dtype
    );
    std::fs::write(dir.join("script.py"), code).expect("script written");
    dir
}

/// Runs `xpush verify --standard STANDARD` on `c`'s script with `fault`;
/// returns whether it passed (exit 0) and its output.
fn run(c: &Case, standard: &str, fault: Option<String>, extra: &[&str]) -> (bool, String) {
    let dir = script(c);
    let lib = acl_sim_path();
    let mut env = vec![("XPUSH_ACL_LIB", lib.to_str().expect("utf-8 path"))];
    let fault = fault.unwrap_or_default();
    if !fault.is_empty() {
        env.push(("XPUSH_ACL_SIM_FAULT", fault.as_str()));
    }
    let mut args = vec!["verify", "--standard", standard, "--float64-mode", c.mode];
    args.extend(extra);
    args.push("script.py");
    let o = common::command(&args, &env)
        .current_dir(&dir)
        .output()
        .expect("xpush runs");
    let out = format!("{}{}", common::stdout(&o), common::stderr(&o));
    let code = o.status.code();
    assert!(code == Some(0) || code == Some(1), "exit {code:?}:\n{out}");
    assert!(out.starts_with(c.dtype), "{out}");
    (code == Some(0), out)
}

/// `aclnnMul:rel=R:every=N`.
fn fault(rel: f64, every: usize) -> Option<String> {
    Some(format!("aclnnMul:rel={rel:e}:every={every}"))
}

/// Asserts that `standard` passes (`want`) the fault on every case.
fn expect(standard: &str, what: &str, want: bool, f: &dyn Fn(&Case) -> Option<String>) {
    for c in cases() {
        let (pass, out) = run(&c, standard, f(&c), &[]);
        assert_eq!(
            pass,
            want,
            "{standard}, {what}, {} under float64={} (fault {:?}):\n{out}",
            c.dtype,
            c.mode,
            f(&c)
        );
        let row = out
            .lines()
            .find(|l| l.contains("│ multiply"))
            .unwrap_or_else(|| panic!("no multiply row:\n{out}"));
        assert_eq!(row.contains("pass"), want, "{row}");
    }
}

#[test]
fn a_correct_result_passes_every_standard() {
    for standard in ["ulp", "ttk", "cann-single", "cann-dual", "cann-dual=L2"] {
        expect(standard, "no fault", true, &|_| None);
    }
}

#[test]
fn ulp_just_below_and_just_above() {
    // 0.3 N ULPs (at most 0.43 N in [1, 1.44), plus a ULP of rounding)
    // passes; 1.5 N ULPs fails.
    expect("ulp", "0.3 N ULPs", true, &|c| fault(0.3 * c.ulps * c.e, 1));
    expect("ulp", "1.5 N ULPs", false, &|c| {
        fault(1.5 * c.ulps * c.e, 1)
    });
}

#[test]
fn ttk_share_and_cap() {
    // Twice the tolerance on 0.5 % of the elements passes (99 % needed),
    // on 2 % fails.
    expect("ttk", "2x on 0.5%", true, &|c| fault(2.0 * c.ttk, 200));
    expect("ttk", "2x on 2%", false, &|c| fault(2.0 * c.ttk, 50));
    // One element of 1,000: 50 times its tolerance passes, 150 times is
    // beyond the hard cap of 100.
    expect("ttk", "50x on one", true, &|c| fault(50.0 * c.ttk, 1000));
    expect("ttk", "150x on one", false, &|c| fault(150.0 * c.ttk, 1000));
}

#[test]
fn cann_single_mare_and_mere() {
    // Every 20th element off by 8 T: MARE under 10 T, MERE about 0.6 T.
    expect("cann-single", "8 T on 5%", true, &|c| fault(8.0 * c.t, 20));
    // By 11.5 T: MARE over 10 T.
    expect("cann-single", "11.5 T on 5%", false, &|c| {
        fault(11.5 * c.t, 20)
    });
    // Every element by 1.5 T: MERE over T (MARE well under 10 T).
    expect("cann-single", "1.5 T on all", false, &|c| {
        fault(1.5 * c.t, 1)
    });
}

#[test]
fn cann_dual_ratio_to_the_reference() {
    // One element (the product 1.0, exact) off by 3 ULPs: the MARE ratio
    // to the reference (whose worst is a rounding, at most about 2.5 ULPs
    // for the demoted float64) stays under 10; off by 20 ULPs, over.
    expect("cann-dual", "3 ULPs on one", true, &|c| {
        fault(3.0 * c.e, 1000)
    });
    expect("cann-dual", "20 ULPs on one", false, &|c| {
        fault(20.0 * c.e, 1000)
    });
}

#[test]
fn csv_and_json_exports_parse_back() {
    let c = &cases()[2];
    let dir = script(c);
    let (csv, json) = (dir.join("calls.csv"), dir.join("calls.json"));
    let _ = std::fs::remove_file(&csv);
    let _ = std::fs::remove_file(&json);
    let (pass, out) = run(
        c,
        "cann-single",
        fault(11.5 * c.t, 20),
        &[
            "--csv",
            csv.to_str().expect("utf-8"),
            "--json",
            json.to_str().expect("utf-8"),
        ],
    );
    assert!(!pass, "{out}");
    assert!(out.contains(" calls written to "), "{out}");

    let mut reader = csv::Reader::from_path(&csv).expect("csv written");
    let header = reader.headers().expect("header").clone();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("no {name} column: {header:?}"))
    };
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("row")).collect();
    let mul: Vec<&csv::StringRecord> = rows
        .iter()
        .filter(|r| &r[col("op")] == "multiply")
        .collect();
    assert_eq!(mul.len(), 1, "{rows:?}");
    let m = mul[0];
    assert_eq!(&m[col("standard")], "cann-single");
    assert_eq!(&m[col("dtype")], "float32");
    assert_eq!(&m[col("pass")], "false");
    assert_eq!(&m[col("elements")], "1000");
    let mare: f64 = m[col("mare")].parse().expect("a number");
    assert!(mare > 10.0 * c.t && mare < 12.0 * c.t, "{mare}");
    assert_eq!(&m[col("first_index")], "(0,)");
    // Calls are numbered in order from 1.
    let numbers: Vec<usize> = rows
        .iter()
        .map(|r| r[col("call")].parse().expect("n"))
        .collect();
    assert_eq!(numbers, (1..=rows.len()).collect::<Vec<_>>());

    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json written")).expect("json");
    assert_eq!(doc["standard"], "cann-single");
    let calls = doc["calls"].as_array().expect("calls");
    assert_eq!(calls.len(), rows.len());
    let j = calls
        .iter()
        .find(|v| v["op"] == "multiply")
        .expect("multiply");
    assert_eq!(j["pass"], false);
    assert_eq!(j["mare"].as_f64(), Some(mare));
    assert!(j["cosine"].as_f64().expect("cosine") > 0.999);
}

#[test]
fn float64_under_every_mode_and_the_meta_commands() {
    let dir = std::env::temp_dir().join(format!("xpush-standards-{}-modes", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let code = "import numpy as np
:verify standard
:verify on cann-dual=L1
:verify
x = np.array([1.0 + 1e-10, 2.0], dtype=np.float64)
d = x - 1.0
:mode float64=cpu
e = x - 1.0
:mode float64=off
f = x - 1.0
:verify report --csv calls.csv
";
    std::fs::write(dir.join("modes.py"), code).expect("written");
    let lib = acl_sim_path();
    let o = common::command(
        &["--device", "npu", "modes.py"],
        &[("XPUSH_ACL_LIB", lib.to_str().expect("utf-8"))],
    )
    .current_dir(&dir)
    .output()
    .expect("runs");
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert!(
        out.starts_with(
            "verify standard: ulp (one of ulp, ttk, cann-single, cann-dual[=L0|L1|L2])\nverification is on (standard cann-dual=L1)\n"
        ),
        "{out}"
    );
    // float32 mode: demoted, judged against the float64 golden (1e-10 is
    // lost: every ratio to the float32 reference is 1, so it passes the
    // dual benchmark, which asks only to be as good as float32 on the cpu).
    // Rows in name order: native float64 (off), then demoted (float32).
    let rows: Vec<&str> = out.lines().filter(|l| l.contains("│ subtract")).collect();
    assert_eq!(rows.len(), 2, "{out}");
    // off: native float64, judged by float64's (scaled) thresholds.
    assert!(
        rows[0].contains("┆ float64 ") && rows[0].contains("pass"),
        "{out}"
    );
    // float32 mode: demoted, judged against the float64 golden (1e-10 is
    // lost: max abs 1e-10, max rel 1), but every ratio to the reference
    // computed in float32 on the cpu is 1, so it passes the dual
    // benchmark, which asks only to be as good as float32 on the cpu.
    assert!(
        rows[1].contains("float64->float32") && rows[1].contains("1.0e-10"),
        "{out}"
    );
    assert!(
        rows[1].contains("1.00/1.00/1.00") && rows[1].contains("pass"),
        "{out}"
    );
    // cpu: on the host, the reference itself, listed as such.
    assert!(
        out.contains(
            "verify: ran on the host, not compared (they are the reference): subtract float64 x1"
        ),
        "{out}"
    );
    assert!(
        out.contains("verify: 2 calls written to calls.csv"),
        "{out}"
    );
    let csv = std::fs::read_to_string(dir.join("calls.csv")).expect("csv");
    assert_eq!(csv.lines().count(), 3, "{csv}");
    assert!(!err.contains("Error"), "{err}");
}
