//! Checks xpush-npu against tables generated from NumPy by
//! `gen_expected.py` (see that script for the file formats).

mod common;

use xpush_npu::layout::broadcast_shapes;
use xpush_npu::print::{array_repr, array_str, scalar_repr, scalar_str};
use xpush_npu::promote::{
    can_cast, check_pyint, promote_types, result_type, Casting, Operand, PyScalarKind,
};
use xpush_npu::{Array, DType, PrintOptions};

use common::{array_from_bits, bits_of, dt, err_text, shape_of, table};

#[test]
fn dtype_names_and_limits() {
    let (mut n, mut failures) = (0, Vec::new());
    for row in table("dtype.tsv") {
        n += 1;
        let (got, want): (Vec<String>, Vec<String>) = match row[0].as_str() {
            "parse" => match DType::parse(&row[1]) {
                Ok(d) => (
                    vec![
                        d.name().into(),
                        d.itemsize().to_string(),
                        d.kind().to_string(),
                        d.repr(),
                    ],
                    vec![
                        row[2].clone(),
                        row[3].clone(),
                        row[4].clone(),
                        row[6].clone(),
                    ],
                ),
                Err(e) => (vec![err_text(&e)], vec![row[2].clone()]),
            },
            "finfo" => {
                let f = dt(&row[1]).finfo().unwrap();
                let s = |x| scalar_str(x);
                (
                    vec![
                        f.bits.to_string(),
                        f.precision.to_string(),
                        s(&f.eps),
                        s(&f.max),
                        s(&f.min),
                        s(&f.tiny),
                        s(&f.smallest_normal),
                        s(&f.resolution),
                        s(&f.smallest_subnormal),
                        scalar_repr(&f.eps),
                        f.repr(),
                    ],
                    row[2..].to_vec(),
                )
            }
            "iinfo" => {
                let i = dt(&row[1]).iinfo().unwrap();
                (
                    vec![
                        i.bits.to_string(),
                        i.min.to_string(),
                        i.max.to_string(),
                        i.repr(),
                    ],
                    row[2..].to_vec(),
                )
            }
            k => panic!("unknown row kind {k}"),
        };
        if got != want {
            failures.push(format!("{row:?}\n  got  {got:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {n} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn weak(k: &str) -> PyScalarKind {
    match k {
        "int" => PyScalarKind::Int,
        "float" => PyScalarKind::Float,
        _ => PyScalarKind::Complex,
    }
}

#[test]
fn promotion_and_casting() {
    let (mut n, mut failures) = (0, Vec::new());
    for row in table("promote.tsv") {
        n += 1;
        let (got, want) = match row[0].as_str() {
            "promote" => (
                promote_types(dt(&row[1]), dt(&row[2])).name().to_string(),
                row[3].clone(),
            ),
            "can_cast" => {
                let (a, b) = (dt(&row[1]), dt(&row[2]));
                let flags: Vec<String> = [
                    Casting::Safe,
                    Casting::SameKind,
                    Casting::No,
                    Casting::Equiv,
                    Casting::Unsafe,
                ]
                .iter()
                .map(|&c| u8::from(can_cast(a, b, c)).to_string())
                .collect();
                (flags.join(" "), row[3..].join(" "))
            }
            "weak" | "weak_op" => {
                let r = result_type(&[Operand::DType(dt(&row[1])), Operand::Weak(weak(&row[2]))])
                    .unwrap();
                (r.name().to_string(), row[3].clone())
            }
            "weak2" => {
                let r = result_type(&[Operand::Weak(weak(&row[1])), Operand::Weak(weak(&row[2]))])
                    .unwrap();
                (r.name().to_string(), row[3].clone())
            }
            "pyint" => {
                let v: i128 = row[2].parse().unwrap();
                let got = match check_pyint(v, dt(&row[1])) {
                    Ok(()) => "ok".to_string(),
                    Err(e) => err_text(&e),
                };
                (got, row[3].clone())
            }
            k => panic!("unknown row kind {k}"),
        };
        if got != want {
            failures.push(format!("{row:?}: got {got}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {n} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn astype_every_pair() {
    let (mut n, mut failures) = (0, Vec::new());
    for row in table("cast.tsv") {
        let (src, dst) = (dt(&row[0]), dt(&row[1]));
        let len = row[2].split_whitespace().count();
        let a = array_from_bits(src, &[len], &row[2]);
        let got = bits_of(&a.astype(dst));
        let want_items: Vec<&str> = row[3].split_whitespace().collect();
        let src_items: Vec<&str> = row[2].split_whitespace().collect();
        for (i, (g, w)) in got.split_whitespace().zip(&want_items).enumerate() {
            n += 1;
            if g != *w {
                failures.push(format!(
                    "{src}->{dst} [{}]: got {g}, numpy {w}",
                    src_items[i]
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {n} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn opt(t: &str) -> Option<isize> {
    (t != "_").then(|| t.parse().unwrap())
}

fn apply(a: &Array, op: &str, shares: &mut bool) -> xpush_npu::Result<Array> {
    let p: Vec<&str> = op.split_whitespace().collect();
    let ints =
        |from: usize| -> Vec<isize> { p[from..].iter().map(|x| x.parse().unwrap()).collect() };
    let l = a.layout();
    Ok(match p[0] {
        "s" => a.slice_axis(
            p[1].parse().unwrap(),
            opt(p[2]),
            opt(p[3]),
            opt(p[4]).unwrap_or(1),
        )?,
        "i" => a.index_axis(p[1].parse().unwrap(), p[2].parse().unwrap())?,
        "t" => a.transpose((p.len() > 1).then(|| ints(1)).as_deref())?,
        "sw" => a.with_layout(l.swapaxes(ints(1)[0], ints(1)[1])?),
        "b" => a.broadcast_to(&ints(1).iter().map(|&d| d as usize).collect::<Vec<_>>())?,
        "r" => {
            *shares &= l.reshape(&ints(1))?.is_some();
            a.reshape(&ints(1))?
        }
        "sq" => a.with_layout(l.squeeze((p.len() > 1).then(|| ints(1)).as_deref())?),
        "e" => a.with_layout(l.expand_dims(ints(1)[0])?),
        "n" => a.with_layout(l.insert_axis(ints(1)[0] as usize)?),
        k => panic!("unknown op {k}"),
    })
}

#[test]
fn layouts_and_views() {
    let (mut n, mut failures) = (0, Vec::new());
    for row in table("layout.tsv") {
        n += 1;
        if row[0] == "broadcast" {
            let shapes: Vec<Vec<usize>> = row[1].split('|').map(shape_of).collect();
            let refs: Vec<&[usize]> = shapes.iter().map(|s| s.as_slice()).collect();
            let got = match broadcast_shapes(&refs) {
                Ok(s) => s
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
                Err(e) if shapes.len() > 2 => format!("ERR {}", e.kind().name()),
                Err(e) => err_text(&e),
            };
            let want = if shapes.len() > 2 && row[2].starts_with("ERR") {
                row[2]
                    .split_whitespace()
                    .take(2)
                    .collect::<Vec<_>>()
                    .join(" ")
            } else {
                row[2].clone()
            };
            if got != want {
                failures.push(format!("{row:?}: got {got}"));
            }
            continue;
        }
        let shape = shape_of(&row[0]);
        let size: usize = shape.iter().product();
        let base = Array::from_vec((0..size as i64).collect::<Vec<i64>>(), &shape).unwrap();
        let mut shares = true;
        let mut result = Ok(base.clone());
        for op in row[1].split(';').filter(|o| !o.is_empty()) {
            result = result.and_then(|a| apply(&a, op, &mut shares));
        }
        let got = match result {
            Err(e) => vec![err_text(&e)],
            Ok(a) => {
                let l = a.layout();
                let strides: Vec<String> = l
                    .strides
                    .iter()
                    .zip(&l.shape)
                    .map(|(s, &d)| if d > 1 { s.to_string() } else { "*".into() })
                    .collect();
                let vals: Vec<String> = a
                    .to_vec::<i64>()
                    .unwrap()
                    .iter()
                    .map(|v| v.to_string())
                    .collect();
                vec![
                    l.shape
                        .iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                    strides.join(" "),
                    if a.size() == 0 || !shares {
                        "_".into()
                    } else {
                        l.offset.to_string()
                    },
                    u8::from(l.is_c_contiguous()).to_string(),
                    u8::from(l.is_f_contiguous()).to_string(),
                    if a.size() == 0 {
                        "_".into()
                    } else {
                        u8::from(shares).to_string()
                    },
                    vals.join(" "),
                ]
            }
        };
        let mut want: Vec<String> = row[2..].to_vec();
        if want.len() > 1 {
            // Strides of extent-1 axes carry no meaning; offsets of copies neither.
            let dims = shape_of(&want[0]);
            let s: Vec<String> = want[1]
                .split_whitespace()
                .zip(&dims)
                .map(|(s, &d)| if d > 1 { s.to_string() } else { "*".into() })
                .collect();
            want[1] = s.join(" ");
            if want[5] == "0" {
                want[2] = "_".into();
            }
        }
        if got != want {
            failures.push(format!("{row:?}\n  got {got:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {n} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn array_printing() {
    let (mut n, mut failures) = (0, Vec::new());
    for row in table("print.tsv") {
        n += 1;
        let a = array_from_bits(dt(&row[1]), &shape_of(&row[2]), &row[4]);
        let mut opts = PrintOptions::default();
        for kv in row[3].split(';').filter(|s| !s.is_empty()) {
            let (k, v) = kv.split_once('=').unwrap();
            let v: usize = v.parse().unwrap();
            match k {
                "precision" => opts.precision = v,
                "threshold" => opts.threshold = v,
                "edgeitems" => opts.edgeitems = v,
                "linewidth" => opts.linewidth = v,
                "suppress" => opts.suppress = v != 0,
                _ => panic!("option {k}"),
            }
        }
        let (r, s) = (array_repr(&a, &opts), array_str(&a, &opts));
        if r != row[5] {
            failures.push(format!("{} repr:\n{r}\nnumpy:\n{}", row[0], row[5]));
        }
        if s != row[6] {
            failures.push(format!("{} str:\n{s}\nnumpy:\n{}", row[0], row[6]));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        2 * n,
        failures.join("\n")
    );
}

#[test]
fn scalar_printing() {
    let (mut n, mut failures) = (0, Vec::new());
    for row in table("scalar_print.tsv") {
        n += 1;
        let s = array_from_bits(dt(&row[0]), &[1], &row[1]).item().unwrap();
        let got = (scalar_repr(&s), scalar_str(&s));
        if got != (row[2].clone(), row[3].clone()) {
            failures.push(format!("{row:?}: got {got:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {n} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn arange() {
    let (mut n, mut failures) = (0, Vec::new());
    for row in table("arange.tsv") {
        n += 1;
        let d = dt(&row[3]);
        let is_int = |s: &str| !s.contains('.') && !s.contains('e');
        let r = if is_int(&row[0]) && is_int(&row[1]) && is_int(&row[2]) {
            Array::arange_int(
                row[0].parse().unwrap(),
                row[1].parse().unwrap(),
                row[2].parse().unwrap(),
                d,
            )
        } else {
            Array::arange_float(
                row[0].parse().unwrap(),
                row[1].parse().unwrap(),
                row[2].parse().unwrap(),
                d,
            )
        };
        let got = match r {
            Ok(a) => format!("{}\t{}", a.size(), bits_of(&a)),
            Err(e) => err_text(&e),
        };
        let want = row[4..].join("\t");
        if got != want {
            failures.push(format!("{row:?}: got {got}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {n} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
