//! `npu::io` against NumPy, both ways: files NumPy wrote
//! (`tests/gen_io.py` -> `tests/data/io/`) load with exact values, and files
//! written here load in python3 + numpy with exact values (skipped with a
//! message when python3/numpy are absent).

use std::path::{Path, PathBuf};
use std::process::Command;

use num_complex::{Complex32, Complex64};
use xpush_npu::io::{self, GenFromTxt, LoadTxt, Loaded, SaveTxt};
use xpush_npu::{Array, DType, ExcKind};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/io")
        .join(name)
}

/// The C-order little-endian bytes of `a` as hex (the data part of a
/// `.npy` image written by `npy_bytes`, whose header ends in `\n`).
fn le_hex(a: &Array) -> String {
    let bytes = io::npy_bytes(a).unwrap();
    let h = io::npy::npy_header(a.dtype(), a.shape()).unwrap();
    bytes[h.len()..]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn shape_str(a: &Array) -> String {
    if a.shape().is_empty() {
        "()".into()
    } else {
        a.shape()
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join("x")
    }
}

fn load_case(name: &str) -> Array {
    let (file, variant) = name.split_once(':').unwrap_or((name, ""));
    if let Some((zipname, member)) = file.split_once('/') {
        return match io::load(data(zipname)).unwrap() {
            Loaded::Npz(z) => z.get(member).unwrap().clone(),
            Loaded::Array(_) => panic!("{zipname} is not an npz"),
        };
    }
    let lt = |f: &dyn Fn(&mut LoadTxt)| {
        let mut o = LoadTxt::default();
        f(&mut o);
        io::loadtxt(data(file), &o).unwrap()
    };
    match (file, variant) {
        ("plain.txt", "") => lt(&|_| {}),
        ("plain.txt", "usecols") => lt(&|o| o.usecols = Some(vec![0, -1])),
        ("plain.txt", "skiprows") => lt(&|o| o.skiprows = 2),
        ("ints.csv", v) => lt(&|o| {
            o.delimiter = Some(",".into());
            o.skiprows = 1;
            match v {
                "" => o.dtype = DType::Int32,
                "col" => {
                    o.usecols = Some(vec![1]);
                    o.ndmin = 2;
                }
                _ => o.skiprows = 2,
            }
        }),
        ("missing.csv", v) => {
            let mut o = GenFromTxt {
                delimiter: Some(",".into()),
                skip_header: 1,
                ..GenFromTxt::default()
            };
            if v.is_empty() {
                o.comments = "%".into();
            } else {
                o.usecols = Some(vec![0, 2]);
            }
            io::genfromtxt(data(file), &o).unwrap()
        }
        _ => match io::load(data(file)).unwrap() {
            Loaded::Array(a) => a,
            Loaded::Npz(_) => panic!("{file} is an npz"),
        },
    }
}

#[test]
fn numpy_files_load_exactly() {
    let exp = std::fs::read_to_string(data("expected.txt")).unwrap();
    let mut n = 0;
    for line in exp.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let a = load_case(f[0]);
        assert_eq!(a.dtype().name(), f[1], "{}", f[0]);
        assert_eq!(shape_str(&a), f[2], "{}", f[0]);
        assert_eq!(le_hex(&a), f[3], "{}", f[0]);
        n += 1;
    }
    assert!(n >= 35, "{n}");
}

#[test]
fn files_round_trip_byte_identical() {
    // np.save output for a C-order little-endian array is reproduced byte
    // for byte.
    for name in [
        "float64.npy",
        "bool.npy",
        "complex64.npy",
        "scalar.npy",
        "empty.npy",
        "float16.npy",
    ] {
        let want = std::fs::read(data(name)).unwrap();
        let a = io::read_npy(&want, name).unwrap();
        assert_eq!(io::npy_bytes(&a).unwrap(), want, "{name}");
    }
}

#[test]
fn bad_files_raise_errors_naming_the_file() {
    let cases = [
        ("bad_truncated.npy", ExcKind::ValueError, "Failed to read all data for array. Expected (2, 3) = 6 elements, could only read 5 elements."),
        ("bad_header_eof.npy", ExcKind::ValueError, "EOF: reading array header, expected 118 bytes got 10"),
        ("bad_magic.npy", ExcKind::ValueError, "Failed to interpret file"),
        ("bad_header.npy", ExcKind::ValueError, "Cannot parse header"),
        ("bad_empty.npy", ExcKind::ValueError, "No data left in file"),
        ("does_not_exist.npy", ExcKind::FileNotFoundError, "[Errno 2] No such file or directory"),
    ];
    for (name, kind, msg) in cases {
        let e = io::load(data(name)).unwrap_err();
        assert_eq!(e.kind(), kind, "{name}: {e}");
        assert!(e.msg().contains(msg), "{name}: {e}");
        assert!(e.msg().contains(name), "{name}: {e}");
    }
    // Truncated archives and garbage never panic.
    let good = std::fs::read(data("deflated.npz")).unwrap();
    for cut in [10, 100, good.len() / 2, good.len() - 5] {
        assert!(io::read_npz(&good[..cut], "x.npz").is_err());
    }
    let good = std::fs::read(data("int64.npy")).unwrap();
    for cut in 0..good.len() {
        let _ = io::read_npy(&good[..cut], "x.npy");
    }
}

/// The deterministic sample arrays of `gen_io.py`'s `sample()`.
fn sample(dt: DType, shape: &[usize]) -> Array {
    let n: usize = shape.iter().product();
    let k = 0..n as i64;
    let fl = |k: i64| (k as f64 - 2.5) * 0.75;
    let a = match dt {
        DType::Bool => Array::from_vec(k.map(|k| k % 3 == 1).collect::<Vec<_>>(), shape),
        DType::Complex64 => Array::from_vec(
            k.map(|k| Complex32::new(fl(k) as f32, (k as f64 * 0.5 - 1.0) as f32))
                .collect::<Vec<_>>(),
            shape,
        ),
        DType::Complex128 => Array::from_vec(
            k.map(|k| Complex64::new(fl(k), k as f64 * 0.5 - 1.0))
                .collect::<Vec<_>>(),
            shape,
        ),
        d if d.is_float() => {
            Array::from_vec(k.map(fl).collect::<Vec<_>>(), shape).map(|a| a.astype(d))
        }
        d => {
            let off = if d.is_signed_integer() { 50 } else { 0 };
            Array::from_vec(
                k.map(|k| (k * 37 + 5) % 100 - off).collect::<Vec<_>>(),
                shape,
            )
            .map(|a| a.astype(d))
        }
    };
    a.unwrap()
}

fn python_numpy() -> bool {
    Command::new("python3")
        .args(["-c", "import numpy"])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

#[test]
#[allow(clippy::print_stderr)] // the skip / count report
fn files_written_here_load_in_numpy() {
    if !python_numpy() {
        eprintln!("skipping: python3 with numpy is not available");
        return;
    }
    let dir = std::env::temp_dir().join(format!("xpush-io-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dtypes: Vec<DType> = DType::NUMPY.to_vec();
    for dt in &dtypes {
        io::save_npy(
            dir.join(format!("{}.npy", dt.name())),
            &sample(*dt, &[2, 3]),
        )
        .unwrap();
    }
    io::save_npy(
        dir.join("scalar.npy"),
        &Array::from_vec(vec![-7.25f64], &[]).unwrap(),
    )
    .unwrap();
    let a = sample(DType::Int64, &[4]);
    let b = sample(DType::Complex64, &[2, 2]);
    io::savez(dir.join("stored"), &[("arr_0", &a), ("b", &b)], false).unwrap();
    let x = sample(DType::Float64, &[10, 10]);
    let y = sample(DType::Bool, &[7]);
    io::savez(dir.join("deflated.npz"), &[("x", &x), ("y", &y)], true).unwrap();
    let m = sample(DType::Float64, &[3, 4]);
    io::savetxt(dir.join("default.txt"), &m, &SaveTxt::default()).unwrap();
    let opts = SaveTxt {
        fmt: "%.3f".into(),
        delimiter: ",".into(),
        header: "x,y\nsecond".into(),
        footer: "end".into(),
        ..SaveTxt::default()
    };
    io::savetxt(dir.join("fmt.txt"), &m, &opts).unwrap();
    let ints = sample(DType::Int32, &[5]);
    let opts = SaveTxt {
        fmt: "%5d".into(),
        ..SaveTxt::default()
    };
    io::savetxt(dir.join("ints.txt"), &ints, &opts).unwrap();
    let c = sample(DType::Complex128, &[2, 2]);
    io::savetxt(dir.join("complex.txt"), &c, &SaveTxt::default()).unwrap();
    let g = sample(DType::Float64, &[2, 3]);
    let opts = SaveTxt {
        fmts: vec!["%g".into(), "%10.4e".into(), "%+.2f".into()],
        delimiter: "\t".into(),
        ..SaveTxt::default()
    };
    io::savetxt(dir.join("percol.txt"), &g, &opts).unwrap();

    let script = format!(
        r#"
import io, os, sys, numpy as np
sys.path.insert(0, {gen:?})
from gen_io import sample, DTYPES
d = {dir:?}
bad = []
def check(name, got, want):
    if got.dtype != want.dtype or got.shape != want.shape or got.tobytes() != want.tobytes():
        bad.append(name)
for t in DTYPES:
    p = os.path.join(d, t + '.npy')
    check(t, np.load(p), sample(t, (2, 3)))
    buf = io.BytesIO(); np.save(buf, sample(t, (2, 3)))
    if open(p, 'rb').read() != buf.getvalue(): bad.append(t + ' bytes')
check('scalar', np.load(os.path.join(d, 'scalar.npy')), np.array(-7.25))
z = np.load(os.path.join(d, 'stored.npz'))
if z.files != ['arr_0', 'b']: bad.append('files')
check('arr_0', z['arr_0'], sample('int64', (4,)))
check('b', z['b'], sample('complex64', (2, 2)))
z = np.load(os.path.join(d, 'deflated.npz'))
check('x', z['x'], sample('float64', (10, 10)))
check('y', z['y'], sample('bool', (7,)))
import zipfile
if zipfile.ZipFile(os.path.join(d, 'deflated.npz')).infolist()[0].compress_type != zipfile.ZIP_DEFLATED: bad.append('deflate')
if zipfile.ZipFile(os.path.join(d, 'stored.npz')).infolist()[0].compress_type != zipfile.ZIP_STORED: bad.append('stored')
def txt(name, a, **kw):
    s = io.StringIO(); np.savetxt(s, a, **kw)
    if open(os.path.join(d, name)).read() != s.getvalue(): bad.append(name)
m = sample('float64', (3, 4))
txt('default.txt', m)
txt('fmt.txt', m, fmt='%.3f', delimiter=',', header='x,y\nsecond', footer='end')
txt('ints.txt', sample('int32', (5,)), fmt='%5d')
txt('complex.txt', sample('complex128', (2, 2)))
txt('percol.txt', sample('float64', (2, 3)), fmt=['%g', '%10.4e', '%+.2f'], delimiter='\t')
print('BAD', bad) if bad else print('OK')
"#,
        gen = concat!(env!("CARGO_MANIFEST_DIR"), "/tests"),
        dir = dir.display().to_string(),
    );
    let out = Command::new("python3")
        .args(["-c", &script])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success() && stdout.trim() == "OK",
        "numpy disagreed: {stdout}\n{stderr}"
    );
}

#[test]
fn savetxt_matches_python_formatting() {
    let a = Array::from_vec(vec![1.5f64, -2.0, 3e-5, 4e100], &[2, 2]).unwrap();
    let s = io::text::savetxt_string(
        &a,
        &SaveTxt {
            header: "a\nb".into(),
            footer: "end".into(),
            ..SaveTxt::default()
        },
    )
    .unwrap();
    assert_eq!(
        s,
        "# a\n# b\n1.500000000000000000e+00 -2.000000000000000000e+00\n3.000000000000000076e-05 4.000000000000000064e+100\n# end\n"
    );
    let e = io::text::savetxt_string(
        &Array::from_vec(vec![1.0f64], &[]).unwrap(),
        &SaveTxt::default(),
    )
    .unwrap_err();
    assert_eq!(e.msg(), "Expected 1D or 2D array, got 0D array instead");
    let e = io::text::loadtxt_str("1 2\n3\n", &LoadTxt::default()).unwrap_err();
    assert_eq!(
        e.msg(),
        "the number of columns changed from 2 to 1 at row 2; use `usecols` to select a subset and avoid this error"
    );
}
