//! "Did you mean" for unknown names, with CPython's own distance and cut-off
//! (`Lib/traceback.py`: `_levenshtein_distance`, `_compute_suggestion_error`)
//! so the message matches python3's to the letter.

/// Cost of inserting, deleting or substituting a character.
const MOVE_COST: usize = 2;
/// Cost of a substitution that only changes case.
const CASE_COST: usize = 1;

/// The candidate CPython would suggest for `wrong`, if any.
pub fn suggest<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let wrong_len = wrong.chars().count();
    // CPython starts from the name's length, so a suggestion must beat it.
    let mut best_distance = wrong_len;
    let mut best = None;
    for candidate in candidates {
        if candidate == wrong {
            continue;
        }
        let max = (wrong_len + candidate.chars().count() + 3) * MOVE_COST / 6;
        let Some(cap) = best_distance.checked_sub(1) else {
            continue;
        };
        let limit = max.min(cap);
        if let Some(d) = distance(wrong, candidate, limit) {
            if best.is_none() || d < best_distance {
                best = Some(candidate);
                best_distance = d;
            }
        }
    }
    best
}

/// Weighted Levenshtein distance, or `None` when above `max`.
fn distance(a: &str, b: &str, max: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) * MOVE_COST > max {
        return None;
    }
    let mut row: Vec<usize> = (1..=b.len()).map(|i| i * MOVE_COST).collect();
    let mut result = 0;
    for (i, &ca) in a.iter().enumerate() {
        let mut diag = i * MOVE_COST;
        result = diag;
        let mut min_row = usize::MAX;
        for (j, &cb) in b.iter().enumerate() {
            let sub = if ca == cb {
                0
            } else if ca.to_lowercase().eq(cb.to_lowercase()) {
                CASE_COST
            } else {
                MOVE_COST
            };
            let by_sub = diag + sub;
            diag = row[j];
            result = (result + MOVE_COST).min(diag + MOVE_COST).min(by_sub);
            row[j] = result;
            min_row = min_row.min(result);
        }
        if min_row > max {
            return None;
        }
    }
    if b.is_empty() {
        result = a.len() * MOVE_COST;
    }
    (result <= max).then_some(result)
}

#[cfg(test)]
mod tests {
    use super::suggest;

    #[test]
    fn suggests_like_cpython() {
        assert_eq!(suggest("countr", ["counter", "print"]), Some("counter"));
        assert_eq!(suggest("prnt", ["print", "len"]), Some("print"));
        assert_eq!(suggest("Len", ["len"]), Some("len"));
        assert_eq!(suggest("xyz", ["counter", "print"]), None);
    }
}
