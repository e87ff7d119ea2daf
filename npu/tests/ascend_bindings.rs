#![allow(clippy::print_stderr)] // a benchmark and a skip notice report on stderr
//! The committed `sys.rs` equals what `scripts/gen-bindings.sh` produces,
//! where libclang and bindgen are installed (skipped with a message
//! otherwise; the script installs them when run by hand).

use std::path::Path;
use std::process::Command;

#[test]
fn committed_bindings_are_up_to_date() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let out = Command::new("bash")
        .arg(root.join("scripts/gen-bindings.sh"))
        .arg("--stdout")
        .env("XPUSH_NO_INSTALL", "1")
        .output();
    let out = match out {
        Ok(o) if o.status.code() == Some(2) => {
            eprintln!(
                "skipped: {} (run scripts/gen-bindings.sh to install libclang and bindgen)",
                String::from_utf8_lossy(&o.stderr).trim()
            );
            return;
        }
        Ok(o) => o,
        Err(e) => {
            eprintln!("skipped: cannot run bash: {e}");
            return;
        }
    };
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let committed = std::fs::read_to_string(root.join("npu/cann/src/sys.rs")).unwrap();
    assert!(
        String::from_utf8_lossy(&out.stdout) == committed,
        "npu/cann/src/sys.rs is stale: run scripts/gen-bindings.sh"
    );
}

#[test]
fn every_op_typedef_is_in_the_loader_table() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sys = std::fs::read_to_string(root.join("cann/src/sys.rs")).unwrap();
    let typedefs: Vec<&str> = sys
        .lines()
        .filter_map(|l| l.strip_prefix("pub type aclnn"))
        .filter_map(|l| {
            l.split("GetWorkspaceSize_t")
                .next()
                .filter(|_| l.contains("GetWorkspaceSize_t"))
        })
        .collect();
    let mut table: Vec<String> = xpush_npu::ascend::loader::ACLNN_OPS
        .iter()
        .map(|s| s.trim_start_matches("aclnn").to_string())
        .collect();
    let mut typedefs: Vec<String> = typedefs.iter().map(|s| s.to_string()).collect();
    table.sort();
    typedefs.sort();
    assert_eq!(table, typedefs);
}
