//! `:profile` and the `:time` lines, run by the binary on the cpu and on
//! the npu through acl-sim.

mod common;

use common::{acl_sim, stderr, stdout, xpush};

/// The rows of the comfy-tables in `out`, each as its trimmed cells.
fn table_rows(out: &str) -> Vec<Vec<String>> {
    out.lines()
        .filter(|l| l.starts_with('│'))
        .map(|l| {
            l.split(['│', '┆'])
                .map(|c| c.trim().to_string())
                .filter(|c| !c.is_empty())
                .collect()
        })
        .collect()
}

/// Runs `xpush -c code` on the cpu, which must succeed: its stdout, its
/// stderr and the calls column of the `:profile report` row of each op.
fn profile_calls(code: &str) -> (String, String, Vec<(String, String)>) {
    let o = xpush(&["-c", code], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let calls = table_rows(&out)
        .into_iter()
        .filter_map(|r| Some((r.first()?.clone(), r.get(4)?.clone())))
        .collect();
    (out, stderr(&o), calls)
}

/// The calls of `op` in [`profile_calls`]' rows.
fn calls_of<'a>(rows: &'a [(String, String)], op: &str) -> Option<&'a str> {
    rows.iter().find(|(o, _)| o == op).map(|(_, c)| c.as_str())
}

#[test]
fn profile_report_on_the_npu_counts_calls_per_op_and_how_it_ran() {
    let sim = acl_sim();
    let code = "import numpy as np\n\
        a = np.arange(6, dtype=np.float32)\n\
        :profile on\n\
        b = a + a\n\
        b = a + a\n\
        c = np.exp(b)\n\
        d = a.astype(np.float64)\n\
        e = d * d\n\
        :mode float64=cpu\n\
        f = d - d\n\
        print(f.sum())\n\
        :profile off\n\
        g = a + a\n\
        :profile report\n";
    let o = xpush(&["--device", "npu", "-c", code], &[("XPUSH_ACL_LIB", &sim)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let rows = table_rows(&out);
    assert_eq!(
        rows[0],
        ["op", "how", "aclnn", "dtype", "calls", "total", "mean", "max", "device", "h2d", "d2h"],
        "{out}"
    );
    let row = |op: &str, how: &str| -> &Vec<String> {
        rows.iter()
            .find(|r| r[0] == op && r[1] == how)
            .unwrap_or_else(|| panic!("no {op} {how} row in {out}"))
    };
    // (op, how) -> aclnn, dtype, calls; `g = a + a` ran after :profile off.
    let add = row("add", "native");
    assert_eq!(&add[2..5], ["aclnnAdd", "float32", "2"], "{out}");
    let exp = row("exp", "native");
    assert_eq!(&exp[2..5], ["aclnnExp", "float32", "1"], "{out}");
    let cast = row("astype", "native");
    assert_eq!(cast[4], "1", "{out}");
    let mul = row("multiply", "demoted");
    assert_eq!(&mul[2..5], ["aclnnMul", "float64→float32", "1"], "{out}");
    let sub = row("subtract", "host fallback");
    assert_eq!(&sub[3..5], ["float64", "1"], "{out}");
    // The host fallback copied its operands to the host and the result back.
    assert_ne!(sub[9], "0 B", "{out}");
    assert_ne!(sub[10], "0 B", "{out}");
    // Native ops have device time from events.
    assert!(add[8].ends_with('s'), "device time {:?} in {out}", add[8]);
    // Slowest total first.
    let secs = |t: &str| -> f64 {
        let (v, unit) = t.split_once(' ').unwrap();
        let scale = match unit {
            "s" => 1.0,
            "ms" => 1e-3,
            "µs" => 1e-6,
            "ns" => 1e-9,
            _ => panic!("unit {unit}"),
        };
        v.parse::<f64>().unwrap() * scale
    };
    let totals: Vec<f64> = rows[1..].iter().map(|r| secs(&r[5])).collect();
    assert!(
        totals.windows(2).all(|w| w[0] >= w[1]),
        "{totals:?} in {out}"
    );
    let calls: u64 = rows[1..].iter().map(|r| r[4].parse::<u64>().unwrap()).sum();
    assert!(out.contains(&format!("{calls} op calls in ")), "{out}");

    // :profile on again starts a fresh table.
    let o = xpush(
        &[
            "--device",
            "npu",
            "-c",
            &format!("{code}:profile on\n:profile report\n:profile\n"),
        ],
        &[("XPUSH_ACL_LIB", &sim)],
    );
    let out = stdout(&o);
    assert!(
        out.ends_with("no ops recorded yet\nprofiling is on (0 op calls in the table)\n"),
        "{out}"
    );
}

#[test]
fn profile_on_the_cpu_and_bad_arguments() {
    let code = "import numpy as np\n:profile\n:profile report\n:profile on\n\
                a = np.ones(3) + 1\n:profile report\n";
    let o = xpush(&["-c", code], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("profiling is off (0 op calls in the table)\nno profile: "),
        "{out}"
    );
    let rows = table_rows(&out);
    let add = rows.iter().find(|r| r[0] == "add").expect("an add row");
    assert_eq!(&add[1..5], ["cpu", "-", "float64", "1"], "{out}");
    assert_eq!(&add[8..], ["-", "0 B", "0 B"], "{out}");

    let o = xpush(&["-c", ":profile start"], &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("ValueError: unknown argument 'start': usage :profile [on|off|report]"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn time_lines_count_ops_and_on_the_npu_device_time_and_bytes() {
    let code = "import numpy as np\na = np.ones(4)\nb = a + a\n";
    let o = xpush(&["--time", "-c", code], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("Wall time: ") && last.ends_with(" (1 op)"),
        "{out}"
    );

    let sim = acl_sim();
    let code = "import numpy as np\na = np.ones(256, dtype=np.float32)\nb = a + a\nc = np.asnumpy(b)\n:time d = a * 2\n";
    let o = xpush(
        &["--device", "npu", "--time", "-c", code],
        &[("XPUSH_ACL_LIB", &sim)],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    let detail = |l: &str| -> Vec<String> {
        let inner = l
            .split_once(" (")
            .and_then(|(_, r)| r.strip_suffix(')'))
            .unwrap_or_else(|| panic!("no detail in {l}"));
        inner.split(", ").map(String::from).collect()
    };
    // b = a + a: one op on the device, nothing copied.
    let add = detail(lines[2]);
    assert!(add[0].starts_with("device "), "{out}");
    assert_eq!(&add[1..], ["1 op", "0 B h2d", "0 B d2h"], "{out}");
    // c = np.asnumpy(b): 1 KB back to the host.
    let back = detail(lines[3]);
    assert_eq!(&back[2..], ["0 B h2d", "1.0 KB d2h"], "{out}");
    // :time STMT reports the same way.
    let once = detail(lines[4]);
    assert!(once[0].starts_with("device "), "{out}");
    assert_eq!(once[1], "1 op", "{out}");
}

/// A loop of small-array arithmetic with Python floats (issue 3's
/// `small_loop`) takes dispatch's cheap path for cpu operands; `:profile`
/// and the `:time` op count must still see every op of it.
#[test]
fn profile_and_time_count_every_op_of_a_small_array_loop() {
    let code = "import numpy as np\n\
        x = np.ones(10)\n\
        :profile on\n\
        for i in range(250):\n    x = x * 1.0001 + 0.5\n\
        print(x[0])\n\
        :profile report\n";
    let o = xpush(&["--time", "-c", code], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let timed = out.lines().filter(|l| l.starts_with("Wall time: "));
    assert!(timed.clone().any(|l| l.ends_with(" (500 ops)")), "{out}");
    let rows = table_rows(&out);
    for op in ["multiply", "add"] {
        let row = rows
            .iter()
            .find(|r| r[0] == op)
            .unwrap_or_else(|| panic!("no {op} row in {out}"));
        assert_eq!(&row[1..5], ["cpu", "-", "float64", "250"], "{out}");
    }
    let mut want = 1.0f64;
    for _ in 0..250 {
        want = want * 1.0001 + 0.5;
    }
    assert!(
        out.lines().any(|l| l == want.to_string()),
        "{want} in {out}"
    );
}

/// A chain of elementwise arithmetic on large cpu arrays is one fused
/// pass, one `:profile` row naming its operators; on small arrays, or
/// when a value is not finite, the operators run one by one (their
/// warnings raised as NumPy raises them).
#[test]
fn profile_shows_a_fused_chain_as_one_row_with_its_operators() {
    let code = "import numpy as np\n\
        a = np.ones(40000, dtype=np.float32)\n\
        b = np.arange(40000, dtype=np.float32)\n\
        s = np.ones(10)\n\
        :profile on\n\
        d = a * 2.0 + b * 3.0 - 1.0\n\
        d = a * 2.0 + b * 3.0 - 1.0\n\
        e = s * 2.0 + 1.0\n\
        f = b / (a - 1.0) + 1.0\n\
        r = np.sqrt(a**2 + b**2)\n\
        :profile report\n";
    let (out, err, rows) = profile_calls(code);
    let calls = |op: &str| calls_of(&rows, op);
    assert_eq!(
        calls("fused(multiply, multiply, add, subtract)"),
        Some("2"),
        "{out}"
    );
    // The small chain ran unfused (multiply, add); the one dividing by
    // zero ran fused, then unfused for its warnings.
    assert_eq!(calls("fused(subtract, divide, add)"), Some("1"), "{out}");
    assert_eq!(calls("multiply"), Some("1"), "{out}");
    assert_eq!(calls("add"), Some("2"), "{out}");
    assert_eq!(calls("subtract"), Some("1"), "{out}");
    assert_eq!(calls("divide"), Some("1"), "{out}");
    assert!(err.contains("RuntimeWarning: divide by zero encountered in divide"));
}

/// `np.where` of a comparison is part of a chain: one row with the
/// comparison and `where` among its operators. With two Python numbers to
/// choose from (a float64 result whatever the mask's arrays) it is not.
#[test]
fn profile_shows_a_where_chain_as_one_row() {
    let code = "import numpy as np\n\
        m = np.linspace(-1, 1, 40000, dtype=np.float32)\n\
        :profile on\n\
        d = np.where(m > 0, m, 0.1 * m)\n\
        e = np.where(m > 0, 1.0, 0.0) * 2.0\n\
        :profile report\n";
    let (out, _, rows) = profile_calls(code);
    let calls = |op: &str| calls_of(&rows, op);
    assert_eq!(calls("fused(greater, multiply, where)"), Some("1"), "{out}");
    assert_eq!(calls("where"), Some("1"), "{out}");
    assert_eq!(calls("greater"), Some("1"), "{out}");
}

/// On the npu a chain of any size is one row naming the launches it made,
/// aclnn's fused ops among them; a chain with no fused form stays one row
/// per operator.
#[test]
fn profile_shows_an_npu_chain_as_one_row_with_its_launches() {
    let sim = acl_sim();
    let code = "import numpy as np\n\
        a = np.arange(10, dtype=np.float32)\n\
        b = np.ones(10, dtype=np.float32)\n\
        :profile on\n\
        d = a * 2.0 + b * 3.0 - 1.0\n\
        e = b - a / (b + 1.0)\n\
        f = (a - b) * 2.0\n\
        print(d, e, f)\n\
        :profile report\n";
    let o = xpush(&["--device", "npu", "-c", code], &[("XPUSH_ACL_LIB", &sim)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    // NumPy's output (python3, NumPy 2.4): the launches compute the
    // expressions' own rounding.
    assert!(
        out.starts_with(
            "[ 2.  4.  6.  8. 10. 12. 14. 16. 18. 20.] \
             [ 1.   0.5  0.  -0.5 -1.  -1.5 -2.  -2.5 -3.  -3.5] \
             [-2.  0.  2.  4.  6.  8. 10. 12. 14. 16.]"
        ),
        "{out}"
    );
    let rows = table_rows(&out);
    let row = |op: &str| rows.iter().find(|r| r[0] == op).cloned();
    let d = row("fused(multiply, multiply, add, subtract)").expect(&out);
    assert_eq!(
        &d[1..3],
        ["native", "aclnnMuls+aclnnAdd+aclnnSubs"],
        "{out}"
    );
    let e = row("fused(add, divide, subtract)").expect(&out);
    assert_eq!(&e[1..3], ["native", "aclnnAdds+aclnnAddcdiv"], "{out}");
    // (a - b) * 2.0 has no fused form: its operators are rows of their own.
    assert!(row("fused(subtract, multiply)").is_none(), "{out}");
    assert!(
        row("subtract").is_some() && row("multiply").is_some(),
        "{out}"
    );
}
