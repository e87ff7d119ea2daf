//! `xpush bench`: the matrix listing, a run on acl-sim written as CSV, the
//! failure and exit-code rules.

mod common;

use common::{acl_sim, stderr, stdout, xpush};

/// The cells of a comfy-table row (`│ a │ b │`), trimmed.
fn cells(line: &str) -> Vec<String> {
    line.split(['│', '┆'])
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty())
        .collect()
}

#[test]
fn list_prints_the_matrix_without_a_device() {
    // No device library at all: --list does not need one.
    let o = xpush(
        &["bench", "--list"],
        &[("XPUSH_ACL_LIB", "/nonexistent/libascendcl.so")],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let rows: Vec<Vec<String>> = out.lines().map(cells).filter(|r| r.len() == 5).collect();
    assert_eq!(rows[0], ["category", "op", "code", "dtypes", "shape"]);
    let row = |op: &str| {
        rows.iter()
            .find(|r| r[1] == op)
            .unwrap_or_else(|| panic!("{op} missing from {out}"))
    };
    assert_eq!(
        row("exp"),
        &[
            "unary",
            "exp",
            "np.exp(a)",
            "float32 float16 bfloat16 float64",
            "(1000000,)"
        ]
    );
    assert_eq!(
        row("add"),
        &[
            "binary",
            "add",
            "a + b",
            "float32 float16 bfloat16 int32 int64 float64",
            "(1000000,)"
        ]
    );
    assert_eq!(row("matmul")[4], "2×(1000, 1000)");
    for cat in [
        "unary",
        "binary",
        "reduction",
        "matmul",
        "manipulation",
        "sort",
    ] {
        assert!(rows.iter().any(|r| r[0] == cat), "{cat} missing from {out}");
    }
    assert!(out.contains("26 ops, 140 cells (op × dtype)"), "{out}");

    let o = xpush(
        &[
            "bench",
            "--list",
            "--category",
            "binary,sort",
            "--dtype",
            "int32",
            "--size",
            "64",
        ],
        &[],
    );
    let out = stdout(&o);
    let rows: Vec<Vec<String>> = out.lines().map(cells).filter(|r| r.len() == 5).collect();
    let ops: Vec<&str> = rows[1..].iter().map(|r| r[1].as_str()).collect();
    assert_eq!(
        ops,
        ["add", "subtract", "multiply", "maximum", "minimum", "sort", "argsort"]
    );
    assert!(
        rows[1..].iter().all(|r| r[3] == "int32" && r[4] == "(64,)"),
        "{out}"
    );
}

#[test]
fn binary_float32_run_writes_a_checked_csv() {
    let sim = acl_sim();
    let dir = std::env::temp_dir().join(format!("xpush-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("out.csv");
    let csv_arg = csv.display().to_string();
    let o = xpush(
        &[
            "bench",
            "--category",
            "binary",
            "--dtype",
            "float32",
            "--size",
            "4096",
            "--repeat",
            "1",
            "--csv",
            &csv_arg,
            "--strict",
        ],
        &[("XPUSH_ACL_LIB", &sim)],
    );
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("npu:0 (simulated)"), "{out}");
    assert!(out.contains("6 cells, 6 ok, 0 failed"), "{out}");
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("category,op,dtype,shape,cpu_ms,device_ms,kernel_ms,speedup,how,aclnn,status")
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let ops: Vec<&str> = rows.iter().map(|r| r[1]).collect();
    assert_eq!(
        ops,
        ["add", "subtract", "multiply", "divide", "maximum", "minimum"]
    );
    // maximum and minimum run as a comparison and a select on the npu.
    let aclnn = [
        "aclnnAdd",
        "aclnnSub",
        "aclnnMul",
        "aclnnDiv",
        "aclnnGtTensor",
        "aclnnLtTensor",
    ];
    for (r, want) in rows.iter().zip(aclnn) {
        assert_eq!(r.len(), 11, "{r:?}");
        assert_eq!((r[0], r[2], r[3]), ("binary", "float32", "4096"), "{r:?}");
        let num = |s: &str| -> f64 { s.parse().unwrap_or_else(|_| panic!("{s:?} in {r:?}")) };
        let (cpu, dev, kernels, speedup) = (num(r[4]), num(r[5]), num(r[6]), num(r[7]));
        assert!(cpu > 0.0 && dev > 0.0 && kernels >= 0.0, "{r:?}");
        let ratio = cpu / dev;
        assert!(
            (speedup - ratio).abs() <= 0.01 * ratio + 1e-4,
            "speedup {speedup} is not cpu/device {ratio}: {r:?}"
        );
        assert_eq!((r[8], r[10]), ("native", "ok"), "{r:?}");
        assert!(r[9].split(' ').any(|a| a == want), "{want} not in {r:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn strict_fails_on_a_wrong_device_result() {
    // acl-sim perturbs aclnnAdd's output: the add cell differs from the cpu.
    let sim = acl_sim();
    let args = [
        "bench",
        "--category",
        "binary",
        "--dtype",
        "float32",
        "--size",
        "256",
        "--repeat",
        "1",
    ];
    let env = [
        ("XPUSH_ACL_LIB", sim.as_str()),
        ("XPUSH_ACL_SIM_FAULT", "aclnnAdd"),
    ];
    let o = xpush(&args, &env);
    assert_eq!(o.status.code(), Some(0), "without --strict: {}", stderr(&o));
    let out = stdout(&o);
    let row = |op: &str| {
        out.lines()
            .map(cells)
            .find(|r| r.get(1).is_some_and(|c| c == op))
            .unwrap_or_else(|| panic!("no {op} row in {out}"))
    };
    assert!(row("add")[9].starts_with("differs: at 0"), "{out}");
    // Ops that do not go through aclnnAdd are right.
    for op in ["subtract", "multiply", "divide"] {
        assert_eq!(row(op)[9], "ok", "{out}");
    }
    let mut strict = args.to_vec();
    strict.push("--strict");
    let o = xpush(&strict, &env);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
}

#[test]
fn missing_device_library_exits_2_with_the_loader_message() {
    let o = xpush(
        &["bench", "--category", "sort", "--size", "16"],
        &[("XPUSH_ACL_LIB", "/nonexistent/libascendcl.so")],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(
        err.starts_with("xpush bench: cannot load the device library: "),
        "{err}"
    );
    assert!(err.contains("/nonexistent/libascendcl.so"), "{err}");
    // Usage errors are 2 as well; a missing device is 3.
    let o = xpush(&["bench", "--category", "fft"], &[]);
    assert_eq!(o.status.code(), Some(2));
    let sim = acl_sim();
    let o = xpush(
        &["bench", "--device", "npu:7", "--size", "16"],
        &[("XPUSH_ACL_LIB", &sim)],
    );
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
}
