//! Number and string literals.

use super::{is_ident_continue, Lexer, Token, KEYWORDS};
use crate::ast::IntLit;

impl Lexer<'_> {
    /// An int, float or imaginary literal starting at `self.pos`.
    pub(super) fn number(&mut self) {
        let start = self.pos;
        let bytes = self.text.as_bytes();
        let radix = match (
            bytes.get(start),
            bytes.get(start + 1).map(u8::to_ascii_lowercase),
        ) {
            (Some(b'0'), Some(b'x')) => 16,
            (Some(b'0'), Some(b'o')) => 8,
            (Some(b'0'), Some(b'b')) => 2,
            _ => 10,
        };
        if radix != 10 {
            self.prefixed_int(start, radix);
            return;
        }
        let int_ok = self.digit_run();
        let int_end = self.pos;
        let mut is_float = false;
        let mut ok = int_ok;
        if self.peek() == Some('.') {
            is_float = true;
            self.pos += 1;
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                ok &= self.digit_run();
            }
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            let save = self.pos;
            self.pos += 1;
            if matches!(self.peek(), Some('+' | '-')) {
                self.pos += 1;
            }
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                is_float = true;
                ok &= self.digit_run();
            } else {
                // Not an exponent: `1else` is `1` then `else`; `1e` is invalid.
                self.pos = save;
            }
        }
        let imag = matches!(self.peek(), Some('j' | 'J'));
        if imag {
            self.pos += 1;
        }
        let body: String = self.text[start..self.pos]
            .chars()
            .filter(|&c| c != '_')
            .collect();
        let body = body.trim_end_matches(['j', 'J']);
        if !ok || self.followed_by_name() {
            self.skip_name_chars();
            self.error("SyntaxError", "invalid decimal literal", start, self.pos);
            self.push(Token::Int(IntLit::Small(0)), start, self.pos);
            return;
        }
        let token = if imag {
            Token::Imag(body.parse().unwrap_or(f64::INFINITY))
        } else if is_float {
            Token::Float(body.parse().unwrap_or(f64::INFINITY))
        } else {
            let digits = &self.text[start..int_end];
            if digits.starts_with('0') && digits.bytes().any(|b| (b'1'..=b'9').contains(&b)) {
                self.error(
                    "SyntaxError",
                    "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
                    start,
                    self.pos,
                );
            }
            Token::Int(int_from_digits(body, 10))
        };
        self.push(token, start, self.pos);
    }

    /// `0x1f`, `0o17`, `0b1010`, with `_` separators.
    fn prefixed_int(&mut self, start: usize, radix: u32) {
        self.pos += 2;
        let digits_start = self.pos;
        let rest = &self.text[digits_start..];
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        self.pos += len;
        let raw = &rest[..len];
        let name = match radix {
            16 => "hexadecimal",
            8 => "octal",
            _ => "binary",
        };
        let digits: String = raw.chars().filter(|&c| c != '_').collect();
        let bad_underscores = raw.contains("__") || raw.ends_with('_');
        if let Some(bad) = digits.chars().find(|c| !c.is_digit(radix)) {
            let message = if bad.is_ascii_digit() {
                format!("invalid digit '{bad}' in {name} literal")
            } else {
                format!("invalid {name} literal")
            };
            self.error("SyntaxError", message, start, self.pos);
        } else if digits.is_empty() || bad_underscores {
            self.error(
                "SyntaxError",
                format!("invalid {name} literal"),
                start,
                self.pos,
            );
        }
        self.push(Token::Int(int_from_digits(&digits, radix)), start, self.pos);
    }

    /// Digits with single `_` separators; returns whether the separators are valid.
    fn digit_run(&mut self) -> bool {
        let rest = &self.text[self.pos..];
        let len = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '_'))
            .unwrap_or(rest.len());
        let run = &rest[..len];
        self.pos += len;
        !(run.starts_with('_') || run.ends_with('_') || run.contains("__"))
    }

    /// A literal immediately followed by a name (`1abc`) is invalid, except
    /// when the name is a keyword (`1if x else 2` is valid Python).
    fn followed_by_name(&self) -> bool {
        let rest = &self.text[self.pos..];
        let len = rest
            .find(|c: char| !is_ident_continue(c))
            .unwrap_or(rest.len());
        len > 0 && !KEYWORDS.contains(&&rest[..len])
    }

    fn skip_name_chars(&mut self) {
        let rest = &self.text[self.pos..];
        if self.followed_by_name() {
            self.pos += rest
                .find(|c: char| !is_ident_continue(c))
                .unwrap_or(rest.len());
        }
    }

    /// A string literal whose prefix (`r`, `f`, ...) starts at `start` and
    /// whose opening quote is at `self.pos`.
    pub(super) fn string(&mut self, start: usize, prefix: &str) {
        let prefix = prefix.to_ascii_lowercase();
        let raw = prefix.contains('r');
        let quote = self.peek().unwrap_or('"');
        let triple = self.text[self.pos..].starts_with(&quote.to_string().repeat(3));
        self.pos += if triple { 3 } else { 1 };
        if prefix.contains('f') {
            self.fstring(start, raw, quote, triple);
            return;
        }
        if prefix.contains('b') {
            self.bytes(start, raw, quote, triple);
            return;
        }
        let mut value = String::new();
        let mut terminated = false;
        while let Some(c) = self.peek() {
            if self.at_close(quote, triple) {
                self.pos += if triple { 3 } else { 1 };
                terminated = true;
                break;
            }
            if !triple && (c == '\n' || c == '\r') {
                break;
            }
            self.pos += c.len_utf8();
            if c != '\\' {
                value.push(c);
                continue;
            }
            match self.peek() {
                None => break,
                Some(next) if raw => {
                    value.push('\\');
                    value.push(next);
                    self.pos += next.len_utf8();
                }
                Some(_) => self.escape(&mut value),
            }
        }
        if !terminated {
            self.string_unterminated(start, triple);
        }
        self.push(Token::Str(value), start, self.pos);
    }

    /// Reports the string or bytes literal starting at `start` unterminated.
    fn string_unterminated(&mut self, start: usize, triple: bool) {
        if triple {
            let line = super::line_number(self.text, self.text.len());
            self.out.open_triple_quote = true;
            self.eof_error(
                format!("unterminated triple-quoted string literal (detected at line {line})"),
                start,
                self.pos,
            );
        } else {
            let line = self.line_of(start);
            self.error(
                "SyntaxError",
                format!("unterminated string literal (detected at line {line})"),
                start,
                self.pos,
            );
        }
    }

    /// A bytes literal after its opening quote, as CPython reads it: ASCII
    /// characters only, `\xhh` with exactly two hex digits, an octal escape
    /// taken modulo 256, and `\u`, `\U`, `\N` not escapes at all.
    fn bytes(&mut self, start: usize, raw: bool, quote: char, triple: bool) {
        let body = self.pos;
        let mut value = Vec::new();
        let mut terminated = false;
        let mut non_ascii = false;
        while let Some(c) = self.peek() {
            if self.at_close(quote, triple) {
                self.pos += if triple { 3 } else { 1 };
                terminated = true;
                break;
            }
            if !triple && (c == '\n' || c == '\r') {
                break;
            }
            self.pos += c.len_utf8();
            if !c.is_ascii() {
                non_ascii = true;
                continue;
            }
            if c != '\\' {
                value.push(c as u8);
                continue;
            }
            match self.peek() {
                None => break,
                Some(next) if raw || !next.is_ascii() => {
                    value.push(b'\\');
                    if next.is_ascii() {
                        value.push(next as u8);
                        self.pos += 1;
                    }
                }
                Some(_) => self.bytes_escape(body, &mut value),
            }
        }
        if !terminated {
            self.string_unterminated(start, triple);
        } else if non_ascii {
            self.error(
                "SyntaxError",
                "bytes can only contain ASCII literal characters",
                start,
                self.pos,
            );
        }
        self.push(Token::Bytes(value), start, self.pos);
    }

    /// An octal escape whose first digit `first` is consumed: up to two
    /// more digits.
    fn octal_escape(&mut self, first: char) -> u32 {
        let mut code = first.to_digit(8).unwrap_or(0);
        for _ in 0..2 {
            match self.peek().and_then(|d| d.to_digit(8)) {
                Some(d) => {
                    code = code * 8 + d;
                    self.pos += 1;
                }
                None => break,
            }
        }
        code
    }

    /// One escape in a bytes literal, after its backslash.
    fn bytes_escape(&mut self, body: usize, value: &mut Vec<u8>) {
        let esc_start = self.pos - 1;
        let Some(c) = self.peek() else { return };
        self.pos += 1;
        match c {
            '0'..='7' => value.push((self.octal_escape(c) & 0xff) as u8),
            'x' => {
                let rest = &self.text[self.pos..];
                let hex: String = rest
                    .chars()
                    .take(2)
                    .take_while(|d| d.is_ascii_hexdigit())
                    .collect();
                self.pos += hex.len();
                match u8::from_str_radix(&hex, 16).ok().filter(|_| hex.len() == 2) {
                    Some(b) => value.push(b),
                    None => {
                        // CPython counts the position in the literal's body.
                        let at = esc_start - body;
                        self.error(
                            "SyntaxError",
                            format!("(value error) invalid \\x escape at position {at}"),
                            esc_start,
                            self.pos,
                        );
                    }
                }
            }
            _ => {
                if c == '\r' && self.peek() == Some('\n') {
                    self.pos += 1;
                }
                match simple_escape(c) {
                    Some(ch) => value.extend(ch.map(|ch| ch as u8)),
                    // Not an escape (`\u`, `\q`): the backslash stays.
                    None => value.extend([b'\\', c as u8]),
                }
            }
        }
    }

    /// Whether the closing quote of the string starts at `self.pos`.
    fn at_close(&self, quote: char, triple: bool) -> bool {
        let rest = &self.text[self.pos..];
        if triple {
            rest.starts_with(&quote.to_string().repeat(3))
        } else {
            rest.starts_with(quote)
        }
    }

    /// An f-string after its opening quote: [`Token::FStart`], its literal
    /// parts and replacement fields (each field's expression lexed as
    /// ordinary tokens), then [`Token::FEnd`]. Python 3.11's rules: the
    /// string's own quote ends it even inside a field, and a field's
    /// expression has no backslash and no `#`.
    fn fstring(&mut self, start: usize, raw: bool, quote: char, triple: bool) {
        self.push(Token::FStart, start, self.pos);
        let closed = self.fstring_parts(raw, quote, triple, 0);
        if !closed {
            // Skip what is left of the string, then report it unterminated.
            while let Some(c) = self.peek() {
                if self.at_close(quote, triple) || (!triple && matches!(c, '\n' | '\r')) {
                    break;
                }
                self.pos += c.len_utf8();
            }
            if self.at_close(quote, triple) {
                let end = self.pos;
                self.pos += if triple { 3 } else { 1 };
                self.push(Token::FEnd, end, self.pos);
                return;
            }
            let line = self.line_of(start);
            if triple {
                self.out.open_triple_quote = true;
                let message =
                    format!("unterminated triple-quoted string literal (detected at line {line})");
                self.eof_error(message, start, self.pos);
            } else {
                let message = format!("unterminated string literal (detected at line {line})");
                self.error("SyntaxError", message, start, self.pos);
            }
            self.push(Token::FEnd, self.pos, self.pos);
            return;
        }
        let end = self.pos;
        self.pos += if triple { 3 } else { 1 };
        self.push(Token::FEnd, end, self.pos);
    }

    /// Literal parts and fields up to the closing quote (or, in a format
    /// spec, `spec_depth` levels down, up to the field's `}`); returns
    /// whether that end was found.
    fn fstring_parts(&mut self, raw: bool, quote: char, triple: bool, spec_depth: usize) -> bool {
        let in_spec = spec_depth > 0;
        let mut lit = String::new();
        let mut lit_start = self.pos;
        loop {
            let Some(c) = self.peek() else {
                return false;
            };
            if self.at_close(quote, triple) {
                self.flush_lit(&mut lit, lit_start);
                return !in_spec;
            }
            if !triple && (c == '\n' || c == '\r') {
                return false;
            }
            match c {
                '{' if self.peek_at(1) == Some('{') && !in_spec => {
                    self.pos += 2;
                    lit.push('{');
                }
                '}' if self.peek_at(1) == Some('}') && !in_spec => {
                    self.pos += 2;
                    lit.push('}');
                }
                '{' if spec_depth >= 2 => {
                    let at = self.pos;
                    // Skip the whole nested field.
                    let mut level = 0usize;
                    while let Some(c) = self.peek() {
                        if self.at_close(quote, triple) {
                            break;
                        }
                        self.pos += c.len_utf8();
                        match c {
                            '{' => level += 1,
                            '}' => {
                                level -= 1;
                                if level == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                    }
                    self.error(
                        "SyntaxError",
                        "f-string: expressions nested too deeply",
                        at,
                        self.pos,
                    );
                }
                '{' => {
                    self.flush_lit(&mut lit, lit_start);
                    if !self.fstring_field(raw, quote, triple, spec_depth) {
                        return false;
                    }
                    lit_start = self.pos;
                }
                '}' if in_spec => {
                    self.flush_lit(&mut lit, lit_start);
                    return true;
                }
                '}' => {
                    let at = self.pos;
                    self.pos += 1;
                    self.error(
                        "SyntaxError",
                        "f-string: single '}' is not allowed",
                        at,
                        self.pos,
                    );
                }
                '\\' if !raw => {
                    self.pos += 1;
                    self.escape(&mut lit);
                }
                c => {
                    self.pos += c.len_utf8();
                    lit.push(c);
                }
            }
        }
    }

    fn flush_lit(&mut self, lit: &mut String, start: usize) {
        if !lit.is_empty() {
            self.push(Token::FLit(std::mem::take(lit)), start, self.pos);
        }
    }

    /// One replacement field, from its `{`: the expression, `=`, `!conv`,
    /// `:spec`, `}`. Returns false if the string ended inside it.
    fn fstring_field(&mut self, raw: bool, quote: char, triple: bool, spec_depth: usize) -> bool {
        let open = self.pos;
        self.pos += 1;
        self.push(Token::FFieldStart, open, self.pos);
        let expr_start = self.pos;
        let Some(expr_end) = self.fstring_expr_end(quote, triple) else {
            self.error("SyntaxError", "f-string: expecting '}'", open, open + 1);
            return false;
        };
        let text = &self.text[expr_start..expr_end];
        if text.trim().is_empty() {
            self.error(
                "SyntaxError",
                "f-string: empty expression not allowed",
                open,
                expr_end + 1,
            );
        } else if text.contains('\\') {
            self.error(
                "SyntaxError",
                "f-string expression part cannot include a backslash",
                expr_start,
                expr_end,
            );
        } else if text.contains('#') {
            self.error(
                "SyntaxError",
                "f-string expression part cannot include '#'",
                expr_start,
                expr_end,
            );
        } else {
            self.lex_range(expr_end);
        }
        self.pos = expr_end;
        // `=`: the expression's text, the `=` and the spaces after it.
        if self.peek() == Some('=') {
            self.pos += 1;
            while self.peek() == Some(' ') {
                self.pos += 1;
            }
            let debug = self.text[expr_start..self.pos].to_string();
            self.push(Token::FDebug(debug), expr_end, self.pos);
        }
        if self.peek() == Some('!') {
            let at = self.pos;
            self.pos += 1;
            match self.peek() {
                Some(c @ ('r' | 's' | 'a')) => {
                    self.pos += 1;
                    self.push(Token::FConv(c), at, self.pos);
                }
                bad => {
                    if let Some(c) = bad.filter(|c| !matches!(c, ':' | '}')) {
                        self.pos += c.len_utf8();
                    }
                    self.error(
                        "SyntaxError",
                        "f-string: invalid conversion character: expected 's', 'r', or 'a'",
                        at,
                        self.pos,
                    );
                }
            }
        }
        if self.peek() == Some(':') {
            let at = self.pos;
            self.pos += 1;
            self.push(Token::FSpec, at, self.pos);
            if !self.fstring_parts(raw, quote, triple, spec_depth + 1) {
                return false;
            }
        }
        if self.peek() != Some('}') {
            let at = self.pos;
            self.error("SyntaxError", "f-string: expecting '}'", at, at + 1);
            while let Some(c) = self.peek() {
                if c == '}' || self.at_close(quote, triple) || (!triple && matches!(c, '\n' | '\r'))
                {
                    break;
                }
                self.pos += c.len_utf8();
            }
            if self.peek() != Some('}') {
                return false;
            }
        }
        let close = self.pos;
        self.pos += 1;
        self.push(Token::FFieldEnd, close, self.pos);
        true
    }

    /// Where a field's expression ends: at the first `}`, `!` (not `!=`),
    /// `:` or debug `=` outside brackets and strings; `None` if the
    /// f-string ends first.
    fn fstring_expr_end(&self, quote: char, triple: bool) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let closer = if triple {
            quote.to_string().repeat(3)
        } else {
            quote.to_string()
        };
        let mut i = self.pos;
        let mut depth = 0usize;
        let mut in_str: Option<u8> = None;
        while i < bytes.len() {
            let b = bytes[i];
            if bytes[i..].starts_with(closer.as_bytes()) {
                return None;
            }
            if let Some(q) = in_str {
                if b == q {
                    in_str = None;
                }
                i += 1;
                continue;
            }
            match b {
                b'\'' | b'"' => in_str = Some(b),
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' if depth > 0 => depth -= 1,
                b'}' => return Some(i),
                b':' if depth == 0 => return Some(i),
                b'!' if bytes.get(i + 1) != Some(&b'=') && depth == 0 => return Some(i),
                b'=' if depth == 0 => {
                    let prev = if i > self.pos { bytes[i - 1] } else { b' ' };
                    let next = bytes.get(i + 1).copied().unwrap_or(b'}');
                    let operator = matches!(prev, b'=' | b'!' | b'<' | b'>') || next == b'=';
                    if !operator {
                        return Some(i);
                    }
                }
                b'\n' | b'\r' if !triple => return None,
                _ => {}
            }
            i += 1;
        }
        None
    }

    /// One escape sequence after a `\` (already consumed) in a non-raw string.
    fn escape(&mut self, value: &mut String) {
        let esc_start = self.pos - 1;
        let Some(c) = self.peek() else { return };
        self.pos += c.len_utf8();
        if c == '\r' && self.peek() == Some('\n') {
            self.pos += 1;
        }
        if let Some(ch) = simple_escape(c) {
            value.extend(ch);
            return;
        }
        match c {
            '0'..='7' => value.extend(char::from_u32(self.octal_escape(c))),
            'x' | 'u' | 'U' => {
                let (n, name) = match c {
                    'x' => (2, "\\xXX"),
                    'u' => (4, "\\uXXXX"),
                    _ => (8, "\\UXXXXXXXX"),
                };
                let rest = &self.text[self.pos..];
                let hex: String = rest
                    .chars()
                    .take(n)
                    .take_while(|d| d.is_ascii_hexdigit())
                    .collect();
                self.pos += hex.len();
                let code = u32::from_str_radix(&hex, 16)
                    .ok()
                    .filter(|_| hex.len() == n);
                match code.and_then(char::from_u32) {
                    Some(ch) => value.push(ch),
                    None => self.error(
                        "SyntaxError",
                        format!("(unicode error) truncated or invalid {name} escape"),
                        esc_start,
                        self.pos,
                    ),
                }
            }
            other => {
                value.push('\\');
                value.push(other);
            }
        }
    }
}

/// The one-character escapes strings and bytes share: `Some(None)` for a
/// line continuation (backslash-newline), `None` when `c` starts no such escape.
fn simple_escape(c: char) -> Option<Option<char>> {
    Some(match c {
        '\n' | '\r' => None,
        '\\' => Some('\\'),
        '\'' => Some('\''),
        '"' => Some('"'),
        'n' => Some('\n'),
        't' => Some('\t'),
        'r' => Some('\r'),
        'a' => Some('\x07'),
        'b' => Some('\x08'),
        'f' => Some('\x0c'),
        'v' => Some('\x0b'),
        _ => return None,
    })
}

/// An integer from digits in `radix` (no `_`): `Small` when it fits in an
/// `i64`, else `Big` with its decimal digits.
fn int_from_digits(digits: &str, radix: u32) -> IntLit {
    if digits.is_empty() {
        return IntLit::Small(0);
    }
    if let Ok(v) = i64::from_str_radix(digits, radix) {
        return IntLit::Small(v);
    }
    if radix == 10 {
        let trimmed = digits.trim_start_matches('0');
        return IntLit::Big(if trimmed.is_empty() {
            "0".into()
        } else {
            trimmed.into()
        });
    }
    // Base conversion on little-endian decimal digits.
    let mut dec: Vec<u32> = vec![0];
    for d in digits.chars().filter_map(|c| c.to_digit(radix)) {
        let mut carry = d;
        for slot in dec.iter_mut() {
            let v = *slot * radix + carry;
            *slot = v % 10;
            carry = v / 10;
        }
        while carry > 0 {
            dec.push(carry % 10);
            carry /= 10;
        }
    }
    while dec.len() > 1 && dec.last() == Some(&0) {
        dec.pop();
    }
    IntLit::Big(
        dec.iter()
            .rev()
            .filter_map(|&d| char::from_digit(d, 10))
            .collect(),
    )
}
