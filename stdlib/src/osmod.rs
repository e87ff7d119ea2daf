//! The `os` and `os.path` modules: the part scripts use to find, make and
//! remove files, with CPython's `posixpath` string rules and its
//! `OSError` messages.

use crate::bind::Args;
use crate::entry;
use crate::files::os_error;
use crate::host::Host;
use crate::ops::{self, type_name};
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The `os` and `os.path` functions.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, System, "os", "getcwd", "()", getcwd, "The current working directory.", ["type(os.getcwd())  # <class 'str'>"]),
    entry!(Function, System, "os", "listdir", "(path='.')", listdir,
        "The names in a directory (in the file system's order: sort them for a stable one).",
        ["os.listdir('/no/such/dir')  # FileNotFoundError: [Errno 2] No such file or directory: '/no/such/dir'"]),
    entry!(Function, System, "os", "mkdir", "(path, mode=511)", mkdir,
        "Make a directory.", ["os.mkdir('/')  # FileExistsError: [Errno 17] File exists: '/'"]),
    entry!(Function, System, "os", "makedirs", "(name, mode=511, exist_ok=False)", makedirs,
        "Make a directory and the missing ones above it; an existing one is FileExistsError unless exist_ok.",
        ["os.makedirs('/tmp', exist_ok=True)  # None", "os.makedirs('/tmp')  # FileExistsError: [Errno 17] File exists: '/tmp'"]),
    entry!(Function, System, "os", "remove", "(path)", remove,
        "Delete a file.", ["os.remove('/no/such/file')  # FileNotFoundError: [Errno 2] No such file or directory: '/no/such/file'"]),
    entry!(Function, System, "os", "unlink", "(path)", remove,
        "Delete a file (the same as os.remove).", ["os.unlink('/no/such/file')  # FileNotFoundError: [Errno 2] No such file or directory: '/no/such/file'"]),
    entry!(Function, System, "os", "rmdir", "(path)", rmdir,
        "Delete an empty directory.", ["os.rmdir('/no/such/dir')  # FileNotFoundError: [Errno 2] No such file or directory: '/no/such/dir'"]),
    entry!(Function, System, "os", "rename", "(src, dst)", rename,
        "Rename a file or directory.", ["os.rename('/no/such/a', '/tmp/b')  # FileNotFoundError: [Errno 2] No such file or directory: '/no/such/a' -> '/tmp/b'"]),
    entry!(Function, System, "os", "getenv", "(key, default=None)", getenv,
        "An environment variable, or default.", ["os.getenv('XPUSH_SURELY_UNSET_VARIABLE', 'none')  # 'none'"]),
    entry!(Function, System, "os", "cpu_count", "()", cpu_count, "How many CPUs the machine has.", ["os.cpu_count() > 0  # True"]),
    entry!(Function, System, "os.path", "join", "(a, *p)", join,
        "Join path parts with '/': an absolute part starts over.",
        ["os.path.join('data', 'raw', 'x.csv')  # 'data/raw/x.csv'", "os.path.join('a/', 'b')  # 'a/b'", "os.path.join('a', '/b', 'c')  # '/b/c'"]),
    entry!(Function, System, "os.path", "split", "(p)", split,
        "(head, tail): tail is the last part, head the rest without its trailing slashes.",
        ["os.path.split('/a/b/c.txt')  # ('/a/b', 'c.txt')", "os.path.split('c.txt')  # ('', 'c.txt')"]),
    entry!(Function, System, "os.path", "basename", "(p)", basename,
        "The last part of a path.", ["os.path.basename('/a/b/c.txt')  # 'c.txt'", "os.path.basename('/a/b/')  # ''"]),
    entry!(Function, System, "os.path", "dirname", "(p)", dirname,
        "The directory part of a path.", ["os.path.dirname('/a/b/c.txt')  # '/a/b'", "os.path.dirname('c.txt')  # ''"]),
    entry!(Function, System, "os.path", "splitext", "(p)", splitext,
        "(root, ext): ext is the last dot and what follows it in the last part (leading dots do not count).",
        ["os.path.splitext('data/x.tar.gz')  # ('data/x.tar', '.gz')", "os.path.splitext('.bashrc')  # ('.bashrc', '')"]),
    entry!(Function, System, "os.path", "normpath", "(path)", normpath,
        "The path with '.', '..' and repeated slashes resolved as text.",
        ["os.path.normpath('a//b/./c/../d')  # 'a/b/d'", "os.path.normpath('')  # '.'"]),
    entry!(Function, System, "os.path", "abspath", "(path)", abspath,
        "The absolute, normalised path.", ["os.path.abspath('/a/./b/..')  # '/a'"]),
    entry!(Function, System, "os.path", "isabs", "(s)", isabs, "Whether a path is absolute.", ["os.path.isabs('/a')  # True"]),
    entry!(Function, System, "os.path", "expanduser", "(path)", expanduser,
        "A leading '~' replaced by the home directory.", ["os.path.expanduser('/a/~b')  # '/a/~b'"]),
    entry!(Function, System, "os.path", "exists", "(path)", exists,
        "Whether a file or directory exists.", ["os.path.exists('/')  # True", "os.path.exists('/no/such/file')  # False"]),
    entry!(Function, System, "os.path", "isfile", "(path)", isfile, "Whether a path is an existing file.", ["os.path.isfile('/')  # False"]),
    entry!(Function, System, "os.path", "isdir", "(path)", isdir, "Whether a path is an existing directory.", ["os.path.isdir('/')  # True"]),
    entry!(Function, System, "os.path", "getsize", "(filename)", getsize,
        "A file's size in bytes.", ["os.path.getsize('/no/such/file')  # FileNotFoundError: [Errno 2] No such file or directory: '/no/such/file'"]),
];

/// `os`: its functions, `os.path`, and `sep`, `linesep`, `curdir`, `pardir`.
pub fn build_os(_: &mut dyn Host) -> Result<Value> {
    let os = crate::modules::from_table("os");
    if let Value::Module(m) = &os {
        m.set("path", build_path());
        for (name, v) in [
            ("sep", "/"),
            ("linesep", "\n"),
            ("curdir", "."),
            ("pardir", ".."),
        ] {
            m.set(name, Value::str(v));
        }
        m.set("name", Value::str("posix"));
    }
    Ok(os)
}

/// `os.path`: its functions and `sep`.
pub fn build_path() -> Value {
    let path = crate::modules::from_table("os.path");
    if let Value::Module(m) = &path {
        m.set("sep", Value::str("/"));
    }
    path
}

/// A path argument: a str, or CPython's TypeError naming the function.
fn path_arg<'a>(v: &'a Value, func: &str) -> Result<&'a str> {
    match v {
        Value::Str(s) => Ok(s),
        other => Err(Error::type_error(format!(
            "{func}: path should be string, bytes or os.PathLike, not {}",
            type_name(other)
        ))),
    }
}

/// A `posixpath` function argument: a str (`expected str, bytes or
/// os.PathLike object, not int` otherwise).
fn text_arg(v: &Value) -> Result<&str> {
    match v {
        Value::Str(s) => Ok(s),
        other => Err(Error::type_error(format!(
            "expected str, bytes or os.PathLike object, not {}",
            type_name(other)
        ))),
    }
}

fn getcwd(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    let cwd = std::env::current_dir().map_err(|e| os_error(&e, "."))?;
    Ok(Value::str(cwd.to_string_lossy().as_ref()))
}

fn listdir(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let dir = path_arg(a.get(0), "listdir")?;
    let entries = std::fs::read_dir(dir).map_err(|e| os_error(&e, dir))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| os_error(&e, dir))?;
        names.push(Value::str(entry.file_name().to_string_lossy().as_ref()));
    }
    Ok(Value::list(names))
}

fn mkdir(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let p = path_arg(a.get(0), "mkdir")?;
    std::fs::create_dir(p).map_err(|e| os_error(&e, p))?;
    Ok(Value::None)
}

fn makedirs(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let p = path_arg(a.get(0), "makedirs")?;
    if std::path::Path::new(p).exists() {
        if ops::truthy(a.get(2))? && std::path::Path::new(p).is_dir() {
            return Ok(Value::None);
        }
        return Err(os_error(&std::io::Error::from_raw_os_error(17), p));
    }
    std::fs::create_dir_all(p).map_err(|e| os_error(&e, p))?;
    Ok(Value::None)
}

fn remove(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let p = path_arg(a.get(0), "remove")?;
    if std::path::Path::new(p).is_dir() {
        return Err(os_error(&std::io::Error::from_raw_os_error(21), p));
    }
    std::fs::remove_file(p).map_err(|e| os_error(&e, p))?;
    Ok(Value::None)
}

fn rmdir(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let p = path_arg(a.get(0), "rmdir")?;
    std::fs::remove_dir(p).map_err(|e| os_error(&e, p))?;
    Ok(Value::None)
}

fn rename(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let src = path_arg(a.get(0), "rename")?;
    let dst = path_arg(a.get(1), "rename")?;
    std::fs::rename(src, dst).map_err(|e| {
        // CPython names both paths: `'a' -> 'b'`.
        let err = os_error(&e, src);
        Error::new(
            err.kind(),
            format!("{} -> {}", err.msg(), crate::py::repr::str_repr(dst)),
        )
    })?;
    Ok(Value::None)
}

fn getenv(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let key = match a.get(0) {
        Value::Str(s) => s.clone(),
        other => {
            return Err(Error::type_error(format!(
                "str expected, not {}",
                type_name(other)
            )))
        }
    };
    Ok(match std::env::var(&*key) {
        Ok(v) => Value::str(v),
        Err(_) => a.get(1).clone(),
    })
}

fn cpu_count(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(std::thread::available_parallelism().map_or(Value::None, |n| Value::Int(n.get() as i64)))
}

/// `posixpath.join`.
fn join(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut path = text_arg(a.get(0))?.to_string();
    for part in &a.rest {
        let b = text_arg(part)?;
        if b.starts_with('/') {
            path = b.to_string();
        } else if path.is_empty() || path.ends_with('/') {
            path.push_str(b);
        } else {
            path.push('/');
            path.push_str(b);
        }
    }
    Ok(Value::str(path))
}

/// `posixpath.split`.
fn split_path(p: &str) -> (&str, &str) {
    let i = p.rfind('/').map_or(0, |i| i + 1);
    let (head, tail) = p.split_at(i);
    let all_slashes = head.chars().all(|c| c == '/');
    if !head.is_empty() && !all_slashes {
        (head.trim_end_matches('/'), tail)
    } else {
        (head, tail)
    }
}

fn split(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (head, tail) = split_path(text_arg(a.get(0))?);
    Ok(Value::tuple(vec![Value::str(head), Value::str(tail)]))
}

fn basename(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let p = text_arg(a.get(0))?;
    Ok(Value::str(&p[p.rfind('/').map_or(0, |i| i + 1)..]))
}

fn dirname(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::str(split_path(text_arg(a.get(0))?).0))
}

/// `genericpath._splitext` with `/` and `.`.
fn splitext(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let p = text_arg(a.get(0))?;
    let sep = p.rfind('/').map_or(-1, |i| i as i64);
    if let Some(dot) = p.rfind('.') {
        if dot as i64 > sep {
            // Leading dots of the last part (`.bashrc`) start no extension.
            let name = (sep + 1) as usize;
            if p[name..dot].chars().any(|c| c != '.') {
                return Ok(Value::tuple(vec![
                    Value::str(&p[..dot]),
                    Value::str(&p[dot..]),
                ]));
            }
        }
    }
    Ok(Value::tuple(vec![Value::str(p), Value::str("")]))
}

/// `posixpath.normpath`.
fn normalize(path: &str) -> String {
    if path.is_empty() {
        return ".".into();
    }
    let mut initial = usize::from(path.starts_with('/'));
    if path.starts_with("//") && !path.starts_with("///") {
        initial = 2;
    }
    let mut comps: Vec<&str> = Vec::new();
    for comp in path.split('/') {
        if comp.is_empty() || comp == "." {
            continue;
        }
        if comp != ".." || (initial == 0 && comps.is_empty()) || comps.last() == Some(&"..") {
            comps.push(comp);
        } else if !comps.is_empty() {
            comps.pop();
        }
    }
    let out = "/".repeat(initial) + &comps.join("/");
    if out.is_empty() {
        ".".into()
    } else {
        out
    }
}

fn normpath(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::str(normalize(text_arg(a.get(0))?)))
}

fn abspath(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let p = text_arg(a.get(0))?;
    if p.starts_with('/') {
        return Ok(Value::str(normalize(p)));
    }
    let cwd = std::env::current_dir().map_err(|e| os_error(&e, "."))?;
    let joined = format!("{}/{p}", cwd.to_string_lossy());
    Ok(Value::str(normalize(&joined)))
}

fn isabs(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(text_arg(a.get(0))?.starts_with('/')))
}

fn expanduser(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let p = text_arg(a.get(0))?;
    if p == "~" || p.starts_with("~/") {
        if let Ok(home) = std::env::var("HOME") {
            let home = home.trim_end_matches('/');
            let home = if home.is_empty() { "/" } else { home };
            return Ok(Value::str(format!("{home}{}", &p[1..])));
        }
    }
    Ok(Value::str(p))
}

/// A path argument of the `exists` family (anything else is simply absent).
fn probe(a: &Args) -> Option<&std::path::Path> {
    match a.get(0) {
        Value::Str(s) => Some(std::path::Path::new(&**s)),
        _ => None,
    }
}

fn exists(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(probe(a).is_some_and(|p| p.exists())))
}

fn isfile(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(probe(a).is_some_and(|p| p.is_file())))
}

fn isdir(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(probe(a).is_some_and(|p| p.is_dir())))
}

fn getsize(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let p = text_arg(a.get(0))?;
    let meta = std::fs::metadata(p).map_err(|e| os_error(&e, p))?;
    Ok(Value::Int(meta.len() as i64))
}
