//! File I/O as NumPy does it:
//!
//! - [`npy`]: `.npy` read (format 1.0/2.0/3.0, either byte order, C or
//!   Fortran order, 0-d) and write (byte-identical to `np.save`);
//! - [`npz`]: `.npz` archives (`savez` stored, `savez_compressed` deflate);
//! - [`text`]: `loadtxt`, `savetxt`, `genfromtxt`.
//!
//! Bad files raise `ValueError` (or `FileNotFoundError`/`OSError` for the
//! file system) naming the file; nothing panics on bad input.

pub mod npy;
pub mod npz;
pub mod text;

pub use npy::{load as load_npy, npy_bytes, read_npy, save as save_npy};
pub use npz::{npz_bytes, read_npz, savez, Npz};
pub use text::{genfromtxt, loadtxt, savetxt, GenFromTxt, LoadTxt, SaveTxt};

use std::path::Path;

use crate::array::Array;

/// What `np.load` returns: one array for a `.npy` file, the archive for a
/// `.npz` file.
#[derive(Clone, Debug)]
pub enum Loaded {
    /// A `.npy` file.
    Array(Array),
    /// A `.npz` archive.
    Npz(Npz),
}

/// `np.load(path)`: a `.npy` file or a `.npz` archive, told apart by the
/// first bytes as NumPy does.
pub fn load(path: impl AsRef<Path>) -> crate::Result<Loaded> {
    let p = path.as_ref();
    let bytes = std::fs::read(p).map_err(|e| npy::io_error(&e, p))?;
    let name = p.display().to_string();
    if npz::is_zip(&bytes) {
        Ok(Loaded::Npz(read_npz(&bytes, &name)?))
    } else {
        Ok(Loaded::Array(read_npy(&bytes, &name)?))
    }
}
