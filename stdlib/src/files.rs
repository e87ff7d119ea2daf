//! `open()` and file objects: text and binary, read, write and append, as
//! CPython's `io` module behaves for a script (`read`, `readline`,
//! `readlines`, iteration over lines, `write`, `writelines`, `seek`,
//! `tell`, `close`, `with open(...) as f`), with its `OSError` messages.
//!
//! A file opened for reading is read whole when it is opened; text is
//! decoded (and its `\r\n` and `\r` line ends made `\n`, as universal
//! newlines do) at the first read. `tell()` and `seek()` count bytes of
//! that decoded text, which for ASCII text with `\n` line ends is the
//! file's own byte offset. Writes are buffered and reach the file at
//! `flush()`, `close()`, the end of a `with`, or when the object goes away.
//!
//! A file opened for updating (`'r+'`, `'w+'`, `'a+'`, `'x+'`) is held in
//! memory as its bytes: reads and writes share one position, a write
//! overwrites from it (in `'a+'`, appends at the end), and the whole
//! contents are written back at the same points.

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::ops::type_name;
use crate::py::bytes;
use crate::py::num;
use crate::table::FuncDef;
use crate::value::{Object, Value};
use crate::{Error, ExcKind, Result};

/// `open` and the file methods.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, Builtin, "builtins", "open", "(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None)", open,
        "Open a file: mode 'r' (read), 'w' (truncate and write), 'a' (append) or 'x' (create), with 'b' for bytes and '+' for reading and writing; text is utf-8 unless encoding says.",
        ["open('/no/such/file')  # FileNotFoundError: [Errno 2] No such file or directory: '/no/such/file'",
         "open('/', 'w')  # IsADirectoryError: [Errno 21] Is a directory: '/'",
         "open('/tmp/x', 'q')  # ValueError: invalid mode: 'q'"]),
    entry!(Type, Builtin, "_io", "TextIOWrapper", "(*args, **kwargs)", no_constructor,
        "The type of a file opened in text mode.", ["type(open('/tmp/xpush_example.txt', 'w'))  # <class '_io.TextIOWrapper'>"]),
    entry!(Type, Builtin, "_io", "BufferedReader", "(*args, **kwargs)", no_constructor,
        "The type of a file opened for reading bytes.", ["type(open('/tmp/xpush_example.txt', 'rb'))  # <class '_io.BufferedReader'>"]),
    entry!(Type, Builtin, "_io", "BufferedWriter", "(*args, **kwargs)", no_constructor,
        "The type of a file opened for writing bytes.", ["type(open('/tmp/xpush_example.txt', 'wb'))  # <class '_io.BufferedWriter'>"]),
    entry!(Type, Builtin, "_io", "BufferedRandom", "(*args, **kwargs)", no_constructor,
        "The type of a file opened for reading and writing bytes ('+').", ["type(open('/tmp/xpush_example.txt', 'wb+'))  # <class '_io.BufferedRandom'>"]),
    entry!(Type, Builtin, "_io", "StringIO", "(initial_value='', newline='\\n')", string_io,
        "An in-memory text file: reads, writes and seeks like an open file; getvalue() is its whole text (what np.loadtxt and np.genfromtxt read in NumPy's examples).",
        ["io.StringIO('1 2\\n3 4').readline()  # '1 2\\n'", "f = io.StringIO(); f.write('ab'); f.getvalue()  # 'ab'"]),
    entry!(Type, Builtin, "_io", "BytesIO", "(initial_bytes=None)", bytes_io,
        "An in-memory binary file: reads, writes and seeks bytes; getvalue() is its whole contents.",
        ["io.BytesIO(b'ab').read(1)  # b'a'", "f = io.BytesIO(); f.write(b'xy'); f.getvalue()  # b'xy'"]),
    entry!(Method, Builtin, "file", "getvalue", "(self, /)", getvalue,
        "The whole contents of an io.StringIO (a str) or io.BytesIO (bytes), wherever the position is.",
        ["f = io.StringIO('ab'); f.read(); f.getvalue()  # 'ab'"]),
    entry!(Method, Builtin, "file", "read", "(self, size=-1, /)", read,
        "Read size characters (bytes in binary mode), or everything left.", ["f = open('/tmp/xpush_example.txt', 'w'); f.write('ab\\ncd\\n'); f.close(); f = open('/tmp/xpush_example.txt'); f.read()  # 'ab\\ncd\\n'", "f = open('/tmp/xpush_example.txt', 'w'); f.write('ab\\ncd\\n'); f.close(); f = open('/tmp/xpush_example.txt'); f.read(3)  # 'ab\\n'"]),
    entry!(Method, Builtin, "file", "readline", "(self, size=-1, /)", readline,
        "Read one line, with its line end; '' at the end of the file.", ["f = open('/tmp/xpush_example.txt', 'w'); f.write('ab\\ncd\\n'); f.close(); f = open('/tmp/xpush_example.txt'); f.readline()  # 'ab\\n'"]),
    entry!(Method, Builtin, "file", "readlines", "(self, hint=-1, /)", readlines,
        "Read the remaining lines into a list.", ["f = open('/tmp/xpush_example.txt', 'w'); f.write('ab\\ncd\\n'); f.close(); f = open('/tmp/xpush_example.txt'); f.readlines()  # ['ab\\n', 'cd\\n']"]),
    entry!(Method, Builtin, "file", "write", "(self, s, /)", write,
        "Write a str (bytes in binary mode); return how many characters (bytes) were written.", ["f = open('/tmp/xpush_example.txt', 'w'); f.write('héllo')  # 5", "f = open('/tmp/xpush_example.txt', 'wb'); f.write('x')  # TypeError: a bytes-like object is required, not 'str'"]),
    entry!(Method, Builtin, "file", "writelines", "(self, lines, /)", writelines,
        "Write each string of an iterable (no line ends are added).", ["f = open('/tmp/xpush_example.txt', 'w'); f.writelines(['ab\\n', 'cd\\n']); f.close(); f = open('/tmp/xpush_example.txt'); f.read()  # 'ab\\ncd\\n'"]),
    entry!(Method, Builtin, "file", "seek", "(self, cookie, whence=0, /)", seek,
        "Move to a position: from the start (whence 0), the current position (1, offset 0 only in text mode) or the end (2).", ["f = open('/tmp/xpush_example.txt', 'w'); f.write('ab\\ncd\\n'); f.close(); f = open('/tmp/xpush_example.txt'); f.read(); f.seek(3); f.read()  # 'cd\\n'"]),
    entry!(Method, Builtin, "file", "tell", "(self, /)", tell, "The current position.", ["f = open('/tmp/xpush_example.txt', 'w'); f.write('ab\\ncd\\n'); f.close(); f = open('/tmp/xpush_example.txt'); f.readline(); f.tell()  # 3"]),
    entry!(Method, Builtin, "file", "flush", "(self, /)", flush, "Write out what is buffered.", ["f = open('/tmp/xpush_example.txt', 'w'); f.write('a'); f.flush()  # None"]),
    entry!(Method, Builtin, "file", "close", "(self, /)", close,
        "Flush and close the file; closing twice is allowed.", ["f = open('/tmp/xpush_example.txt', 'w'); f.write('ab\\ncd\\n'); f.close(); f = open('/tmp/xpush_example.txt'); f.close(); f.closed  # True", "f = open('/tmp/xpush_example.txt', 'w'); f.write('ab\\ncd\\n'); f.close(); f = open('/tmp/xpush_example.txt'); f.close(); f.read()  # ValueError: I/O operation on closed file."]),
    entry!(Method, Builtin, "file", "readable", "(self, /)", readable, "Whether the file was opened for reading.", ["f = open('/tmp/xpush_example.txt', 'w'); f.write('ab\\ncd\\n'); f.close(); f = open('/tmp/xpush_example.txt'); f.readable()  # True"]),
    entry!(Method, Builtin, "file", "writable", "(self, /)", writable, "Whether the file was opened for writing.", ["f = open('/tmp/xpush_example.txt', 'w'); f.write('ab\\ncd\\n'); f.close(); f = open('/tmp/xpush_example.txt'); f.writable()  # False"]),
];

/// What a file object holds.
pub struct FileObj {
    /// The name it was opened with (`f.name`).
    pub name: String,
    /// The mode as given (`f.mode`).
    pub mode: String,
    /// Bytes in, bytes out.
    pub binary: bool,
    /// The text encoding (text mode).
    pub encoding: String,
    /// The state that changes.
    pub state: RefCell<FileState>,
    /// Whether closing it removes it (`tempfile.NamedTemporaryFile`).
    pub delete_on_close: std::cell::Cell<bool>,
}

impl Drop for FileObj {
    /// A file that removes itself when closed does so when it goes away
    /// unclosed, as CPython's finalizer does.
    fn drop(&mut self) {
        if self.delete_on_close.replace(false) {
            let _ = std::fs::remove_file(&self.name);
        }
    }
}

/// The changing part of a file object.
pub struct FileState {
    /// For reading: the file's bytes.
    data: Vec<u8>,
    /// For reading in text mode: the decoded text, once read.
    text: Option<String>,
    /// The position: in `data` (binary) or `text` (text mode).
    pos: usize,
    /// For writing: the file and what is not written to it yet.
    out: Option<std::io::BufWriter<std::fs::File>>,
    /// For updating (`'+'` modes): the file `data` is written back to.
    update: Option<std::fs::File>,
    /// Whether `data` has writes the file does not have yet.
    dirty: bool,
    /// `'a+'`: every write goes to the end.
    append: bool,
    /// Whether the file was opened for reading.
    readable: bool,
    /// Whether `close()` ran.
    closed: bool,
    /// An `io.StringIO` or `io.BytesIO`: `data` is all there is (read,
    /// written in place, never written out), and text has no newline
    /// translation.
    memory: bool,
}

impl FileState {
    /// A state at position 0 holding `data`, open, nothing written.
    fn new(data: Vec<u8>, readable: bool, memory: bool) -> FileState {
        FileState {
            data,
            text: None,
            pos: 0,
            out: None,
            update: None,
            dirty: false,
            append: false,
            readable,
            closed: false,
            memory,
        }
    }

    /// Writes out what is buffered: a writer's buffer, or an updated
    /// file's whole contents.
    fn write_out(&mut self) -> std::io::Result<()> {
        if let Some(out) = &mut self.out {
            out.flush()?;
        }
        if let (Some(f), true) = (&mut self.update, self.dirty) {
            use std::io::Seek;
            f.seek(std::io::SeekFrom::Start(0))?;
            f.write_all(&self.data)?;
            f.set_len(self.data.len() as u64)?;
            f.flush()?;
            self.dirty = false;
        }
        Ok(())
    }
}

impl Drop for FileState {
    fn drop(&mut self) {
        // A file never closed is still written out, as CPython does when
        // the object goes away.
        let _ = self.write_out();
    }
}

impl FileObj {
    /// `repr(f)`: `<_io.TextIOWrapper name='x' mode='r' encoding='UTF-8'>`.
    pub fn repr(&self) -> String {
        if self.state.borrow().memory {
            return format!(
                "<{} object at {:#x}>",
                self.type_name(),
                self as *const _ as usize
            );
        }
        let name = crate::py::repr::str_repr(&self.name);
        if !self.binary {
            let enc = match self.encoding.as_str() {
                "utf-8" => "UTF-8",
                other => other,
            };
            return format!(
                "<_io.TextIOWrapper name={name} mode={} encoding={}>",
                crate::py::repr::str_repr(&self.mode),
                crate::py::repr::str_repr(enc)
            );
        }
        format!("<{} name={name}>", self.type_name())
    }

    /// Python's type name: `_io.TextIOWrapper`, `_io.BufferedReader`, `_io.BufferedWriter`.
    pub fn type_name(&self) -> &'static str {
        let st = self.state.borrow();
        if st.memory {
            return if self.binary {
                "_io.BytesIO"
            } else {
                "_io.StringIO"
            };
        }
        match (self.binary, st.readable, st.update.is_some()) {
            (false, ..) => "_io.TextIOWrapper",
            (true, _, true) => "_io.BufferedRandom",
            (true, true, false) => "_io.BufferedReader",
            (true, false, false) => "_io.BufferedWriter",
        }
    }

    /// Readies the file for `for line in f`: a closed file, a file not
    /// opened for reading and text that does not decode fail here.
    pub fn start_lines(&self) -> Result<()> {
        self.reading().map(drop)
    }

    /// `f.name`, `f.mode`, `f.closed`, `f.encoding`.
    pub fn attr(&self, name: &str) -> Option<Value> {
        if self.state.borrow().memory && matches!(name, "name" | "mode" | "encoding") {
            return None;
        }
        Some(match name {
            "name" => Value::str(self.name.as_str()),
            "mode" => Value::str(self.mode.as_str()),
            "closed" => Value::Bool(self.state.borrow().closed),
            "encoding" if !self.binary => Value::str(self.encoding.as_str()),
            _ => return None,
        })
    }

    /// One line for iteration (`for line in f`); `None` at the end (or
    /// when the file was closed during the loop).
    pub fn next_line(&self) -> Result<Option<Value>> {
        let line = self.readline(-1)?;
        let empty = match &line {
            Value::Str(s) => s.is_empty(),
            Value::Bytes(b) => b.is_empty(),
            _ => true,
        };
        Ok(if empty { None } else { Some(line) })
    }

    fn open_state(&self) -> Result<std::cell::RefMut<'_, FileState>> {
        let st = self.state.borrow_mut();
        if st.closed {
            // (CPython's in-memory files say it without the period)
            return Err(Error::value_error(if st.memory {
                "I/O operation on closed file"
            } else {
                "I/O operation on closed file."
            }));
        }
        Ok(st)
    }

    /// The state for reading, the text decoded.
    fn reading(&self) -> Result<std::cell::RefMut<'_, FileState>> {
        let mut st = self.open_state()?;
        if !st.readable {
            return Err(Error::new(ExcKind::UnsupportedOperation, "not readable"));
        }
        if !self.binary && st.text.is_none() {
            let raw = bytes::decode(&st.data, &self.encoding, "strict")?;
            st.text = Some(if st.memory {
                raw
            } else {
                raw.replace("\r\n", "\n").replace('\r', "\n")
            });
        }
        Ok(st)
    }

    fn read(&self, size: i64) -> Result<Value> {
        let mut st = self.reading()?;
        let pos = st.pos;
        if self.binary {
            let end = if size < 0 {
                st.data.len()
            } else {
                (pos + size as usize).min(st.data.len())
            };
            st.pos = end.max(pos);
            return Ok(Value::Bytes(st.data[pos.min(end)..end].into()));
        }
        let text = st.text.as_deref().unwrap_or("");
        let rest = text.get(pos..).unwrap_or("");
        let taken = if size < 0 {
            rest
        } else {
            let n = rest
                .char_indices()
                .nth(size as usize)
                .map_or(rest.len(), |(i, _)| i);
            &rest[..n]
        };
        let out = Value::str(taken);
        st.pos = pos + taken.len();
        Ok(out)
    }

    fn readline(&self, size: i64) -> Result<Value> {
        let mut st = self.reading()?;
        let pos = st.pos;
        let limit = if size < 0 { usize::MAX } else { size as usize };
        if self.binary {
            let rest = st.data.get(pos..).unwrap_or(&[]);
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(rest.len(), |i| i + 1)
                .min(limit);
            let out = Value::Bytes(rest[..end].into());
            st.pos = pos + end;
            return Ok(out);
        }
        let text = st.text.as_deref().unwrap_or("");
        let rest = text.get(pos..).unwrap_or("");
        let mut end = rest.find('\n').map_or(rest.len(), |i| i + 1);
        if let Some((i, _)) = rest.char_indices().nth(limit) {
            end = end.min(i);
        }
        let out = Value::str(&rest[..end]);
        st.pos = pos + end;
        Ok(out)
    }

    fn write(&self, v: &Value) -> Result<usize> {
        let mut st = self.open_state()?;
        if st.out.is_none() && st.update.is_none() && !st.memory {
            return Err(Error::new(ExcKind::UnsupportedOperation, "not writable"));
        }
        let (data, n) = if self.binary {
            let b = bytes::bytes_like(v)?;
            let n = b.len();
            (b, n)
        } else {
            let Value::Str(s) = v else {
                return Err(Error::type_error(if st.memory {
                    format!("string argument expected, got '{}'", type_name(v))
                } else {
                    format!("write() argument must be str, not {}", type_name(v))
                }));
            };
            (
                bytes::encode(s, &self.encoding, "strict")?,
                s.chars().count(),
            )
        };
        if let Some(out) = st.out.as_mut() {
            out.write_all(&data).map_err(|e| os_error(&e, &self.name))?;
            st.pos += data.len();
            return Ok(n);
        }
        // Updating: overwrite the contents from the position (the end in
        // 'a+'); the text is decoded again at the next read.
        let st = &mut *st;
        let len = st.data.len();
        let at = if st.append { len } else { st.pos.min(len) };
        let end = (at + data.len()).min(len);
        st.data.splice(at..end, data.iter().copied());
        st.pos = at + data.len();
        st.text = None;
        st.dirty = true;
        Ok(n)
    }

    /// What `print(..., file=f)` writes; `flush` as its `flush=`.
    pub fn write_str(&self, text: &str, flush: bool) -> Result<()> {
        if self.binary {
            return Err(Error::type_error(
                "a bytes-like object is required, not 'str'",
            ));
        }
        self.write(&Value::str(text))?;
        if flush {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&self) -> Result<()> {
        let mut st = self.open_state()?;
        st.write_out().map_err(|e| os_error(&e, &self.name))
    }

    /// `close()`: flushes; closing a closed file does nothing.
    pub fn close(&self) -> Result<()> {
        let mut st = self.state.borrow_mut();
        if st.closed {
            return Ok(());
        }
        st.closed = true;
        let written = st.write_out();
        st.out = None;
        st.update = None;
        st.data = Vec::new();
        st.text = None;
        if self.delete_on_close.replace(false) {
            let _ = std::fs::remove_file(&self.name);
        }
        written.map_err(|e| os_error(&e, &self.name))?;
        Ok(())
    }
}

/// CPython's `OSError` of an `io::Error` on `path`: the subclass for the
/// errno, `[Errno 2] No such file or directory: 'path'`.
pub fn os_error(e: &std::io::Error, path: &str) -> Error {
    let errno = e.raw_os_error().unwrap_or(0);
    let (kind, text) = match errno {
        2 => (ExcKind::FileNotFoundError, "No such file or directory"),
        13 => (ExcKind::PermissionError, "Permission denied"),
        17 => (ExcKind::FileExistsError, "File exists"),
        20 => (ExcKind::NotADirectoryError, "Not a directory"),
        21 => (ExcKind::IsADirectoryError, "Is a directory"),
        _ => {
            let msg = e.to_string();
            let text = msg.split(" (os error").next().unwrap_or(&msg).to_string();
            return Error::new(
                ExcKind::OSError,
                format!(
                    "[Errno {errno}] {text}: {}",
                    crate::py::repr::str_repr(path)
                ),
            );
        }
    };
    Error::new(
        kind,
        format!(
            "[Errno {errno}] {text}: {}",
            crate::py::repr::str_repr(path)
        ),
    )
}

/// The file object behind `v`.
pub fn file_of(v: &Value) -> Option<&FileObj> {
    match v {
        Value::Object(o) => match &**o {
            Object::File(f) => Some(f),
            _ => None,
        },
        _ => None,
    }
}

fn recv(a: &Args) -> Result<&FileObj> {
    file_of(a.get(0)).ok_or_else(|| Error::type_error("expected a file object"))
}

/// `open(file, mode, buffering, encoding, ...)`, for the modules that
/// open files of their own (`tempfile`).
pub fn open_entry(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    open(host, a)
}

fn open(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let name = match a.get(0) {
        Value::Str(s) => s.to_string(),
        other => {
            return Err(Error::type_error(format!(
                "expected str, bytes or os.PathLike object, not {}",
                type_name(other)
            )))
        }
    };
    let mode = match a.get(1) {
        Value::Str(s) => s.to_string(),
        other => {
            return Err(Error::type_error(format!(
                "open() argument 'mode' must be str, not {}",
                type_name(other)
            )))
        }
    };
    // CPython's checks, in its order: a repeated or unknown letter, text
    // with binary, then exactly one of r/w/a/x.
    let mut seen = String::new();
    for c in mode.chars() {
        if !"rwaxbt+".contains(c) || seen.contains(c) {
            return Err(Error::value_error(format!("invalid mode: '{mode}'")));
        }
        seen.push(c);
    }
    if mode.contains('b') && mode.contains('t') {
        return Err(Error::value_error(
            "can't have text and binary mode at once",
        ));
    }
    let kinds: Vec<char> = mode.chars().filter(|c| "rwax".contains(*c)).collect();
    let kind = match kinds[..] {
        [k] => k,
        [] => {
            return Err(Error::value_error(
                "Must have exactly one of create/read/write/append mode and at most one plus",
            ))
        }
        _ => {
            return Err(Error::value_error(
                "must have exactly one of create/read/write/append mode",
            ))
        }
    };
    let binary = mode.contains('b');
    let encoding = match a.get(3) {
        Value::None => "utf-8".to_string(),
        Value::Str(s) if binary => {
            let _ = s;
            return Err(Error::value_error(
                "binary mode doesn't take an encoding argument",
            ));
        }
        Value::Str(s) => {
            // Unknown codecs fail here, as CPython's lookup at open does.
            bytes::encode("", s, "strict")?;
            s.to_string()
        }
        other => {
            return Err(Error::type_error(format!(
                "open() argument 'encoding' must be str or None, not {}",
                type_name(other)
            )))
        }
    };
    let path = std::path::Path::new(&name);
    let err = |e: std::io::Error| os_error(&e, &name);
    let is_dir = path.is_dir();
    let mut state = FileState::new(Vec::new(), kind == 'r' || mode.contains('+'), false);
    if is_dir {
        return Err(os_error(&std::io::Error::from_raw_os_error(21), &name));
    }
    match kind {
        _ if mode.contains('+') => {
            let mut opts = std::fs::OpenOptions::new();
            opts.read(true).write(true);
            match kind {
                'r' => &mut opts,
                'w' => opts.create(true).truncate(true),
                'a' => opts.create(true),
                _ => opts.create_new(true),
            };
            let mut f = opts.open(path).map_err(err)?;
            if matches!(kind, 'r' | 'a') {
                use std::io::Read;
                f.read_to_end(&mut state.data).map_err(err)?;
            }
            state.append = kind == 'a';
            state.pos = if state.append { state.data.len() } else { 0 };
            state.update = Some(f);
        }
        'r' => state.data = std::fs::read(path).map_err(err)?,
        _ => {
            let mut opts = std::fs::OpenOptions::new();
            match kind {
                'w' => opts.write(true).create(true).truncate(true),
                'a' => opts.append(true).create(true),
                _ => opts.write(true).create_new(true),
            };
            let f = opts.open(path).map_err(err)?;
            state.out = Some(std::io::BufWriter::new(f));
        }
    }
    Ok(Value::Object(Rc::new(Object::File(FileObj {
        name,
        mode,
        binary,
        encoding,
        state: RefCell::new(state),
        delete_on_close: std::cell::Cell::new(false),
    }))))
}

fn no_constructor(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Err(Error::type_error("files are made by open()"))
}

fn size_arg(v: &Value) -> Result<i64> {
    match v {
        Value::None => Ok(-1),
        other => num::index_i64(other),
    }
}

fn read(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    recv(a)?.read(size_arg(a.get(1))?)
}

fn readline(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    recv(a)?.readline(size_arg(a.get(1))?)
}

fn readlines(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let f = recv(a)?;
    let mut lines = Vec::new();
    while let Some(line) = f.next_line()? {
        lines.push(line);
    }
    Ok(Value::list(lines))
}

fn write(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(recv(a)?.write(a.get(1))? as i64))
}

fn writelines(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let f = recv(a)?;
    for line in crate::py::lazy::collect(host, a.get(1))? {
        f.write(&line)?;
    }
    Ok(Value::None)
}

fn seek(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let f = recv(a)?;
    let offset = num::index_i64(a.get(1))?;
    let whence = num::index_i64(a.get(2))?;
    let mut st = f.reading()?;
    let len = if f.binary {
        st.data.len()
    } else {
        st.text.as_ref().map_or(0, String::len)
    } as i64;
    if !f.binary && whence != 0 && offset != 0 {
        let which = if whence == 1 { "cur" } else { "end" };
        return Err(Error::new(
            ExcKind::UnsupportedOperation,
            format!("can't do nonzero {which}-relative seeks"),
        ));
    }
    let base = match whence {
        0 => 0,
        1 => st.pos as i64,
        2 => len,
        _ => {
            return Err(Error::value_error(format!(
                "invalid whence ({whence}, should be 0, 1 or 2)"
            )))
        }
    };
    let target = base + offset;
    if target < 0 {
        return Err(Error::value_error(format!(
            "negative seek position {target}"
        )));
    }
    st.pos = target as usize;
    Ok(Value::Int(target))
}

fn tell(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let f = recv(a)?;
    let st = f.open_state()?;
    Ok(Value::Int(st.pos as i64))
}

fn flush(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    recv(a)?.flush()?;
    Ok(Value::None)
}

fn close(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    recv(a)?.close()?;
    Ok(Value::None)
}

fn readable(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let f = recv(a)?;
    let st = f.open_state()?;
    Ok(Value::Bool(st.readable))
}

fn writable(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let f = recv(a)?;
    let st = f.open_state()?;
    Ok(Value::Bool(
        st.out.is_some() || st.update.is_some() || st.memory,
    ))
}

/// An in-memory file holding `data`, at position 0.
fn memory_file(data: Vec<u8>, binary: bool) -> Value {
    Value::Object(Rc::new(Object::File(FileObj {
        name: String::new(),
        mode: String::new(),
        binary,
        encoding: "utf-8".into(),
        state: RefCell::new(FileState::new(data, true, true)),
        delete_on_close: std::cell::Cell::new(false),
    })))
}

/// `io.StringIO(initial_value='')`.
fn string_io(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text = match a.get(0) {
        Value::None => String::new(),
        Value::Str(s) => s.to_string(),
        other => {
            return Err(Error::type_error(format!(
                "initial_value must be str or None, not {}",
                type_name(other)
            )))
        }
    };
    match a.get(1) {
        Value::None => {}
        Value::Str(n) if matches!(&**n, "" | "\n" | "\r" | "\r\n") => {}
        Value::Str(n) => {
            return Err(Error::value_error(format!(
                "illegal newline value: {}",
                crate::py::repr::str_repr(n)
            )))
        }
        other => {
            return Err(Error::type_error(format!(
                "newline must be str or None, not {}",
                type_name(other)
            )))
        }
    }
    Ok(memory_file(text.into_bytes(), false))
}

/// `io.BytesIO(initial_bytes=b'')`.
fn bytes_io(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let data = match a.get(0) {
        Value::None => Vec::new(),
        v => bytes::bytes_like(v)?,
    };
    Ok(memory_file(data, true))
}

/// `f.getvalue()` of an in-memory file.
fn getvalue(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let f = recv(a)?;
    let st = f.open_state()?;
    if !st.memory {
        return Err(Error::attribute_error(format!(
            "'{}' object has no attribute 'getvalue'",
            f.type_name()
        )));
    }
    Ok(if f.binary {
        Value::Bytes(st.data.as_slice().into())
    } else {
        Value::str(String::from_utf8_lossy(&st.data).as_ref())
    })
}
