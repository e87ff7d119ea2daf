//! IPython's habits, so cells pasted from a notebook run: line magics
//! (`%timeit`, `%time`, `%who`, `%whos`, `%run`, `%reset`, `%history`,
//! `%matplotlib`), the cell magics `%%timeit` and `%%time`, and help
//! requests (`np.sum?`, `math.sqrt??`). Each is parsed into the [`Command`]
//! of its meta-command twin, so the shell and scripts share it; the lexer
//! decides which lines are meta lines (a help request is what
//! [`help_request`] accepts).

use xpush_lang::lexer::help_request;
use xpush_lang::span::Span;
use xpush_stdlib::ExcKind;

use super::{
    parse_timeit_flags, timeit_command, unquote, ArgError, Code, Command, CommandKind, TimeArg,
    Words,
};

/// IPython's forms and what each one does in xpush, as `:help` lists them.
pub const FORMS: &[(&str, &str)] = &[
    (
        "NAME?  ?NAME",
        ":help NAME, for a dotted name (np.sum?, a?, math.sqrt?)",
    ),
    (
        "NAME??  ??NAME",
        "the same as NAME? (no source is shown yet)",
    ),
    ("%timeit [-n N] [-r R] STMT", ":timeit"),
    (
        "%%timeit [-n N] [-r R] [SETUP]",
        ":timeit of the cell below it (SETUP runs once first)",
    ),
    ("%time STMT", ":time STMT"),
    ("%%time", ":time of the cell below it"),
    (
        "%who [TYPE ...]",
        "the names :vars shows (of those types), as IPython lists them",
    ),
    ("%whos", ":vars"),
    ("%run [-i] FILE", ":load FILE"),
    ("%reset [-f]", ":reset"),
    ("%history [-n]", ":history"),
    (
        "%matplotlib [inline]",
        "accepted, does nothing: plots already show inline",
    ),
];

/// Parses an IPython form: `text` is the whole meta line as written
/// (`%timeit x = 1`, `%%time\nbody`, `np.sum?`), `line` its span.
pub(super) fn parse(text: &str, line: Span) -> Result<Command, ArgError> {
    if text.starts_with("%%") {
        cell_magic(text, line)
    } else if let Some(magic) = text.strip_prefix('%') {
        line_magic(magic, line)
    } else {
        help(text, line)
    }
}

/// `np.sum?`, `??math.sqrt`: `:help` of the name.
fn help(text: &str, line: Span) -> Result<Command, ArgError> {
    let Some((name, _detail)) = help_request(text) else {
        return Err(ArgError::new(ExcKind::SyntaxError, "invalid syntax", line));
    };
    let start = line.start as usize + name.start;
    let span = Span::new(line.src, start, start + name.len());
    Ok(Command::Help(Some((text[name].to_string(), span))))
}

/// The span of a magic's `%name` word (word 0 of `w`, with its `%`).
fn name_span(w: &Words<'_>, line: Span) -> Span {
    let end = w.words.first().map_or(line.end, |_| w.span(0).end);
    Span::new(line.src, line.start as usize, end as usize)
}

fn usage_error(message: String, span: Span) -> ArgError {
    ArgError::new(ExcKind::UsageError, message, span)
}

/// `%name args`; `text` is what follows the `%`.
fn line_magic(text: &str, line: Span) -> Result<Command, ArgError> {
    let w = Words::new(text, line);
    let name = w.words.first().map_or("", |&(_, n)| n);
    let at = name_span(&w, line);
    // Every argument must be one of `flags`.
    let only_flags = |flags: &[&str]| -> Result<(), ArgError> {
        for (i, &(_, arg)) in w.words.iter().enumerate().skip(1) {
            if !flags.contains(&arg) {
                let msg = match flags {
                    [] => format!("%{name} takes no arguments"),
                    _ => format!("%{name} takes only {}, not '{arg}'", flags.join(" or ")),
                };
                return Err(usage_error(msg, w.span(i)));
            }
        }
        Ok(())
    };
    match name {
        "timeit" => timeit_command(&w, "%timeit [-n N] [-r R] STMT")?
            .ok_or_else(|| usage_error("%timeit: which statement?".into(), at)),
        "time" => {
            let (text, span) = w
                .rest(1)
                .unwrap_or(("", Span::new(line.src, at.end as usize, at.end as usize)));
            Ok(Command::Time(TimeArg::Stmt(Code {
                text: text.to_string(),
                span,
            })))
        }
        "who" => Ok(Command::Who(
            w.words[1..].iter().map(|&(_, t)| t.to_string()).collect(),
        )),
        "whos" => {
            only_flags(&[])?;
            Ok(Command::Vars)
        }
        "run" => {
            // `-i` (run in the session's namespace) is what `:load` does anyway.
            let first = usize::from(w.words.get(1).is_some_and(|&(_, a)| a == "-i")) + 1;
            let Some((path, span)) = w.rest(first) else {
                return Err(usage_error("%run: which file?".into(), at));
            };
            let quoted = unquote(path) != path;
            if let Some(&(_, flag)) = w.words.get(first).filter(|(_, a)| a.starts_with('-')) {
                let msg = format!("%run option '{flag}' is not supported (only -i)");
                return Err(usage_error(msg, w.span(first)));
            }
            if !quoted && w.words.len() > first + 1 {
                let msg = "%run FILE: arguments after the file (sys.argv) are not supported";
                return Err(usage_error(msg.into(), w.span(first + 1)));
            }
            Ok(Command::Load(unquote(path).to_string(), span))
        }
        "reset" => {
            // IPython asks before it forgets unless given `-f`; xpush never asks.
            only_flags(&["-f"])?;
            Ok(Command::Reset)
        }
        "history" | "hist" => {
            only_flags(&["-n"])?;
            Ok(Command::History)
        }
        "matplotlib" => Ok(Command::Ignored),
        _ => {
            let mut msg = format!("Line magic function `%{name}` not found.");
            if let Some(k) = CommandKind::from_name(name) {
                msg.push_str(&format!(" (xpush's meta-command is :{})", k.name()));
            }
            Err(usage_error(msg, at))
        }
    }
}

/// `%%timeit [-n N] [-r R] [SETUP]` or `%%time` on the first line of the
/// input, the rest of the input its cell.
fn cell_magic(text: &str, line: Span) -> Result<Command, ArgError> {
    let (first, body) = text.split_once('\n').unwrap_or((text, ""));
    let body_start = line.start as usize + text.len() - body.len();
    let code = Code {
        text: body.to_string(),
        span: Span::new(line.src, body_start, body_start + body.len()),
    };
    // Word 0 is the magic's name with one of its two `%`.
    let w = Words::new(&first[1..], line);
    let name = w
        .words
        .first()
        .map_or("", |&(_, n)| n.trim_start_matches('%'));
    let at = name_span(&w, line);
    match name {
        "timeit" => {
            let (number, repeat, i) = parse_timeit_flags(&w, "%%timeit [-n N] [-r R] [SETUP]")?;
            let setup = w.rest(i).map(|(text, span)| Code {
                text: text.to_string(),
                span,
            });
            Ok(Command::Timeit {
                number,
                repeat,
                setup,
                code,
                graph: false,
            })
        }
        "time" => match w.rest(1) {
            // IPython's own words.
            Some((_, span)) => Err(usage_error(
                "Can't use statement directly after '%%time'!".into(),
                span,
            )),
            None => Ok(Command::Time(TimeArg::Stmt(code))),
        },
        _ => Err(usage_error(format!("Cell magic `%%{name}` not found."), at)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    fn parse_line(text: &str) -> Result<Command, ArgError> {
        parse(text, Span::new(0, 0, text.len()))
    }

    #[test]
    fn line_magics_are_their_twins() {
        let Ok(Command::Timeit {
            number,
            repeat,
            setup: None,
            code,
            graph: false,
        }) = parse_line("%timeit -n 3 -r 2 x = 1")
        else {
            panic!("timeit");
        };
        assert_eq!((number, repeat, code.text.as_str()), (Some(3), 2, "x = 1"));
        assert_eq!(code.span.range(), 18..23);
        let Ok(Command::Time(TimeArg::Stmt(code))) = parse_line("%time on") else {
            panic!("%time always times a statement");
        };
        assert_eq!((code.text.as_str(), code.span.range()), ("on", 6..8));
        assert_eq!(parse_line("%whos"), Ok(Command::Vars));
        assert_eq!(parse_line("%who"), Ok(Command::Who(vec![])));
        assert_eq!(
            parse_line("%who int ndarray"),
            Ok(Command::Who(vec!["int".into(), "ndarray".into()]))
        );
        assert_eq!(
            parse_line("%run other.py"),
            Ok(Command::Load("other.py".into(), Span::new(0, 5, 13)))
        );
        assert_eq!(
            parse_line("%run -i 'my file.py'"),
            Ok(Command::Load("my file.py".into(), Span::new(0, 8, 20)))
        );
        assert_eq!(parse_line("%reset"), Ok(Command::Reset));
        assert_eq!(parse_line("%reset -f"), Ok(Command::Reset));
        assert_eq!(parse_line("%history"), Ok(Command::History));
        assert_eq!(parse_line("%matplotlib inline"), Ok(Command::Ignored));
        assert_eq!(parse_line("%matplotlib"), Ok(Command::Ignored));
    }

    #[test]
    fn help_requests_are_help() {
        assert_eq!(
            parse_line("np.sum?"),
            Ok(Command::Help(Some(("np.sum".into(), Span::new(0, 0, 6)))))
        );
        assert_eq!(
            parse_line("??math.sqrt"),
            Ok(Command::Help(Some((
                "math.sqrt".into(),
                Span::new(0, 2, 11)
            ))))
        );
    }

    #[test]
    fn cell_magics_take_the_rest_of_the_input() {
        let text = "%%timeit -n 2 s = 0\nfor i in range(3):\n    s += i";
        let Ok(Command::Timeit {
            number,
            repeat,
            setup: Some(setup),
            code,
            graph: false,
        }) = parse_line(text)
        else {
            panic!("cell timeit");
        };
        assert_eq!((number, repeat, setup.text.as_str()), (Some(2), 7, "s = 0"));
        assert_eq!(code.text, "for i in range(3):\n    s += i");
        assert_eq!(&text[code.span.range()], code.text);
        let Ok(Command::Time(TimeArg::Stmt(code))) = parse_line("%%time\nx = 1") else {
            panic!("cell time");
        };
        assert_eq!((code.text.as_str(), code.span.range()), ("x = 1", 7..12));
    }

    #[test]
    fn unknown_and_misused_magics_are_usage_errors() {
        let e = parse_line("%foo 1 2").unwrap_err();
        assert_eq!(e.kind, ExcKind::UsageError);
        assert_eq!(e.message, "Line magic function `%foo` not found.");
        assert_eq!(e.span.range(), 0..4);
        let e = parse_line("%vars").unwrap_err();
        assert_eq!(
            e.message,
            "Line magic function `%vars` not found. (xpush's meta-command is :vars)"
        );
        let e = parse_line("%%bash\nls").unwrap_err();
        assert_eq!(
            (e.message.as_str(), e.span.range()),
            ("Cell magic `%%bash` not found.", 0..6)
        );
        let e = parse_line("%%time x = 1\ny").unwrap_err();
        assert_eq!(e.span.range(), 7..12);
        let e = parse_line("%reset -s").unwrap_err();
        assert_eq!((e.kind, e.span.range()), (ExcKind::UsageError, 7..9));
        let e = parse_line("%run a.py 1 2").unwrap_err();
        assert_eq!(e.span.range(), 10..11);
        let e = parse_line("%timeit").unwrap_err();
        assert_eq!(e.message, "%timeit: which statement?");
        let e = parse_line("%").unwrap_err();
        assert_eq!(e.message, "Line magic function `%` not found.");
    }
}
