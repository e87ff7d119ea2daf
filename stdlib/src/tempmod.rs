//! The `tempfile` module: `TemporaryFile` (a file with no name left on
//! disk), `NamedTemporaryFile` (removed when closed, unless
//! `delete=False`), `TemporaryDirectory` (a context manager that removes
//! the directory and everything in it), `mkdtemp`, `gettempdir` and
//! `gettempprefix`. Names are CPython's: `prefix + 8 random characters +
//! suffix` in `dir` (the system's temporary directory by default).

use std::cell::Cell;
use std::rc::Rc;

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::{Object, Value};
use crate::{Error, Result};

/// The entries.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, System, "tempfile", "gettempdir", "()", gettempdir,
        "The directory temporary files go to: $TMPDIR, else /tmp.",
        ["isinstance(tempfile.gettempdir(), str)  # True"]),
    entry!(Function, System, "tempfile", "gettempprefix", "()", |_: &mut dyn Host, _: &mut Args| Ok(Value::str("tmp")),
        "The prefix of temporary names: 'tmp'.",
        ["tempfile.gettempprefix()  # 'tmp'"]),
    entry!(Function, System, "tempfile", "mkdtemp", "(suffix=None, prefix=None, dir=None)", mkdtemp,
        "Makes a new directory (prefix + 8 random characters + suffix, in dir or gettempdir()) and returns its absolute path; removing it is the caller's.",
        ["d = tempfile.mkdtemp(); r = os.path.isdir(d); os.rmdir(d); r  # True"]),
    entry!(Function, System, "tempfile", "TemporaryFile", "(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None, prefix=None, dir=None, *, errors=None)", temporary_file,
        "A new file open for reading and writing (binary by default) whose name is removed at once: nothing is left on disk. Its name is the path it had.",
        ["f = tempfile.TemporaryFile(); f.write(b'ab'); f.seek(0); f.read()  # b'ab'"]),
    entry!(Function, System, "tempfile", "NamedTemporaryFile", "(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None, prefix=None, dir=None, delete=True, *, errors=None)", named_temporary_file,
        "A new file open for reading and writing (binary by default) with a name on disk (f.name), removed when it is closed (unless delete=False).",
        ["f = tempfile.NamedTemporaryFile(suffix='.npy'); f.name.endswith('.npy')  # True"]),
    entry!(Type, System, "tempfile", "TemporaryDirectory", "(suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False)", temporary_directory,
        "A new directory (its path is .name), removed with all it holds by cleanup(), at the end of a with block (which binds the path) or when the object goes away.",
        ["t = tempfile.TemporaryDirectory(suffix='.d'); t.name.endswith('.d')  # True"]),
    entry!(Property, System, "TemporaryDirectory", "name", "(self, /)", |_: &mut dyn Host, a: &mut Args| Ok(Value::str(dir_of(a.get(0))?.name.as_str())),
        "The directory's path.",
        ["tempfile.TemporaryDirectory().name.startswith(tempfile.gettempdir())  # True"]),
    entry!(Method, System, "TemporaryDirectory", "cleanup", "(self, /)", |_: &mut dyn Host, a: &mut Args| { dir_of(a.get(0))?.cleanup()?; Ok(Value::None) },
        "Removes the directory and everything in it (once; later calls do nothing).",
        ["t = tempfile.TemporaryDirectory(); t.cleanup()  # None"]),
];

/// A `tempfile.TemporaryDirectory`: the directory, removed once.
pub struct TempDir {
    /// Its path.
    pub name: String,
    /// Whether it was removed.
    done: Cell<bool>,
    /// `ignore_cleanup_errors=True`.
    ignore_errors: bool,
}

impl TempDir {
    /// Removes the directory and its contents, the first time.
    pub fn cleanup(&self) -> Result<()> {
        if self.done.replace(true) {
            return Ok(());
        }
        match std::fs::remove_dir_all(&self.name) {
            Err(e) if !self.ignore_errors && e.kind() != std::io::ErrorKind::NotFound => {
                Err(crate::files::os_error(&e, &self.name))
            }
            _ => Ok(()),
        }
    }

    /// `repr(t)`: `<TemporaryDirectory '/tmp/tmpabc12345'>`.
    pub fn repr(&self) -> String {
        format!(
            "<TemporaryDirectory {}>",
            crate::py::repr::str_repr(&self.name)
        )
    }
}

impl Drop for TempDir {
    /// Removed when the object goes away, as CPython's finalizer does.
    fn drop(&mut self) {
        let _ = self.cleanup();
    }
}

fn dir_of(v: &Value) -> Result<&TempDir> {
    match v {
        Value::Object(o) => match &**o {
            Object::TempDir(t) => Ok(t),
            _ => Err(Error::type_error("expected a TemporaryDirectory")),
        },
        _ => Err(Error::type_error("expected a TemporaryDirectory")),
    }
}

fn gettempdir(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(Value::str(temp_dir()))
}

/// `gettempdir()`: `$TMPDIR`, else `/tmp`, without a trailing slash.
fn temp_dir() -> String {
    let d = std::env::temp_dir().to_string_lossy().into_owned();
    match d.trim_end_matches('/') {
        "" => "/".to_string(),
        t => t.to_string(),
    }
}

/// 8 characters of CPython's alphabet for temporary names, different on
/// each call (a counter and the clock, mixed).
fn random_chars() -> String {
    use std::hash::{BuildHasher, Hasher};
    thread_local! {
        static COUNTER: Cell<u64> = const { Cell::new(0) };
    }
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789_";
    let n = COUNTER.with(|c| {
        c.set(c.get() + 1);
        c.get()
    });
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(n);
    h.write_u32(std::process::id());
    if let Ok(t) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        h.write_u128(t.as_nanos());
    }
    let mut bits = h.finish();
    (0..8)
        .map(|_| {
            let c = ALPHABET[(bits % ALPHABET.len() as u64) as usize] as char;
            bits /= ALPHABET.len() as u64;
            c
        })
        .collect()
}

/// A str argument or its default (`None`).
fn text_or(v: &Value, default: &str, what: &str) -> Result<String> {
    match v {
        Value::None => Ok(default.to_string()),
        Value::Str(s) => Ok(s.to_string()),
        other => Err(Error::type_error(format!(
            "{what} must be str or None, not {}",
            crate::ops::type_name(other)
        ))),
    }
}

/// Tries new names `dir/prefix + random + suffix` until `make` creates
/// one that did not exist; the path made.
fn unique_path(
    suffix: &Value,
    prefix: &Value,
    dir: &Value,
    mut make: impl FnMut(&str) -> std::io::Result<()>,
) -> Result<String> {
    let suffix = text_or(suffix, "", "suffix")?;
    let prefix = text_or(prefix, "tmp", "prefix")?;
    let dir = text_or(dir, &temp_dir(), "dir")?;
    let dir = std::path::absolute(&dir)
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or(dir);
    let mut last = None;
    for _ in 0..100 {
        let path = format!(
            "{}/{prefix}{}{suffix}",
            dir.trim_end_matches('/'),
            random_chars()
        );
        match make(&path) {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(crate::files::os_error(&e, &path)),
        }
    }
    let e = last.unwrap_or_else(|| std::io::Error::from_raw_os_error(17));
    Err(Error::new(
        crate::ExcKind::FileExistsError,
        format!("No usable temporary file name found ({e})"),
    ))
}

fn mkdtemp(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let path = unique_path(a.get(0), a.get(1), a.get(2), |p| std::fs::create_dir(p))?;
    Ok(Value::str(path))
}

/// A new file at a unique path, opened by `open(path, mode, buffering,
/// encoding)`: `mode` must be a writing mode with `+` or `w`, as CPython's.
fn new_file(host: &mut dyn Host, a: &Args) -> Result<(String, Value)> {
    let path = unique_path(a.get(4), a.get(5), a.get(6), |p| {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(p)
            .map(drop)
    })?;
    let mode = text_or(a.get(0), "w+b", "mode")?;
    let mut args = Args {
        values: vec![
            Value::str(path.as_str()),
            Value::str(mode),
            a.get(1).clone(),
            a.get(2).clone(),
        ],
        rest: Vec::new(),
    };
    match crate::files::open_entry(host, &mut args) {
        Ok(f) => Ok((path, f)),
        Err(e) => {
            let _ = std::fs::remove_file(&path);
            Err(e)
        }
    }
}

fn temporary_file(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (path, f) = new_file(host, a)?;
    // Gone from the directory at once; the open file stays usable.
    let _ = std::fs::remove_file(&path);
    Ok(f)
}

fn named_temporary_file(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (_, f) = new_file(host, a)?;
    if crate::ops::truthy(a.get(7))? {
        if let Value::Object(o) = &f {
            if let Object::File(file) = &**o {
                file.delete_on_close.set(true);
            }
        }
    }
    Ok(f)
}

fn temporary_directory(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let name = unique_path(a.get(0), a.get(1), a.get(2), |p| std::fs::create_dir(p))?;
    Ok(Value::Object(Rc::new(Object::TempDir(TempDir {
        name,
        done: Cell::new(false),
        ignore_errors: crate::ops::truthy(a.get(3))?,
    }))))
}
