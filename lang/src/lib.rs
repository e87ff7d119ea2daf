//! xpush's language front end: the Python-subset lexer, the chumsky parser,
//! the AST and the one module that renders every diagnostic with ariadne.
//!
//! ```
//! use xpush_lang::{parse, span::SourceMap};
//! let mut sources = SourceMap::new();
//! let text = "x = -2**2\n";
//! let id = sources.add("<input:1>", text);
//! let block = parse(text, id).expect("valid code");
//! assert_eq!(block.len(), 1);
//! ```

pub mod ast;
pub mod diagnostics;
pub mod lexer;
pub mod parser;
pub mod repr;
pub mod span;

pub use diagnostics::{render, Diagnostic, TraceFrame};
pub use lexer::{completeness, Completeness, KEYWORDS};
pub use parser::{parse, parse_recovering};
