//! `.npz` archives: `np.savez` (stored) and `np.savez_compressed`
//! (deflate), and `np.load` of either (read eagerly).

use std::io::{Cursor, Read, Write};
use std::path::{Path, PathBuf};

use zip::write::SimpleFileOptions;
use zip::CompressionMethod;

use super::npy::{io_error, npy_bytes, quote, read_npy};
use crate::array::Array;
use crate::error::{Error, Result};

/// The arrays of an `.npz` archive, in archive order: what `np.load`
/// returns for one (`NpzFile`), read eagerly.
#[derive(Clone, Debug)]
pub struct Npz {
    names: Vec<String>,
    arrays: Vec<Member>,
}

/// One array of an archive: read, or kept as its `.npy` image when its
/// dtype is one the array runtime does not hold (strings, records).
#[derive(Clone, Debug)]
enum Member {
    Array(Array),
    Image(Vec<u8>),
}

impl Npz {
    /// `npz.files`: the member names with a trailing `.npy` removed.
    pub fn files(&self) -> &[String] {
        &self.names
    }

    /// `npz[name]`, or NumPy's `KeyError` (`'x is not a file in the
    /// archive'`).
    pub fn get(&self, name: &str) -> Result<&Array> {
        self.names
            .iter()
            .position(|n| n == name)
            .and_then(|i| match &self.arrays[i] {
                Member::Array(a) => Some(a),
                Member::Image(_) => None,
            })
            .ok_or_else(|| {
                Error::new(
                    crate::ExcKind::KeyError,
                    format!("{name} is not a file in the archive"),
                )
            })
    }

    /// The `.npy` image of member `name` when its dtype is not one the
    /// array runtime holds (a string or structured dtype), for the caller
    /// to read; `None` for a numeric member or a missing name.
    pub fn image(&self, name: &str) -> Option<&[u8]> {
        let i = self.names.iter().position(|n| n == name)?;
        match &self.arrays[i] {
            Member::Image(b) => Some(b),
            Member::Array(_) => None,
        }
    }

    /// `(name, array)` pairs of the numeric members, in archive order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Array)> {
        self.names
            .iter()
            .map(String::as_str)
            .zip(&self.arrays)
            .filter_map(|(n, m)| match m {
                Member::Array(a) => Some((n, a)),
                Member::Image(_) => None,
            })
    }
}

/// Whether `bytes` start like a zip archive (what `np.load` checks).
pub fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06")
}

/// Reads an `.npz` image. `name` names the file in messages.
pub fn read_npz(bytes: &[u8], name: &str) -> Result<Npz> {
    let zerr = |e: zip::result::ZipError| {
        Error::value_error(format!("Bad zip archive {}: {e}", quote(name)))
    };
    let mut z = zip::ZipArchive::new(Cursor::new(bytes)).map_err(zerr)?;
    let mut names = Vec::new();
    let mut arrays = Vec::new();
    for i in 0..z.len() {
        let mut f = z.by_index(i).map_err(zerr)?;
        let member = f.name().to_string();
        let mut data = Vec::new();
        f.read_to_end(&mut data)
            .map_err(|e| Error::value_error(format!("Bad zip archive {}: {e}", quote(name))))?;
        let label = format!("{name}/{member}");
        arrays.push(match read_npy(&data, &label) {
            Ok(a) => Member::Array(a),
            // A dtype the runtime does not hold: kept for the caller.
            Err(e) => match super::npy::read_header_raw(&data, &label) {
                Ok((h, _, _)) if super::npy::parse_descr(&h.descr).is_none() => Member::Image(data),
                _ => return Err(e),
            },
        });
        names.push(member.strip_suffix(".npy").unwrap_or(&member).to_string());
    }
    Ok(Npz { names, arrays })
}

/// The bytes of `np.savez` (`compressed = false`) or
/// `np.savez_compressed` of `(name, array)` pairs (positional arrays are
/// named `arr_0`, `arr_1`, ... by the caller, as NumPy does).
pub fn npz_bytes(arrays: &[(&str, &Array)], compressed: bool) -> Result<Vec<u8>> {
    let images = images(arrays)?;
    npz_images(&image_refs(&images), compressed)
}

/// The `.npy` image of each named array.
fn images<'a>(arrays: &[(&'a str, &Array)]) -> Result<Vec<(&'a str, Vec<u8>)>> {
    arrays
        .iter()
        .map(|(n, a)| Ok((*n, npy_bytes(a)?)))
        .collect()
}

/// Named images as the `(name, bytes)` pairs the writers take.
fn image_refs<'a>(images: &'a [(&'a str, Vec<u8>)]) -> Vec<(&'a str, &'a [u8])> {
    images.iter().map(|(n, b)| (*n, b.as_slice())).collect()
}

/// The bytes of an archive of `(name, .npy image)` pairs (images of any
/// dtype, as `np.save` writes them), stored or deflated.
pub fn npz_images(images: &[(&str, &[u8])], compressed: bool) -> Result<Vec<u8>> {
    let method = if compressed {
        CompressionMethod::Deflated
    } else {
        CompressionMethod::Stored
    };
    let opts = SimpleFileOptions::default().compression_method(method);
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let zerr = |e: zip::result::ZipError| Error::new(crate::ExcKind::OSError, e.to_string());
    for (n, data) in images {
        w.start_file(format!("{n}.npy"), opts).map_err(zerr)?;
        w.write_all(data)
            .map_err(|e| Error::new(crate::ExcKind::OSError, e.to_string()))?;
    }
    Ok(w.finish().map_err(zerr)?.into_inner())
}

/// `np.savez(path, **arrays)` / `np.savez_compressed`: appends `.npz` to a
/// path without it, as NumPy does; returns the path written. Duplicate
/// names raise NumPy's `ValueError`.
pub fn savez(
    path: impl AsRef<Path>,
    arrays: &[(&str, &Array)],
    compressed: bool,
) -> Result<PathBuf> {
    let images = images(arrays)?;
    savez_images(path, &image_refs(&images), compressed)
}

/// [`savez`] of `(name, .npy image)` pairs (images of any dtype).
pub fn savez_images(
    path: impl AsRef<Path>,
    arrays: &[(&str, &[u8])],
    compressed: bool,
) -> Result<PathBuf> {
    for (i, (n, _)) in arrays.iter().enumerate() {
        if arrays[..i].iter().any(|(m, _)| m == n) {
            return Err(Error::value_error(format!(
                "Cannot use un-named variables and keyword {n}"
            )));
        }
    }
    let mut p = path.as_ref().to_path_buf();
    if p.extension().and_then(|e| e.to_str()) != Some("npz") {
        let mut s = p.into_os_string();
        s.push(".npz");
        p = s.into();
    }
    let bytes = npz_images(arrays, compressed)?;
    std::fs::write(&p, bytes).map_err(|e| io_error(&e, &p))?;
    Ok(p)
}
