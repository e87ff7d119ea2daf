//! The npu launch path seen from a session on acl-sim (`--device
//! npu-sim`): the executor cache skips phase 1 for repeated calls (the
//! simulator counts its phase-1 calls), `:device cache` and `:profile
//! report` show it, and switching it off plans every call again.

mod common;

use std::io::Write;
use std::process::{Output, Stdio};

/// `xpush --device npu-sim [ARGS] FILE` with acl-sim's per-op counts on
/// stderr.
fn run_with(args: &[&str], script: &str, env: &[(&str, &str)]) -> Output {
    let dir = std::env::temp_dir().join(format!("xpush-npu-launch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = dir.join(format!("s{n}.py"));
    std::fs::write(&path, script).expect("script");
    let mut all = vec!["--device", "npu-sim"];
    all.extend_from_slice(args);
    all.push(path.to_str().expect("utf-8 path"));
    let mut env = env.to_vec();
    env.push(("XPUSH_ACL_SIM_STATS", "1"));
    common::xpush(&all, &env)
}

static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn run(script: &str, env: &[(&str, &str)]) -> Output {
    run_with(&[], script, env)
}

/// acl-sim's `(phase-1 calls, kernel runs)` of `op`, from its report.
fn sim_counts(stderr: &str, op: &str) -> (u64, u64) {
    let line = stderr
        .lines()
        .find(|l| l.starts_with(&format!("acl-sim: {op}: ")))
        .unwrap_or_else(|| panic!("no acl-sim line for {op} in:\n{stderr}"));
    // `acl-sim: aclnnMuls: 1 phase 1, 500 runs`
    let rest = &line[format!("acl-sim: {op}: ").len()..];
    let (plans, runs) = rest.split_once(" phase 1, ").expect("acl-sim's format");
    let runs = runs.strip_suffix(" runs").expect("acl-sim's format");
    (plans.parse().unwrap(), runs.parse().unwrap())
}

const LOOP: &str = "import numpy as np
x = np.ones(1000, dtype=np.float32)
:profile on
for i in range(500):
    x = x * 1.0001 + 0.5

print(x[:2])
:profile report
:device cache
";

#[test]
fn a_loop_of_small_ops_plans_each_op_once() {
    let o = run(LOOP, &[]);
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    // NumPy: x_{n+1} = 1.0001 x_n + 0.5 in float32 from ones, 500 times.
    assert!(out.contains("[257.39468 257.39468]"), "{out}");
    assert_eq!(sim_counts(&err, "aclnnMuls"), (1, 500));
    assert_eq!(sim_counts(&err, "aclnnAdds"), (1, 500));
    assert!(
        out.contains("executor cache: 998 of 1000 aclnn calls skipped phase 1 (aclnnAdds 499/500, aclnnMuls 499/500)"),
        "{out}"
    );
    // The two of the loop and np.ones's fill (made on the device).
    assert!(
        out.contains("npu:0 executor cache: on\nkept: 3 of 256 executors\n"),
        "{out}"
    );
    assert!(
        out.contains("(998 hits, 2 misses: phase 1 skipped for 99.8%)"),
        "{out}"
    );
}

#[test]
fn switched_off_every_call_runs_phase_1() {
    let script = format!(":device cache off\n{LOOP}");
    let o = run(&script, &[]);
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert!(out.contains("[257.39468 257.39468]"), "{out}");
    assert_eq!(sim_counts(&err, "aclnnMuls"), (500, 500), "{out}");
    assert!(
        out.contains("executor cache: off (every aclnn call ran phase 1)"),
        "{out}"
    );
    assert!(
        out.contains("npu:0 executor cache: off (:device cache on)\n"),
        "{out}"
    );
    // The environment switch does the same from the start.
    let o = run(LOOP, &[("XPUSH_NPU_EXEC_CACHE", "0")]);
    assert_eq!(sim_counts(&common::stderr(&o), "aclnnAdds"), (500, 500));
}

#[test]
fn device_cache_arguments_are_checked() {
    let o = run(":device cache sometimes\n", &[]);
    let err = common::stderr(&o);
    assert_ne!(o.status.code(), Some(0));
    assert!(
        err.contains(
            "ValueError: unknown argument 'sometimes': usage :device cache [on|off|clear]"
        ),
        "{err}"
    );
}

/// A kernel that fails on the device (acl-sim's `OP:fail` fault) does not
/// fail its statement, which only queued it: the next read synchronizes,
/// and raises naming the op and what was queued.
#[test]
fn an_asynchronous_kernel_error_surfaces_at_the_next_read() {
    let script = "import numpy as np
x = np.ones(4, dtype=np.float32)
y = x + 1.0
z = y * 2
print('queued')
print(z)
print('not reached')
";
    let o = run(script, &[("XPUSH_ACL_SIM_FAULT", "aclnnAdds:fail")]);
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert_eq!(o.status.code(), Some(1), "{out}\n{err}");
    assert!(out.starts_with("queued\n"), "{out}");
    assert!(!out.contains("not reached"), "{out}");
    assert!(err.contains("line 6, in <module>\n    print(z)\n"), "{err}");
    assert!(
        err.contains("RuntimeError: aclrtSynchronizeStream failed: ACL_ERROR_RT_AICORE_EXCEPTION (507015): [acl-sim] a queued task failed: aclnnAdds: injected failure (XPUSH_ACL_SIM_FAULT) (queued since the last synchronize: aclnnInplaceOne, aclnnAdds, aclnnMuls)"),
        "{err}"
    );
}

/// A call the facts do not list that phase 1 refuses all the same runs
/// on the host with one notice naming CANN's error, and NumPy's values.
#[test]
fn a_phase1_refusal_runs_on_the_host_with_a_notice() {
    let script = "import numpy as np
x = np.arange(4, dtype=np.float32)
print(x + 1.0)
print(x + 2.0)
";
    let o = run(script, &[("XPUSH_ACL_SIM_FAULT", "aclnnAdds:plan")]);
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert_eq!(out, "[1. 2. 3. 4.]\n[2. 3. 4. 5.]\n");
    let notices: Vec<&str> = err.lines().filter(|l| l.starts_with("npu: ")).collect();
    assert_eq!(
        notices,
        ["npu: aclnnAddsGetWorkspaceSize failed: ACLNN_ERR_PARAM_INVALID (161002): [acl-sim] aclnnAdds: refused (XPUSH_ACL_SIM_FAULT=aclnnAdds:plan); np.add of float32 ran on the host"],
        "{err}"
    );
}

const READS: &str = "import numpy as np
x = np.arange(1000, dtype=np.float32)
y = x * 2
print(y[:3])
f = float(y.sum())
z = np.cbrt(y[:4])
s = y + 1
";

/// `--sync-debug` names each statement's implicit synchronizes on stderr:
/// printing, a Python scalar, a host fallback; queued ops alone are not.
#[test]
fn sync_warn_names_what_read_the_device() {
    let o = run_with(&["--sync-debug"], READS, &[]);
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert_eq!(out, "[0. 2. 4.]\n");
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("sync: ")).collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(
        lines[0].starts_with("sync: printing synchronized and copied 3.91 KiB to the host ("),
        "{err}"
    );
    assert!(
        lines[1].starts_with("sync: a Python scalar (float(), int(), bool(), if, item()) synchronized and copied 4 bytes to the host ("),
        "{err}"
    );
    assert!(
        lines[2].starts_with(
            "sync: a host fallback of np.cbrt synchronized and copied 3.91 KiB to the host ("
        ),
        "{err}"
    );
    // Scripts are quiet unless asked.
    let o = run(READS, &[]);
    assert!(
        !common::stderr(&o).contains("sync: "),
        "{}",
        common::stderr(&o)
    );
}

/// `:sync error` refuses the read before it happens, naming it.
#[test]
fn sync_error_raises_at_the_read() {
    let script = "import numpy as np
y = np.arange(10, dtype=np.float32) * 2
:sync error
z = y + 1
print('queued fine')
g = float(z[1])
";
    let o = run(script, &[]);
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert_eq!(o.status.code(), Some(1), "{out}\n{err}");
    assert!(out.contains("queued fine\n"), "{out}");
    assert!(
        err.contains("line 6, in <module>\n    g = float(z[1])\n"),
        "{err}"
    );
    assert!(
        err.contains("RuntimeError: a Python scalar (float(), int(), bool(), if, item()) reads npu:0 data on the host (a synchronize and a copy of 40 bytes): refused under :sync error (:sync warn or :sync off allow it)"),
        "{err}"
    );
    let o = run_with(&["--sync-debug=sometimes"], "1\n", &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        common::stderr(&o)
            .contains("unknown sync mode 'sometimes' (expected 'off', 'warn' or 'error')"),
        "{}",
        common::stderr(&o)
    );
}

/// The shell names implicit synchronizes by default (`:sync warn`), and
/// `:sync off` quiets it.
#[test]
fn the_shell_warns_by_default() {
    let mut child = common::command(&["--device", "npu-sim"], &[])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xpush starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"import numpy as np\ny = np.ones(3, dtype=np.float32) * 2\nfloat(y[0])\n:sync\n:sync off\nfloat(y[1])\n")
        .expect("input");
    let o = child.wait_with_output().expect("xpush ends");
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert!(out.contains("2.0\n>>> sync diagnostics warn: "), "{out}");
    let warned: Vec<&str> = err.lines().filter(|l| l.starts_with("sync: ")).collect();
    assert_eq!(warned.len(), 1, "only before :sync off:\n{err}");
    assert!(warned[0].starts_with("sync: a Python scalar"), "{err}");
}

/// A call the kernel facts list as failing runs on the host with one
/// notice on stderr (once, not per call), with NumPy's values; a row
/// asking for contiguous inputs gets a device copy of a transposed view
/// first (acl-sim refuses the view as the listed SoC would).
#[test]
fn known_failures_run_elsewhere_with_a_notice() {
    let dir = std::env::temp_dir().join(format!("xpush-npu-launch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let facts = dir.join("facts.md");
    std::fs::write(
        &facts,
        "| op | dtypes | soc | cann | when | status | action | source |
|---|---|---|---|---|---|---|---|
| aclnnMul | float32 | Ascend910B* | =9.0.0 | any | 161002 | host | tests/npu_launch.rs |
| aclnnAdd | * | * | * | non-contiguous | 561103 | contiguous | tests/npu_launch.rs |
| aclnnAdds | float32 | * | * | any | 161002 | host | tests/npu_launch.rs |
",
    )
    .expect("facts");
    let script = "import numpy as np
x = np.arange(4, dtype=np.float32)
print(x * x)
print(x * x)
a = np.arange(6, dtype=np.float32).reshape(2, 3)
print(a.T + a.T)
print(x + 1.0)
";
    let o = run(
        script,
        &[("XPUSH_KERNEL_FACTS", facts.to_str().expect("utf-8"))],
    );
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert_eq!(
        out,
        "[0. 1. 4. 9.]\n[0. 1. 4. 9.]\n[[ 0.  6.]\n [ 2.  8.]\n [ 4. 10.]]\n[1. 2. 3. 4.]\n"
    );
    let notices: Vec<&str> = err.lines().filter(|l| l.starts_with("npu: ")).collect();
    assert_eq!(
        notices,
        [
            "npu: a known failure, ran on the host: aclnnMul of float32 fails with 161002 on Ascend910B* with CANN =9.0.0 (tests/npu_launch.rs)",
            // The scalar form the call takes is what the policy checks.
            "npu: a known failure, ran on the host: aclnnAdds of float32 fails with 161002 on * with CANN * (tests/npu_launch.rs)",
        ],
        "{err}"
    );
    for op in ["aclnnMul", "aclnnAdds"] {
        assert!(
            err.lines()
                .all(|l| !l.starts_with(&format!("acl-sim: {op}:"))),
            "{op} not called: {err}"
        );
    }
    assert_eq!(sim_counts(&err, "aclnnAdd"), (1, 1), "{err}");
    // Two transposed operands, copied first.
    assert_eq!(sim_counts(&err, "aclnnInplaceCopy").1, 2, "{err}");
}

/// `:timeit --graph` captures the statement's npu ops once, checks a
/// replay against an eager run, and times replays: the simulator runs
/// each kernel once per replay and plans it once; what a capture refuses
/// is said, and the session keeps the eager run's values.
#[test]
fn timeit_graph_times_replays_of_a_checked_capture() {
    let script = "import numpy as np
x = np.ones(1000, dtype=np.float32)
:timeit --graph -n 10 -r 2 y = x * 1.0001 + 0.5
print(y[:2])
";
    let o = run(script, &[]);
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].ends_with(" per loop (mean ± std. dev. of 2 runs, 10 loops each) [graph replay: 2 aclnn launches recorded once, checked against an eager run]"),
        "{out}"
    );
    assert_eq!(lines[1], "[1.5001 1.5001]");
    // Captured (not run), replayed once for the check, run eagerly once,
    // then 2 x 10 timed replays; planned once (the executor cache).
    assert_eq!(sim_counts(&err, "aclnnMuls"), (1, 22), "{err}");

    for (stmt, msg) in [
        ("print(x)", "RuntimeError: no graph to time: it cannot be captured (aclrtSynchronizeStream failed: ACL_ERROR_RT_FEATURE_NOT_SUPPORT (207000): [acl-sim] the stream is being captured"),
        ("z = 2 + 2", "RuntimeError: no graph to time: it launches no npu op"),
    ] {
        let o = run(&format!("import numpy as np\nx = np.ones(3, dtype=np.float32)\n:timeit --graph {stmt}\n"), &[]);
        let err = common::stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(err.contains(msg), "{err}");
    }
    let o = common::xpush(&["-c", ":timeit --graph y = 1"], &[]);
    assert!(
        common::stderr(&o).contains(
            "RuntimeError: :timeit --graph needs an npu session (:device npu or :device npu-sim)"
        ),
        "{}",
        common::stderr(&o)
    );
}

/// A facts file of one's own that cannot be read is said once, not
/// ignored; the op still runs.
#[test]
fn a_broken_facts_file_is_named() {
    let dir = std::env::temp_dir().join(format!("xpush-npu-launch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let facts = dir.join("broken-facts.md");
    std::fs::write(
        &facts,
        "| op | dtypes | soc | cann | when | status | action | source |\n|---|---|---|---|---|---|---|---|\n| aclnnMul | float32 | * | * | always | 1 | host | x/y |\n",
    )
    .expect("facts");
    let script =
        "import numpy as np\nx = np.arange(3, dtype=np.float32)\nprint(x * x)\nprint(x * x)\n";
    let o = run(
        script,
        &[("XPUSH_KERNEL_FACTS", facts.to_str().expect("utf-8"))],
    );
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert_eq!(out, "[0. 1. 4.]\n[0. 1. 4.]\n");
    let notices: Vec<&str> = err.lines().filter(|l| l.starts_with("npu: ")).collect();
    assert_eq!(notices.len(), 1, "{err}");
    assert!(
        notices[0].ends_with(
            "broken-facts.md: line 3: unknown condition 'always'; its rows are not used"
        ),
        "{err}"
    );
}

/// `:graph STMT` captures once, checks the first replay against an eager
/// run, and replays later runs: a loop of replays gives the eager loop's
/// values, the simulator plans once and runs each kernel once per replay.
#[test]
fn graph_replays_a_statement_with_the_eager_values() {
    let script = "import numpy as np
x = np.ones(1000, dtype=np.float32)
:graph x = x * 1.0001 + 0.5
:graph x = x * 1.0001 + 0.5
:graph x = x * 1.0001 + 0.5
:graph x = x * 1.0001 + 0.5
e = np.ones(1000, dtype=np.float32)
for _ in range(4):
    e = e * 1.0001 + 0.5
print(np.array_equal(x, e), x.dtype, x.shape)
:graph
";
    let o = run(script, &[]);
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "True float32 (1000,)", "{out}");
    assert_eq!(
        &lines[1..],
        [
            "1 graph kept (at most 16, least recently run out first):",
            "  x = x * 1.0001 + 0.5",
            "    2 aclnn launches, 1 array copied in, 1 out; replayed 3 times",
        ],
        "{out}"
    );
    // Said once, when captured.
    assert_eq!(
        err.matches("graph: captured 2 aclnn launches").count(),
        1,
        "{err}"
    );
    // The check's replay, the eager run, 3 replays, 4 eager loop steps;
    // the capture ran nothing. One plan (the executor cache).
    assert_eq!(sim_counts(&err, "aclnnMuls"), (1, 9), "{err}");
}

/// What a replay must keep of NumPy's semantics: an in-place update
/// reaches every view of the array; a result kept from an earlier run is
/// not overwritten by the next replay; a changed value or shape read by
/// the statement (also through a function it calls) captures again.
#[test]
fn graph_replays_keep_numpy_semantics() {
    let script = "import numpy as np
x = np.arange(6, dtype=np.float32)
v = x[:2]
:graph x += 1
:graph x += 1
print(x, v)
a = 2.0
:graph y = x * a
old = y
x[0] = 100
:graph y = x * a
print(old, y)
a = 3.0
:graph y = x * a
print(y)
x = np.arange(3, dtype=np.float32)
:graph y = x * a
print(y)
w = 10
def f(t):
    return t * w
:graph q = f(x)
:graph q = f(x)
w = 20
:graph q = f(x)
print(q)
";
    let o = run(script, &[]);
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "[2. 3. 4. 5. 6. 7.] [2. 3.]",
            "[ 4.  6.  8. 10. 12. 14.] [200.   6.   8.  10.  12.  14.]",
            "[300.   9.  12.  15.  18.  21.]",
            "[0. 3. 6.]",
            "[ 0. 20. 40.]",
        ],
        "{err}"
    );
    for changed in ["'a'", "'x'", "'w'"] {
        assert!(
            err.contains(&format!(
                "graph: captured again: {changed} is not what it was"
            )),
            "{changed}: {err}"
        );
    }
}

/// A statement that cannot be captured runs eagerly with a one-line
/// notice (once), a statement that raises raises as it would, and
/// `:graph clear` forgets the graphs; outside an npu session `:graph` is
/// an error.
#[test]
fn graph_runs_eagerly_what_it_cannot_replay() {
    let script = "import numpy as np
x = np.ones(2, dtype=np.float32)
:graph print(x + 1)
:graph print(x + 1)
:graph n = [x * 2]
print(type(n).__name__)
:graph clear
:graph
:graph y = x + nope
";
    let o = run(script, &[]);
    let (out, err) = (common::stdout(&o), common::stderr(&o));
    assert_eq!(o.status.code(), Some(1), "{out}\n{err}");
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "[2. 2.]",
            "[2. 2.]",
            "list",
            "no graphs kept (:graph STMT captures one)"
        ],
        "{err}"
    );
    assert_eq!(
        err.matches("graph: not replayed: it cannot be captured (aclrtSynchronizeStream failed")
            .count(),
        1,
        "{err}"
    );
    assert!(err.contains("graph: not replayed: it binds 'n' to a list (a replay binds arrays and numbers); running eagerly"), "{err}");
    assert!(
        err.contains("NameError: name 'nope' is not defined"),
        "{err}"
    );
    let o = common::xpush(&["-c", ":graph y = 1"], &[]);
    assert!(
        common::stderr(&o)
            .contains("RuntimeError: :graph needs an npu session (:device npu or :device npu-sim)"),
        "{}",
        common::stderr(&o)
    );
}
