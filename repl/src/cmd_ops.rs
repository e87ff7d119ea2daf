//! `xpush ops [PATTERN] [--markdown]`: the NPU coverage report of the
//! stdlib table (the same as `:ops`), or the Markdown document
//! `docs/OPS.md` is generated from.

use std::ffi::OsString;
use std::io::Write;

use clap::Parser;
use xpush_interp::meta::{ops_markdown, ops_table, Float64Mode};

/// List the NumPy functions xpush has, with how each runs on the npu: its
/// aclnn op(s) or composition and which dtypes run natively, demoted or on
/// the host.
#[derive(Parser, Debug)]
#[command(
    name = "xpush ops",
    about,
    after_help = "docs/OPS.md is `xpush ops --markdown > docs/OPS.md`."
)]
struct OpsCli {
    /// Only functions whose name matches: a case-insensitive substring
    /// (`sum`), or a glob over the whole name when it has `*` or `?`
    /// (`np.*sum`, `*linalg.*`).
    pattern: Option<String>,
    /// Print a Markdown document (sections per area) instead of a table.
    #[arg(long)]
    markdown: bool,
    /// The float64 mode the dtype columns are computed for: float32
    /// (demote, the default), cpu or off. The environment is not read, so
    /// the output is the same everywhere.
    #[arg(long, value_name = "MODE", default_value = "float32")]
    float64_mode: Float64Mode,
}

/// Runs `xpush ops` with `args` (`args[0]` is `ops`); returns the exit code.
pub fn main(args: &[OsString]) -> u8 {
    let cli = match OpsCli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let mode = cli.float64_mode.to_npu();
    let text = if cli.markdown {
        ops_markdown(cli.pattern.as_deref(), mode)
    } else {
        ops_table(cli.pattern.as_deref(), mode)
    };
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    0
}
