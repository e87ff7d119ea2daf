//! Issue 20 on the npu: string arrays are host arrays. In an npu session
//! (acl-sim) they print NumPy's values, `:vars` shows them on the cpu,
//! `:profile` shows their operations as host calls of dtype `str`, and a
//! numeric result (a comparison's bools) lives on the session device.

mod common;

use common::{acl_sim, stderr, stdout, xpush};

#[test]
fn string_arrays_stay_on_the_host_and_say_so() {
    let sim = acl_sim();
    let code = "import numpy as np\n\
        a = np.array(['pear', 'fig', 'pear'])\n\
        :profile on\n\
        u = np.unique(a)\n\
        m = a == 'pear'\n\
        print(repr(u), repr(m), m.device)\n\
        :profile off\n\
        :profile report\n\
        :vars\n";
    let o = xpush(&["--device", "npu", "-c", code], &[("XPUSH_ACL_LIB", &sim)]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{}\n{out}", stderr(&o));
    // python3 with NumPy prints the same values (its device is the cpu).
    assert!(
        out.starts_with("array(['fig', 'pear'], dtype='<U4') array([ True, False,  True]) npu:0\n"),
        "{out}"
    );
    for op in ["unique", "equal"] {
        assert!(
            out.lines().any(|l| l.contains(&format!("│ {op} "))
                && l.contains("host fallback")
                && l.contains(" str ")),
            "{op} is not a host call on str:\n{out}"
        );
    }
    assert!(
        out.lines()
            .any(|l| l.contains("│ a ") && l.contains("<U4") && l.contains("cpu")),
        "{out}"
    );
}
