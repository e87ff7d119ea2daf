//! The loader's candidates and its message when nothing is found.

use std::ffi::OsString;

use xpush_npu::ascend::{library_candidates, AclErrorKind, AclLibrary, Candidate};

#[test]
fn candidates_in_order() {
    let env = |k: &str| (k == "XPUSH_ACL_LIB").then(|| OsString::from("/opt/sim.so"));
    let c = library_candidates(&env);
    assert_eq!(c[0], Candidate::Single("/opt/sim.so".into()));
    match &c[1] {
        Candidate::Cann { runtime, meta, ops } => {
            assert_eq!(runtime.to_str(), Some("libascendcl.so"));
            assert_eq!(meta.to_str(), Some("libnnopbase.so"));
            assert_eq!(ops[0], vec![std::path::PathBuf::from("libopapi.so")]);
            assert!(ops[1].iter().any(|p| p.ends_with("libaclnn_ops_infer.so")));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn per_repo_op_libraries_come_first() {
    let dir = std::env::temp_dir().join(format!("xpush-cann-{}", std::process::id()));
    let lib64 = dir.join("lib64");
    std::fs::create_dir_all(&lib64).unwrap();
    for n in [
        "libopapi_nn.so",
        "libopapi_math.so",
        "libopapi_extra.so",
        "libopapi.so",
    ] {
        std::fs::write(lib64.join(n), b"").unwrap();
    }
    let env = |k: &str| (k == "ASCEND_HOME_PATH").then(|| dir.clone().into_os_string());
    let c = library_candidates(&env);
    let Candidate::Cann { ops, .. } = &c[0] else {
        panic!("{c:?}")
    };
    let names: Vec<_> = ops[0]
        .iter()
        .map(|p| p.file_name().unwrap().to_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["libopapi_math.so", "libopapi_nn.so", "libopapi_extra.so"]
    );
    assert_eq!(ops[1], vec![lib64.join("libopapi.so")]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn nothing_found_lists_what_was_tried() {
    let env =
        |k: &str| (k == "XPUSH_ACL_LIB").then(|| OsString::from("/nonexistent/libnothing.so"));
    let err = AclLibrary::load_from(&library_candidates(&env)).unwrap_err();
    assert_eq!(err.kind(), AclErrorKind::NotFound);
    let msg = err.to_string();
    assert!(
        msg.contains("XPUSH_ACL_LIB=/nonexistent/libnothing.so: "),
        "{msg}"
    );
    assert!(
        msg.contains("libascendcl.so + libnnopbase.so + ops from [libopapi.so, else "),
        "{msg}"
    );
    assert!(msg.contains("source CANN's set_env.sh"), "{msg}");
    let py = xpush_npu::Error::from(err);
    assert_eq!(py.kind(), xpush_npu::ExcKind::RuntimeError);
}
