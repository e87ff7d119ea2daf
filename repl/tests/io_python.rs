//! File I/O through the language against python3 + numpy, both ways:
//! files an xpush script writes (`np.save`, `np.savez`,
//! `np.savez_compressed`, `np.savetxt`) load in numpy with the values
//! numpy computes itself, and files numpy writes load in xpush with the
//! output python3 prints for the same reader script. (`npu/tests/io_numpy.rs`
//! checks the formats at the library level; this checks the bindings.)
//! Skipped with a message when python3 with numpy is absent.

#![allow(clippy::print_stderr)] // the skip notice

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xpush_io_python_{}_{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn python_numpy() -> bool {
    Command::new("python3")
        .args(["-c", "import numpy"])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn run(program: &str, args: &[&str], dir: &Path) -> Output {
    Command::new(program)
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"))
}

fn check(o: &Output, what: &str) -> String {
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        o.status.success(),
        "{what} failed:\nstdout:\n{out}\nstderr:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

fn xpush(code: &str, dir: &Path) -> String {
    check(
        &run(env!("CARGO_BIN_EXE_xpush"), &["-c", code], dir),
        "xpush",
    )
}

fn python(code: &str, dir: &Path) -> String {
    check(&run("python3", &["-c", code], dir), "python3")
}

/// What the writer script saves; numpy recomputes the same values (the
/// random streams are NumPy's bit for bit).
const WRITER: &str = r#"
import numpy as np
rng = np.random.default_rng(7)
a = rng.standard_normal((3, 4))
np.save('a.npy', a)
np.save('i16', np.arange(10, dtype=np.int16).reshape(2, 5))
np.save('c64.npy', np.array([1 + 2j, 3 - 4j], dtype=np.complex64))
np.save('b.npy', np.array([[True, False, True]]))
np.save('t.npy', np.arange(6.0).reshape(2, 3).T)
np.savez('z.npz', np.arange(3), k=np.array([1.5, -2.5]))
np.savez_compressed('zc.npz', x=np.eye(3, dtype=np.float32), y=np.arange(100) % 7)
np.savetxt('t.txt', np.arange(6).reshape(2, 3) / 4, fmt='%.3f', delimiter=',', header='h')
np.savetxt('full.txt', a)
"#;

const CHECKER: &str = r#"
import numpy as np
rng = np.random.default_rng(7)
a = rng.standard_normal((3, 4))
def same(x, y):
    assert x.dtype == y.dtype and x.shape == y.shape and np.array_equal(x, y), (x, y)
same(np.load('a.npy'), a)
same(np.load('i16.npy'), np.arange(10, dtype=np.int16).reshape(2, 5))
same(np.load('c64.npy'), np.array([1 + 2j, 3 - 4j], dtype=np.complex64))
same(np.load('b.npy'), np.array([[True, False, True]]))
same(np.load('t.npy'), np.arange(6.0).reshape(2, 3).T.copy())
z = np.load('z.npz')
assert z.files == ['k', 'arr_0'], z.files
same(z['arr_0'], np.arange(3))
same(z['k'], np.array([1.5, -2.5]))
zc = np.load('zc.npz')
same(zc['x'], np.eye(3, dtype=np.float32))
same(zc['y'], np.arange(100) % 7)
text = open('t.txt').read()
assert text == '# h\n0.000,0.250,0.500\n0.750,1.000,1.250\n', repr(text)
same(np.loadtxt('full.txt'), a)
with open('a.npy', 'rb') as f:
    ours = f.read()
np.save('ref.npy', a)
with open('ref.npy', 'rb') as f:
    assert f.read() == ours
print('ok')
"#;

#[test]
fn files_xpush_writes_load_in_numpy() {
    if !python_numpy() {
        eprintln!("skipping: python3 with numpy is not available");
        return;
    }
    let dir = scratch("write");
    xpush(WRITER, &dir);
    assert_eq!(python(CHECKER, &dir), "ok\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Written by numpy.
const NUMPY_WRITER: &str = r#"
import numpy as np
np.save('f32.npy', np.array([[0.1, 0.2], [1e-8, 3e20]], dtype=np.float32))
np.save('u64.npy', np.array([0, 2**64 - 1], dtype=np.uint64))
np.save('f16.npy', np.array([0.5, -1.25, 65504], dtype=np.float16))
np.save('c128.npy', np.array([1j, -2.5 + 0.5j]))
np.save('scalar.npy', np.array(7, dtype=np.int8))
np.save('fortran.npy', np.asfortranarray(np.arange(6).reshape(2, 3)))
np.save('big_endian.npy', np.arange(4, dtype='>i4'))
np.savez('z.npz', first=np.arange(4), second=np.ones((2, 2), dtype=np.float32))
np.savez_compressed('zc.npz', np.linspace(0, 1, 5))
np.savetxt('t.txt', np.array([[1.5, -2.0], [3.25, 4.0]]), delimiter=';', header='a;b')
with open('g.txt', 'w') as f:
    f.write('1,2,3\n4,,6\n7,8,x\n')
"#;

/// Runs under python3 and under xpush; the outputs must be equal.
const READER: &str = r#"
import numpy as np
for name in ['f32', 'u64', 'f16', 'c128', 'scalar', 'fortran', 'big_endian']:
    x = np.load(name + '.npy')
    # xpush keeps arrays in native byte order: compare dtype names.
    print(name, x.dtype.name, x.shape)
    print(repr(x.astype(x.dtype.name)))
z = np.load('z.npz')
print(z.files)
print(repr(z['first']), repr(z['second']))
zc = np.load('zc.npz')
print(zc.files, repr(zc['arr_0']))
print(repr(np.loadtxt('t.txt', delimiter=';')))
print(repr(np.genfromtxt('g.txt', delimiter=',')))
"#;

#[test]
fn files_numpy_writes_load_in_xpush() {
    if !python_numpy() {
        eprintln!("skipping: python3 with numpy is not available");
        return;
    }
    let dir = scratch("read");
    python(NUMPY_WRITER, &dir);
    let want = python(READER, &dir);
    let got = xpush(READER, &dir);
    assert_eq!(got, want);
    let _ = std::fs::remove_dir_all(&dir);
}
