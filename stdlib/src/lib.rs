//! xpush's standard library: the object model ([`Value`]), Python's value
//! semantics ([`ops`], implemented in [`py`]), and every builtin function,
//! type, method and module function, declared once in the [`table`].

pub mod api;
pub mod bind;
pub mod builtins;
pub mod bytesmethods;
pub mod collections;
pub mod collections_abc;
pub mod copymod;
pub mod coverage;
pub mod dataclasses;
pub mod datetime;
pub mod dictmethods;
pub mod files;
pub mod functools;
pub mod genmethods;
pub mod host;
pub mod itertools;
pub mod json;
pub mod listmethods;
pub mod math;
pub mod modules;
pub mod numpy;
pub mod ops;
pub mod osmod;
pub mod py;
pub mod pyplot;
pub mod pyplot_axis;
pub mod pyplot_charts;
pub mod pyplot_cmap;
pub mod pyplot_draw;
pub mod pyplot_rc;
pub mod pyrandom;
pub mod setmethods;
pub mod strmethods;
pub mod sysmod;
pub mod table;
pub mod tempmod;
pub mod textmods;
pub mod timeitmod;
pub mod types;
pub mod value;
pub mod warnings;

#[cfg(test)]
mod examples;

pub use host::{GenInput, Host, Kwargs};
pub use value::Value;
pub use xpush_npu::error::{Error, ExcKind, Result};
