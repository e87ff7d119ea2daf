//! [`Layout`]: how an array's elements sit in its storage — shape, signed
//! strides in elements, and an offset — and the view operations (slicing,
//! indexing, transposing, broadcasting, reshaping) that return new layouts
//! over the same storage, after candle's `layout.rs`. Strides are signed so
//! that `a[::-1]` is a view, as in NumPy (and as `aclCreateTensor` takes
//! them).
//!
//! Error messages are NumPy's, including its shape formatting quirks
//! ([`shape_to_string`]).

use crate::error::{Error, Result};

/// Shape, strides (in elements, signed) and offset (in elements) of a view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Extent of each axis.
    pub shape: Vec<usize>,
    /// Elements to step in storage for one step along each axis.
    pub strides: Vec<isize>,
    /// Storage index of the first element.
    pub offset: usize,
}

/// NumPy's `convert_shape_to_string` (used in reshape and broadcast
/// errors): no spaces, leading negative (unknown) dimensions dropped, later
/// ones shown as `newaxis`, a trailing comma only for one dimension, and
/// `ending` appended.
pub fn shape_to_string(dims: &[isize], ending: &str) -> String {
    let Some(first) = dims.iter().position(|&d| d >= 0) else {
        return format!("(){ending}");
    };
    let mut s = dims[first].to_string();
    for &d in &dims[first + 1..] {
        if d < 0 {
            s.push_str(",newaxis");
        } else {
            s.push_str(&format!(",{d}"));
        }
    }
    if dims.len() == 1 {
        format!("({s},){ending}")
    } else {
        format!("({s}){ending}")
    }
}

/// A shape as Python prints a tuple: `()`, `(3,)`, `(2, 3)`.
pub fn shape_repr(shape: &[usize]) -> String {
    match shape {
        [] => "()".to_string(),
        [n] => format!("({n},)"),
        _ => {
            let parts: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            format!("({})", parts.join(", "))
        }
    }
}

fn signed(shape: &[usize]) -> Vec<isize> {
    shape.iter().map(|&d| d as isize).collect()
}

/// Number of elements of a shape (1 for `()`).
pub fn shape_size(shape: &[usize]) -> usize {
    shape.iter().product()
}

/// C-order (row-major) strides of a contiguous array of `shape`.
pub fn c_strides(shape: &[usize]) -> Vec<isize> {
    let mut strides = vec![0isize; shape.len()];
    let mut acc = 1isize;
    for (s, &d) in strides.iter_mut().zip(shape).rev() {
        *s = acc;
        acc *= d.max(1) as isize;
    }
    strides
}

/// Normalises a possibly negative `axis` for an array of `ndim` dimensions,
/// raising NumPy's `AxisError: axis 3 is out of bounds for array of
/// dimension 2`.
pub fn normalize_axis(axis: isize, ndim: usize) -> Result<usize> {
    normalize_axis_prefixed(axis, ndim, None)
}

/// [`normalize_axis`] with NumPy's optional message prefix (`axis2: axis 2
/// is out of bounds ...`, as `swapaxes` says).
pub fn normalize_axis_prefixed(axis: isize, ndim: usize, prefix: Option<&str>) -> Result<usize> {
    let n = ndim as isize;
    if axis < -n || axis >= n {
        let msg = format!("axis {axis} is out of bounds for array of dimension {ndim}");
        return Err(Error::axis_error(match prefix {
            Some(p) => format!("{p}: {msg}"),
            None => msg,
        }));
    }
    Ok(if axis < 0 { axis + n } else { axis } as usize)
}

/// Python's `PySlice_AdjustIndices`: clamps `start`/`stop` (None is the
/// default for the step's direction) to an axis of `len` and returns
/// `(start, step, count)`. A zero step is NumPy's `ValueError`.
pub fn adjust_slice(
    len: usize,
    start: Option<isize>,
    stop: Option<isize>,
    step: isize,
) -> Result<(isize, isize, usize)> {
    if step == 0 {
        return Err(Error::value_error("slice step cannot be zero"));
    }
    let n = len as isize;
    let clamp = |v: isize, lo: isize, hi: isize| {
        if v < 0 {
            let v = v + n;
            if v < 0 {
                lo
            } else {
                v
            }
        } else if v >= n {
            hi
        } else {
            v
        }
    };
    let (start, stop) = if step > 0 {
        (
            start.map_or(0, |s| clamp(s, 0, n)),
            stop.map_or(n, |s| clamp(s, 0, n)),
        )
    } else {
        (
            start.map_or(n - 1, |s| clamp(s, -1, n - 1)),
            stop.map_or(-1, |s| clamp(s, -1, n - 1)),
        )
    };
    let count = if step > 0 {
        if stop > start {
            (stop - start - 1) / step + 1
        } else {
            0
        }
    } else if start > stop {
        // `unsigned_abs`: a step of isize::MIN counts too.
        ((start - stop - 1) as usize / step.unsigned_abs() + 1) as isize
    } else {
        0
    };
    Ok((start, step, count as usize))
}

/// The broadcast of several shapes, NumPy's ufunc rule, with its error
/// `operands could not be broadcast together with shapes (3,) (4,) `
/// (each shape followed by a space, as NumPy prints it).
pub fn broadcast_shapes(shapes: &[&[usize]]) -> Result<Vec<usize>> {
    let ndim = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = vec![1usize; ndim];
    for shape in shapes {
        let pad = ndim - shape.len();
        for (i, &d) in shape.iter().enumerate() {
            let o = &mut out[pad + i];
            if *o == 1 {
                *o = d;
            } else if d != 1 && d != *o {
                let list: String = shapes
                    .iter()
                    .map(|s| shape_to_string(&signed(s), " "))
                    .collect();
                return Err(Error::value_error(format!(
                    "operands could not be broadcast together with shapes {list}"
                )));
            }
        }
    }
    Ok(out)
}

/// Resolves one unknown (negative) dimension in a requested shape for an
/// array of `size` elements, with NumPy's errors (`cannot reshape array of
/// size 6 into shape (4,)`, `can only specify one unknown dimension`).
pub fn infer_shape(size: usize, shape: &[isize]) -> Result<Vec<usize>> {
    let mismatch = || {
        Error::value_error(format!(
            "cannot reshape array of size {size} into shape {}",
            shape_to_string(shape, "")
        ))
    };
    let mut unknown = None;
    let mut known: usize = 1;
    for (i, &d) in shape.iter().enumerate() {
        if d < 0 {
            if unknown.is_some() {
                return Err(Error::value_error("can only specify one unknown dimension"));
            }
            unknown = Some(i);
        } else {
            known = known.checked_mul(d as usize).ok_or_else(mismatch)?;
        }
    }
    let mut out: Vec<usize> = shape.iter().map(|&d| d.max(0) as usize).collect();
    match unknown {
        Some(i) => {
            if size.checked_rem(known) != Some(0) {
                return Err(mismatch());
            }
            out[i] = size / known;
        }
        None => {
            if known != size {
                return Err(mismatch());
            }
        }
    }
    Ok(out)
}

impl Layout {
    /// A C-contiguous layout of `shape` at offset 0.
    pub fn contiguous(shape: &[usize]) -> Layout {
        Layout {
            shape: shape.to_vec(),
            strides: c_strides(shape),
            offset: 0,
        }
    }

    /// Number of dimensions.
    pub fn ndim(&self) -> usize {
        self.shape.len()
    }

    /// Number of elements.
    pub fn size(&self) -> usize {
        shape_size(&self.shape)
    }

    /// Row-major contiguity by NumPy's rule: axes of extent 1 don't
    /// matter, and an empty array is contiguous.
    pub fn is_c_contiguous(&self) -> bool {
        if self.size() == 0 {
            return true;
        }
        let mut expected = 1isize;
        for (&d, &s) in self.shape.iter().zip(&self.strides).rev() {
            if d != 1 {
                if s != expected {
                    return false;
                }
                expected *= d as isize;
            }
        }
        true
    }

    /// Column-major contiguity by NumPy's rule.
    pub fn is_f_contiguous(&self) -> bool {
        if self.size() == 0 {
            return true;
        }
        let mut expected = 1isize;
        for (&d, &s) in self.shape.iter().zip(&self.strides) {
            if d != 1 {
                if s != expected {
                    return false;
                }
                expected *= d as isize;
            }
        }
        true
    }

    /// The storage index of the element at `index` (one entry per axis,
    /// already in range).
    pub fn offset_of(&self, index: &[usize]) -> usize {
        let off = index
            .iter()
            .zip(&self.strides)
            .fold(self.offset as isize, |acc, (&i, &s)| acc + i as isize * s);
        off as usize
    }

    /// The storage indices a view touches, as `(min, max)` inclusive, or
    /// `None` for an empty view.
    pub fn storage_span(&self) -> Option<(usize, usize)> {
        if self.size() == 0 {
            return None;
        }
        let (mut lo, mut hi) = (self.offset as isize, self.offset as isize);
        for (&d, &s) in self.shape.iter().zip(&self.strides) {
            let ext = (d as isize - 1) * s;
            if ext < 0 {
                lo += ext;
            } else {
                hi += ext;
            }
        }
        Some((lo as usize, hi as usize))
    }

    /// Slices `axis` with Python slice semantics (negative steps included).
    pub fn slice_axis(
        &self,
        axis: usize,
        start: Option<isize>,
        stop: Option<isize>,
        step: isize,
    ) -> Result<Layout> {
        let axis = self.check_axis(axis)?;
        let (start, step, count) = adjust_slice(self.shape[axis], start, stop, step)?;
        let mut out = self.clone();
        if count > 0 {
            out.offset = (self.offset as isize + start * self.strides[axis]) as usize;
        }
        out.shape[axis] = count;
        // One element or none: the step is never taken (and may be as
        // large as isize::MIN, `a[::-2**63]`).
        if count > 1 {
            out.strides[axis] = self.strides[axis] * step;
        }
        Ok(out)
    }

    /// Selects one position along `axis` (negative counts from the end),
    /// dropping the axis; out of range is NumPy's `IndexError`.
    pub fn index_axis(&self, axis: usize, index: isize) -> Result<Layout> {
        let axis = self.check_axis(axis)?;
        let n = self.shape[axis] as isize;
        if index < -n || index >= n {
            return Err(Error::index_error(format!(
                "index {index} is out of bounds for axis {axis} with size {n}"
            )));
        }
        let i = if index < 0 { index + n } else { index };
        let mut out = self.clone();
        out.offset = (self.offset as isize + i * self.strides[axis]) as usize;
        out.shape.remove(axis);
        out.strides.remove(axis);
        Ok(out)
    }

    /// Inserts a new axis of extent 1 before position `pos` (`a[:, None]`).
    pub fn insert_axis(&self, pos: usize) -> Result<Layout> {
        if pos > self.ndim() {
            return Err(Error::axis_error(format!(
                "axis {pos} is out of bounds for array of dimension {}",
                self.ndim() + 1
            )));
        }
        let mut out = self.clone();
        out.shape.insert(pos, 1);
        out.strides.insert(pos, 0);
        Ok(out)
    }

    /// `np.expand_dims(a, axis)`: `axis` counts in the result's dimensions.
    pub fn expand_dims(&self, axis: isize) -> Result<Layout> {
        let pos = normalize_axis(axis, self.ndim() + 1)?;
        self.insert_axis(pos)
    }

    /// Permutes axes (`a.transpose(perm)`); `None` reverses them.
    pub fn transpose(&self, perm: Option<&[isize]>) -> Result<Layout> {
        let n = self.ndim();
        let perm: Vec<usize> = match perm {
            None => (0..n).rev().collect(),
            Some(p) => {
                if p.len() != n {
                    return Err(Error::value_error("axes don't match array"));
                }
                let mut seen = vec![false; n];
                let mut out = Vec::with_capacity(n);
                for &a in p {
                    let a = normalize_axis(a, n)?;
                    if seen[a] {
                        return Err(Error::value_error("repeated axis in transpose"));
                    }
                    seen[a] = true;
                    out.push(a);
                }
                out
            }
        };
        Ok(Layout {
            shape: perm.iter().map(|&a| self.shape[a]).collect(),
            strides: perm.iter().map(|&a| self.strides[a]).collect(),
            offset: self.offset,
        })
    }

    /// The same elements with the axes sorted by decreasing `|stride|`:
    /// the order NumPy's iterator visits an operand in when the result
    /// does not fix one, as in a reduction over every axis (so `a.T.sum()`
    /// adds in `a`'s memory order, as NumPy's pairwise sum does). Negative
    /// strides stay (reductions do not flip them: `a[::-1].sum()` adds
    /// backwards); axes of length 1 go last.
    pub fn memory_order(&self) -> Layout {
        let mut perm: Vec<usize> = (0..self.ndim()).collect();
        // A stable sort: equal strides keep their C order.
        perm.sort_by_key(|&a| {
            std::cmp::Reverse(if self.shape[a] > 1 {
                self.strides[a].unsigned_abs()
            } else {
                0
            })
        });
        Layout {
            shape: perm.iter().map(|&a| self.shape[a]).collect(),
            strides: perm.iter().map(|&a| self.strides[a]).collect(),
            offset: self.offset,
        }
    }

    /// Swaps two axes (`np.swapaxes`).
    pub fn swapaxes(&self, a: isize, b: isize) -> Result<Layout> {
        let a = normalize_axis_prefixed(a, self.ndim(), Some("axis1"))?;
        let b = normalize_axis_prefixed(b, self.ndim(), Some("axis2"))?;
        let mut out = self.clone();
        out.shape.swap(a, b);
        out.strides.swap(a, b);
        Ok(out)
    }

    /// A view broadcast to `shape` (stride 0 on stretched axes), with
    /// `np.broadcast_to`'s errors.
    pub fn broadcast_to(&self, shape: &[usize]) -> Result<Layout> {
        if self.ndim() > shape.len() {
            return Err(Error::value_error(
                "input operand has more dimensions than allowed by the axis remapping",
            ));
        }
        let pad = shape.len() - self.ndim();
        let mut strides = vec![0isize; shape.len()];
        for (i, (&d, &s)) in self.shape.iter().zip(&self.strides).enumerate() {
            let t = shape[pad + i];
            if d == t {
                strides[pad + i] = s;
            } else if d == 1 {
                strides[pad + i] = 0;
            } else {
                return Err(Error::value_error(format!(
                    "operands could not be broadcast together with remapped shapes \
                     [original->remapped]: {}  and requested shape {}",
                    shape_to_string(&signed(&self.shape), ""),
                    shape_to_string(&signed(shape), "")
                )));
            }
        }
        Ok(Layout {
            shape: shape.to_vec(),
            strides,
            offset: self.offset,
        })
    }

    /// Removes axes of extent 1: all of them (`None`) or the given ones,
    /// which must have extent 1.
    pub fn squeeze(&self, axes: Option<&[isize]>) -> Result<Layout> {
        let n = self.ndim();
        let mut drop = vec![false; n];
        match axes {
            None => {
                for (d, &s) in drop.iter_mut().zip(&self.shape) {
                    *d = s == 1;
                }
            }
            Some(axes) => {
                for &a in axes {
                    let a = normalize_axis(a, n)?;
                    if self.shape[a] != 1 {
                        return Err(Error::value_error(
                            "cannot select an axis to squeeze out which has size not equal to one",
                        ));
                    }
                    drop[a] = true;
                }
            }
        }
        let keep = |i: &usize| !drop[*i];
        Ok(Layout {
            shape: (0..n).filter(keep).map(|i| self.shape[i]).collect(),
            strides: (0..n).filter(keep).map(|i| self.strides[i]).collect(),
            offset: self.offset,
        })
    }

    /// Reshapes to `shape` (one negative entry is inferred) as a view when
    /// NumPy can (`_attempt_nocopy_reshape`, C order). `Ok(None)` means the
    /// data must be copied to a contiguous buffer first.
    pub fn reshape(&self, shape: &[isize]) -> Result<Option<Layout>> {
        let new = infer_shape(self.size(), shape)?;
        if self.is_c_contiguous() {
            return Ok(Some(Layout {
                strides: c_strides(&new),
                shape: new,
                offset: self.offset,
            }));
        }
        Ok(self.nocopy_reshape(&new).map(|strides| Layout {
            shape: new,
            strides,
            offset: self.offset,
        }))
    }

    /// NumPy's `_attempt_nocopy_reshape` for C order: strides for `new` if
    /// the existing axes can be grouped without copying.
    fn nocopy_reshape(&self, new: &[usize]) -> Option<Vec<isize>> {
        let (olddims, oldstrides): (Vec<usize>, Vec<isize>) = self
            .shape
            .iter()
            .zip(&self.strides)
            .filter(|(&d, _)| d != 1)
            .map(|(&d, &s)| (d, s))
            .unzip();
        let oldnd = olddims.len();
        let newnd = new.len();
        let mut newstrides = vec![0isize; newnd];
        let (mut oi, mut oj, mut ni, mut nj) = (0, 1, 0, 1);
        while ni < newnd && oi < oldnd {
            let mut np = new[ni];
            let mut op = olddims[oi];
            while np != op {
                if np < op {
                    np *= *new.get(nj)?;
                    nj += 1;
                } else {
                    op *= *olddims.get(oj)?;
                    oj += 1;
                }
            }
            for ok in oi..oj - 1 {
                if oldstrides[ok] != olddims[ok + 1] as isize * oldstrides[ok + 1] {
                    return None;
                }
            }
            newstrides[nj - 1] = oldstrides[oj - 1];
            for nk in (ni + 1..nj).rev() {
                newstrides[nk - 1] = newstrides[nk] * new[nk] as isize;
            }
            ni = nj;
            nj += 1;
            oi = oj;
            oj += 1;
        }
        let last = if ni >= 1 { newstrides[ni - 1] } else { 1 };
        for s in newstrides.iter_mut().skip(ni) {
            *s = last;
        }
        Some(newstrides)
    }

    /// The storage positions of the view in C order, as chunks whose
    /// innermost run is a tight `offset + k * stride` loop. Adjacent axes
    /// that are contiguous with each other are merged first, so a
    /// contiguous array is one chunk.
    pub fn chunks(&self) -> Chunks {
        Chunks::new(self)
    }

    /// Every storage position of the view in C order.
    pub fn offsets(&self) -> impl Iterator<Item = usize> + '_ {
        self.chunks().flat_map(|c| {
            (0..c.len).map(move |k| (c.offset as isize + k as isize * c.stride) as usize)
        })
    }

    fn check_axis(&self, axis: usize) -> Result<usize> {
        if axis >= self.ndim() {
            return Err(Error::axis_error(format!(
                "axis {axis} is out of bounds for array of dimension {}",
                self.ndim()
            )));
        }
        Ok(axis)
    }
}

/// One run of a strided walk: `len` elements at `offset + k * stride`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// Storage index of the run's first element.
    pub offset: usize,
    /// Step between the run's elements.
    pub stride: isize,
    /// Number of elements in the run.
    pub len: usize,
}

/// Iterator over the [`Chunk`]s of a layout (see [`Layout::chunks`]).
#[derive(Clone, Debug)]
pub struct Chunks {
    /// Outer axes (extent, stride), outermost first.
    outer: Vec<(usize, isize)>,
    /// Current index along each outer axis.
    index: Vec<usize>,
    /// Storage index of the current chunk.
    current: isize,
    inner_len: usize,
    inner_stride: isize,
    done: bool,
}

impl Chunks {
    fn new(layout: &Layout) -> Chunks {
        let mut dims: Vec<(usize, isize)> = layout
            .shape
            .iter()
            .zip(&layout.strides)
            .filter(|(&d, _)| d != 1)
            .map(|(&d, &s)| (d, s))
            .collect();
        let empty = layout.size() == 0;
        // Merge an axis into the one inside it when they are contiguous.
        let mut merged: Vec<(usize, isize)> = Vec::with_capacity(dims.len());
        while let Some((d, s)) = dims.pop() {
            match merged.last_mut() {
                Some(inner) if s == inner.1 * inner.0 as isize => inner.0 *= d,
                _ => merged.push((d, s)),
            }
        }
        merged.reverse();
        let (inner_len, inner_stride) = merged.pop().unwrap_or((1, 1));
        Chunks {
            index: vec![0; merged.len()],
            outer: merged,
            current: layout.offset as isize,
            inner_len,
            inner_stride,
            done: empty,
        }
    }
}

impl Iterator for Chunks {
    type Item = Chunk;

    fn next(&mut self) -> Option<Chunk> {
        if self.done {
            return None;
        }
        let chunk = Chunk {
            offset: self.current as usize,
            stride: self.inner_stride,
            len: self.inner_len,
        };
        // Advance the odometer over the outer axes.
        let mut axis = self.outer.len();
        loop {
            if axis == 0 {
                self.done = true;
                break;
            }
            axis -= 1;
            let (d, s) = self.outer[axis];
            self.index[axis] += 1;
            self.current += s;
            if self.index[axis] < d {
                break;
            }
            self.current -= s * d as isize;
            self.index[axis] = 0;
        }
        Some(chunk)
    }
}
