//! Modules of the user's own: `import helpers` finds `helpers.py` in the
//! folder of the script (the working folder for `-c` and the shell), as
//! Python's `sys.path[0]` does, ahead of the stdlib, and runs it once in
//! globals of its own with `__name__` set to `"helpers"`. Its functions
//! and methods keep reading and writing those globals when called from
//! anywhere ([`Interpreter::switch_module`] swaps them in for the call),
//! and `helpers.x` reads the module's variable as it is now.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use xpush_lang::span::Span;
use xpush_stdlib::value::Module;
use xpush_stdlib::{Error, ExcKind, Value};

use crate::compile::{Compiler, GlobalNames};
use crate::eval::{Eval, Frame};
use crate::exc::{Exception, Flow};
use crate::Interpreter;

/// The globals of one module: its names' slots and their values. The
/// running module's live in the interpreter itself; the others here.
#[derive(Default)]
pub(crate) struct ModuleEnv {
    /// The slots of the names its code uses.
    pub(crate) names: GlobalNames,
    /// Their values.
    pub(crate) globals: Vec<Option<Value>>,
}

impl Interpreter {
    /// Makes module `to` (an index into the module environments; 0 is
    /// `__main__`) the one whose globals names resolve to, and returns
    /// the one that was.
    #[inline]
    pub(crate) fn switch_module(&mut self, to: u32) -> u32 {
        let from = self.module;
        if from != to {
            let env = &mut self.envs[from as usize];
            std::mem::swap(&mut env.names, &mut self.names);
            std::mem::swap(&mut env.globals, &mut self.globals);
            let env = &mut self.envs[to as usize];
            std::mem::swap(&mut env.names, &mut self.names);
            std::mem::swap(&mut env.globals, &mut self.globals);
            self.module = to;
        }
        from
    }

    /// The file `import name` runs, if it is the user's: `name.py` (a
    /// dotted name as folders) in the first folder of `sys.path` that has
    /// it (`''` is the working folder; entries that are not strings are
    /// skipped, as CPython skips them). `sys.path` is read as it is now:
    /// the module's `path`, or the interpreter's list before `import sys`.
    pub(crate) fn user_module_file(&self, name: &str) -> Option<PathBuf> {
        if name.is_empty() || name.split('.').any(|p| p.is_empty()) {
            return None;
        }
        let path_list = match self.modules.get("sys") {
            Some(Value::Module(sys)) => sys.get("path").unwrap_or(Value::None),
            _ => self.sys_path.clone(),
        };
        let Value::List(dirs) = path_list else {
            return None;
        };
        let dirs: Vec<String> = dirs
            .borrow()
            .iter()
            .filter_map(|d| match d {
                Value::Str(s) => Some(s.to_string()),
                _ => None,
            })
            .collect();
        let file = Path::new(&name.replace('.', "/")).with_extension("py");
        dirs.iter()
            .map(|dir| Path::new(dir).join(&file))
            .find(|path| path.is_file())
    }

    /// Module `name`'s variable `attr` as it is now, for a module of the
    /// user's own (`None` for any other module, or an unbound name).
    pub(crate) fn user_module_attr(&self, m: &Module, attr: &str) -> Option<Value> {
        let env = m.user.get()?;
        let (names, globals) = if env == self.module {
            (&self.names, &self.globals)
        } else {
            let e = self.envs.get(env as usize)?;
            (&e.names, &e.globals)
        };
        let slot = names.lookup(attr)?;
        globals.get(slot as usize)?.clone()
    }

    /// `module.attr = v` for a module of the user's own: its variable.
    /// Whether `m` was one.
    pub(crate) fn set_user_module_attr(&mut self, m: &Module, attr: &str, v: Value) -> bool {
        let Some(env) = m.user.get() else {
            return false;
        };
        let prev = self.switch_module(env);
        let slot = self.names.slot(attr);
        self.set_global(slot, v.clone());
        self.switch_module(prev);
        m.set(attr, v);
        true
    }

    /// Runs the user's module `name` from `path` and returns its module
    /// object; a failing module leaves no trace (as CPython removes it
    /// from `sys.modules`).
    pub(crate) fn import_user(&mut self, name: &str, path: &Path, span: Span) -> Eval {
        let text = std::fs::read_to_string(path).map_err(|e| {
            let err = Error::new(
                ExcKind::ImportError,
                format!("cannot read module '{name}' ({}): {e}", path.display()),
            );
            Exception::at(err, span)
        })?;
        let shown = path.display().to_string();
        let id = self.sources.add(shown.as_str(), text.as_str());
        let ast = xpush_lang::parse(&text, id).map_err(|diags| {
            let d = diags.into_iter().next();
            let (msg, at) = d.map_or(("invalid syntax".to_string(), span), |d| {
                (d.message, d.span)
            });
            Exception::at(Error::new(ExcKind::SyntaxError, msg), at)
        })?;
        let module = Rc::new(Module {
            name: name.to_string(),
            members: Default::default(),
            user: Default::default(),
        });
        let env = self.envs.len() as u32;
        self.envs.push(ModuleEnv::default());
        module.user.set(Some(env));
        // Registered before it runs, so an import cycle finds it.
        self.modules
            .insert(name.to_string(), Value::Module(module.clone()));
        let prev = self.switch_module(env);
        for (var, v) in [
            ("__name__", Value::str(name)),
            ("__file__", Value::str(shown.as_str())),
        ] {
            let slot = self.names.slot(var);
            self.set_global(slot, v);
        }
        let code = Compiler::new(&mut self.names, false).block(&ast);
        let mut frame = Frame::default();
        let result = self.exec_block(&mut frame, &code);
        // Its variables as members too, for `from name import x` and `dir()`.
        for (g, v) in self.globals.iter().enumerate() {
            if let Some(v) = v {
                module.set(self.names.name(g as u32), v.clone());
            }
        }
        self.switch_module(prev);
        match result {
            Ok(()) | Err(Flow::Return(_) | Flow::Break | Flow::Continue | Flow::Yield(_)) => {
                Ok(Value::Module(module))
            }
            Err(Flow::Raise(mut exc)) => {
                self.modules.remove(name);
                exc.unwind("<module>", span);
                Err(exc)
            }
        }
    }
}
