//! Issue 28 at the language level: `np.tri`, `tril_indices`/`triu_indices`,
//! `diag_indices`, sorting, order statistics, sets, `argwhere` and
//! `searchsorted` of an npu session (acl-sim) print NumPy's values, and
//! `:profile` shows the aclnn ops they ran natively.

mod common;

use common::{acl_sim, stderr, stdout, xpush};

#[test]
fn sorting_sets_and_searches_run_their_aclnn_ops() {
    let sim = acl_sim();
    let code = "import numpy as np\n\
        :profile on\n\
        t = np.tri(3, 4, k=1, dtype=np.int32)\n\
        print(t.tolist())\n\
        x = np.array([3., 1., 4., 1., 5., 9., 2., 6.], dtype=np.float32)\n\
        print(np.median(x), np.sort(x).tolist(), np.argsort(x, kind='stable').tolist())\n\
        u = np.array([3, 1, 4, 1, 5], dtype=np.int64)\n\
        print(np.unique(u).tolist(), np.argwhere(u > 2).tolist(), np.searchsorted(np.sort(u), [2, 5]).tolist())\n\
        print([a.tolist() for a in np.triu_indices(3, 1)], [a.tolist() for a in np.tril_indices(2, 0, 3)], np.diag_indices(2)[0].tolist())\n\
        :profile off\n\
        :profile report\n";
    let o = xpush(&["--device", "npu", "-c", code], &[("XPUSH_ACL_LIB", &sim)]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{}\n{out}", stderr(&o));
    // python3 with NumPy prints the same four lines.
    let want = "[[1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1]]\n\
        3.5 [1.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 9.0] [1, 3, 6, 0, 2, 4, 7, 5]\n\
        [1, 3, 4, 5] [[0], [2], [4]] [2, 4]\n\
        [[0, 0, 1], [1, 2, 2]] [[0, 1, 1], [0, 0, 1]] [0, 1]\n";
    assert!(out.starts_with(want), "{out}");
    // Each op in the profile, run natively (`│ op ┆ native ┆ aclnn ┆ ...`).
    for aclnn in [
        "aclnnInplaceOne",
        "aclnnTril",
        "aclnnTriu",
        "aclnnArange",
        "aclnnSort",
        "aclnnNonzero",
        "aclnnSearchSorted",
    ] {
        assert!(
            out.lines()
                .any(|l| l.contains(aclnn) && l.contains("native")),
            "{aclnn} did not run natively:\n{out}"
        );
    }
}
