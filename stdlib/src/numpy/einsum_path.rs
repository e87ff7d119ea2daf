//! `np.einsum_path`: the order in which `np.einsum` would contract its
//! operands, and NumPy's printed report of it (numpy/_core/einsumfunc.py,
//! ported step for step: `_parse_einsum_input`, `_greedy_path`,
//! `_optimal_path`, `_find_contraction`, `_flop_count`). Only the
//! operands' shapes are read. Index sets are bit masks over NumPy's 52
//! subscript letters; NumPy's Python sets are only ever tested for
//! membership and size, so the paths and costs are the same.

use super::conv::as_array;
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The function.
pub const FUNCS: &[FuncDef] = &[
    entry!(npu = crate::coverage::Npu::Host("reads only the operands' shapes"), Function, NumpyLinalg, "numpy", "einsum_path", "(*operands, optimize='greedy', einsum_call=False)", einsum_path,
        "The contraction order np.einsum would use ('greedy' or 'optimal', or an explicit ['einsum_path', ...] list) and NumPy's printed report of its cost.",
        ["np.einsum_path('ij,jk,kl->il', np.ones((2, 3)), np.ones((3, 4)), np.ones((4, 5)))[0]  # ['einsum_path', (1, 2), (0, 1)]"]),
];

const SYMBOLS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

type Set = u64;

fn bit(c: char) -> Set {
    SYMBOLS.find(c).map_or(0, |i| 1 << i)
}

fn set_of(s: &str) -> Set {
    s.chars().fold(0, |acc, c| acc | bit(c))
}

fn chars_of(s: Set) -> impl Iterator<Item = char> {
    SYMBOLS
        .chars()
        .enumerate()
        .filter(move |(i, _)| s & (1 << i) != 0)
        .map(|(_, c)| c)
}

/// `_compute_size_by_dict`.
fn size_of(s: Set, dims: &[u128; 52]) -> u128 {
    (0..52)
        .filter(|i| s & (1 << i) != 0)
        .fold(1u128, |acc, i| acc.saturating_mul(dims[i]))
}

/// `_flop_count`.
fn flops(contract: Set, inner: bool, terms: usize, dims: &[u128; 52]) -> u128 {
    let factor = terms.saturating_sub(1).max(1) as u128 + u128::from(inner);
    size_of(contract, dims).saturating_mul(factor)
}

/// `_find_contraction`: (new result, remaining sets, removed, contracted).
fn find_contraction(positions: &[usize], inputs: &[Set], output: Set) -> (Set, Vec<Set>, Set, Set) {
    let mut contract = 0;
    let mut remain = output;
    let mut remaining = Vec::new();
    for (i, &s) in inputs.iter().enumerate() {
        if positions.contains(&i) {
            contract |= s;
        } else {
            remaining.push(s);
            remain |= s;
        }
    }
    let new_result = remain & contract;
    remaining.push(new_result);
    (new_result, remaining, contract & !new_result, contract)
}

fn pairs(n: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            out.push((i, j));
        }
    }
    out
}

/// `_optimal_path`.
fn optimal(inputs: &[Set], output: Set, dims: &[u128; 52], limit: u128) -> Vec<Vec<usize>> {
    let mut full: Vec<Partial> = vec![(0, Vec::new(), inputs.to_vec())];
    for iteration in 0..inputs.len().saturating_sub(1) {
        let mut iter_results = Vec::new();
        for (cost, positions, remaining) in &full {
            for (i, j) in pairs(inputs.len() - iteration) {
                let (new_result, new_sets, removed, contract) =
                    find_contraction(&[i, j], remaining, output);
                if size_of(new_result, dims) > limit {
                    continue;
                }
                let total = cost.saturating_add(flops(contract, removed != 0, 2, dims));
                let mut pos = positions.clone();
                pos.push(vec![i, j]);
                iter_results.push((total, pos, new_sets));
            }
        }
        if iter_results.is_empty() {
            let mut path = min_by_cost(&full);
            path.push((0..inputs.len() - iteration).collect());
            return path;
        }
        full = iter_results;
    }
    if full.is_empty() {
        return vec![(0..inputs.len()).collect()];
    }
    min_by_cost(&full)
}

/// One partial path of the optimal search: its cost, its steps, the sets
/// left after them.
type Partial = (u128, Vec<Vec<usize>>, Vec<Set>);

fn min_by_cost(results: &[Partial]) -> Vec<Vec<usize>> {
    let mut best: Option<&Partial> = None;
    for r in results {
        if best.is_none_or(|b| r.0 < b.0) {
            best = Some(r);
        }
    }
    best.map(|b| b.1.clone()).unwrap_or_default()
}

/// One candidate of the greedy search: (-removed size, cost), the pair,
/// the sets after it.
type Candidate = ((i128, u128), (usize, usize), Vec<Set>);

/// `_parse_possible_contraction`.
#[allow(clippy::too_many_arguments)]
fn possible(
    pos: (usize, usize),
    inputs: &[Set],
    output: Set,
    dims: &[u128; 52],
    limit: u128,
    path_cost: u128,
    naive: u128,
) -> Option<Candidate> {
    let (result, new_sets, removed, contract) = find_contraction(&[pos.0, pos.1], inputs, output);
    let new_size = size_of(result, dims);
    if new_size > limit {
        return None;
    }
    let old = size_of(inputs[pos.0], dims) as i128 + size_of(inputs[pos.1], dims) as i128;
    let removed_size = old - new_size as i128;
    let cost = flops(contract, removed != 0, 2, dims);
    if path_cost.saturating_add(cost) > naive {
        return None;
    }
    Some(((-removed_size, cost), pos, new_sets))
}

/// `_update_other_results`.
fn update_others(results: Vec<Candidate>, best: &Candidate) -> Vec<Candidate> {
    let (bx, by) = best.1;
    let last = best.2.last().copied().unwrap_or(0);
    let mut out = Vec::new();
    for (cost, (x, y), mut sets) in results {
        if x == bx || x == by || y == bx || y == by {
            continue;
        }
        let k = |v: usize, a: usize, b: usize| v - usize::from(v > a) - usize::from(v > b);
        sets.remove(k(by, x, y));
        sets.remove(k(bx, x, y));
        let at = sets.len().saturating_sub(1);
        sets.insert(at, last);
        out.push((cost, (k(x, bx, by), k(y, bx, by)), sets));
    }
    out
}

/// `_greedy_path`.
fn greedy(inputs: &[Set], output: Set, dims: &[u128; 52], limit: u128) -> Vec<Vec<usize>> {
    match inputs.len() {
        1 => return vec![vec![0]],
        2 => return vec![vec![0, 1]],
        _ => {}
    }
    let all: Vec<usize> = (0..inputs.len()).collect();
    let (_, _, removed, contract) = find_contraction(&all, inputs, output);
    let naive = flops(contract, removed != 0, inputs.len(), dims);
    let mut sets = inputs.to_vec();
    let mut combos = pairs(sets.len());
    let mut known: Vec<Candidate> = Vec::new();
    let mut path_cost: u128 = 0;
    let mut path = Vec::new();
    for _ in 0..inputs.len() - 1 {
        for &(i, j) in &combos {
            if sets[i] & sets[j] == 0 {
                continue;
            }
            if let Some(r) = possible((i, j), &sets, output, dims, limit, path_cost, naive) {
                known.push(r);
            }
        }
        if known.is_empty() {
            for (i, j) in pairs(sets.len()) {
                if let Some(r) = possible((i, j), &sets, output, dims, limit, path_cost, naive) {
                    known.push(r);
                }
            }
            if known.is_empty() {
                path.push((0..sets.len()).collect());
                break;
            }
        }
        let mut bi = 0;
        for (n, c) in known.iter().enumerate() {
            if c.0 < known[bi].0 {
                bi = n;
            }
        }
        let best = known[bi].clone();
        known = update_others(known, &best);
        sets = best.2.clone();
        let new_pos = sets.len() - 1;
        combos = (0..new_pos).map(|i| (i, new_pos)).collect();
        path.push(vec![best.1 .0, best.1 .1]);
        path_cost = path_cost.saturating_add(best.0 .1);
    }
    path
}

/// `_parse_einsum_input`: the input and output subscripts and the shapes.
fn parse_input(ops: &[Value]) -> Result<(String, String, Vec<Vec<usize>>)> {
    let first = ops
        .first()
        .ok_or_else(|| Error::value_error("No input operands"))?;
    let (mut subscripts, shapes) = match first {
        Value::Str(s) => {
            let subs: String = s.chars().filter(|&c| c != ' ').collect();
            let shapes = ops[1..]
                .iter()
                .map(|v| Ok(as_array(v)?.shape().to_vec()))
                .collect::<Result<Vec<_>>>()?;
            for c in subs.chars() {
                if !".,->".contains(c) && !SYMBOLS.contains(c) {
                    return Err(Error::value_error(format!(
                        "Character {c} is not a valid symbol."
                    )));
                }
            }
            (subs, shapes)
        }
        _ => {
            let mut shapes = Vec::new();
            let mut subs = String::new();
            let pairs_n = ops.len() / 2;
            let sym = |v: &Value, out: &mut String| -> Result<()> {
                for s in crate::ops::iterate(v)? {
                    if matches!(s, Value::Ellipsis) {
                        out.push_str("...");
                        continue;
                    }
                    let i = crate::py::num::index_i64(&s).map_err(|_| {
                        Error::type_error(
                            "For this input type lists must contain either int or Ellipsis",
                        )
                    })?;
                    let c = usize::try_from(i)
                        .ok()
                        .and_then(|i| SYMBOLS.chars().nth(i))
                        .ok_or_else(|| Error::index_error("string index out of range"))?;
                    out.push(c);
                }
                Ok(())
            };
            for p in 0..pairs_n {
                shapes.push(as_array(&ops[2 * p])?.shape().to_vec());
                sym(&ops[2 * p + 1], &mut subs)?;
                if p + 1 != pairs_n {
                    subs.push(',');
                }
            }
            if ops.len() % 2 == 1 {
                subs.push_str("->");
                sym(&ops[ops.len() - 1], &mut subs)?;
            }
            (subs, shapes)
        }
    };
    if subscripts.contains('-') || subscripts.contains('>') {
        let invalid = subscripts.matches('-').count() > 1 || subscripts.matches('>').count() > 1;
        if invalid || subscripts.matches("->").count() != 1 {
            return Err(Error::value_error("Subscripts can only contain one '->'."));
        }
    }
    if subscripts.contains('.') {
        let used = set_of(&subscripts);
        // NumPy takes the unused letters in its set's (hash) order; here in
        // reverse alphabetical order, the letters from the end of the list.
        let unused: String = SYMBOLS.chars().filter(|&c| used & bit(c) == 0).collect();
        let (input_tmp, output_sub) = match subscripts.split_once("->") {
            Some((i, o)) => (i.to_string(), Some(o.to_string())),
            None => (subscripts.clone(), None),
        };
        let mut split: Vec<String> = input_tmp.split(',').map(str::to_string).collect();
        let mut longest = 0usize;
        for (num, sub) in split.iter_mut().enumerate() {
            if !sub.contains('.') {
                continue;
            }
            if sub.matches('.').count() != 3 || sub.matches("...").count() != 1 {
                return Err(Error::value_error("Invalid Ellipses."));
            }
            let shape = shapes.get(num).cloned().unwrap_or_default();
            let count: i64 = if shape.is_empty() {
                0
            } else {
                shape.len().max(1) as i64 - (sub.len() as i64 - 3)
            };
            if count < 0 {
                return Err(Error::value_error("Ellipses lengths do not match."));
            }
            let count = count as usize;
            longest = longest.max(count);
            let rep: String = unused
                .chars()
                .skip(unused.len().saturating_sub(count))
                .collect();
            *sub = sub.replace("...", &rep);
        }
        subscripts = split.join(",");
        let out_ellipse: String = unused
            .chars()
            .skip(unused.len().saturating_sub(longest))
            .collect();
        match output_sub {
            Some(o) => {
                subscripts.push_str("->");
                subscripts.push_str(&o.replace("...", &out_ellipse));
            }
            None => {
                let out = implicit_output(&subscripts);
                let normal: String = chars_of(set_of(&out) & !set_of(&out_ellipse)).collect();
                subscripts.push_str("->");
                subscripts.push_str(&out_ellipse);
                subscripts.push_str(&normal);
            }
        }
    }
    let (input, output) = match subscripts.split_once("->") {
        Some((i, o)) => (i.to_string(), o.to_string()),
        None => (subscripts.clone(), implicit_output(&subscripts)),
    };
    for c in output.chars() {
        if output.matches(c).count() != 1 {
            return Err(Error::value_error(format!(
                "Output character {c} appeared more than once in the output."
            )));
        }
        if !input.contains(c) {
            return Err(Error::value_error(format!(
                "Output character {c} did not appear in the input"
            )));
        }
    }
    if input.split(',').count() != shapes.len() {
        return Err(Error::value_error(
            "Number of einsum subscripts must be equal to the number of operands.",
        ));
    }
    Ok((input, output, shapes))
}

/// Python's `f"{x:.3e}"`.
fn sci(x: f64) -> String {
    let s = format!("{x:.3e}");
    match s.split_once('e') {
        Some((m, e)) => {
            let (sign, digits) = match e.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', e),
            };
            format!("{m}e{sign}{digits:0>2}")
        }
        None => s,
    }
}

/// The contraction positions of one path step (a tuple or list of ints).
fn step_positions(v: &Value) -> Result<Vec<usize>> {
    crate::ops::iterate(v)?
        .map(|x| {
            let i = crate::py::num::index_i64(&x)?;
            usize::try_from(i).map_err(|_| Error::index_error("pop index out of range"))
        })
        .collect()
}

fn tuple_of(p: &[usize]) -> Value {
    Value::tuple(p.iter().map(|&i| Value::Int(i as i64)).collect())
}

fn einsum_path(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let ops = a.rest.clone();
    let mut path_type = a.get(0).clone();
    if matches!(path_type, Value::Bool(true)) {
        path_type = Value::str("greedy");
    }
    if matches!(path_type, Value::None) {
        path_type = Value::Bool(false);
    }
    let mut explicit: Option<Vec<Value>> = None;
    let mut memory_limit: Option<u128> = None;
    let mut kind = String::new();
    match &path_type {
        Value::Bool(false) => {}
        Value::Str(s) => kind = s.to_string(),
        v => {
            let items: Vec<Value> = match crate::ops::iterate(v) {
                Ok(it) => it.collect(),
                Err(_) => {
                    return Err(Error::type_error(format!(
                        "object of type '{}' has no len()",
                        crate::ops::type_name(v)
                    )))
                }
            };
            match items.as_slice() {
                [Value::Str(s), rest @ ..] if &**s == "einsum_path" => {
                    explicit = Some(rest.to_vec());
                }
                [Value::Str(s), lim]
                    if matches!(lim, Value::Int(_) | Value::Float(_) | Value::Bool(_)) =>
                {
                    let l = match lim {
                        Value::Float(f) => *f as i128,
                        other => i128::from(crate::py::num::index_i64(other)?),
                    };
                    memory_limit = Some(u128::try_from(l).unwrap_or(0));
                    kind = s.to_string();
                }
                _ => {
                    return Err(Error::type_error(format!(
                        "Did not understand the path: {}",
                        crate::ops::to_str(v)
                    )))
                }
            }
        }
    }
    let (input, output, shapes) = parse_input(&ops)?;
    let mut input_list: Vec<String> = input.split(',').map(str::to_string).collect();
    let num_inputs = input_list.len();
    let mut input_sets: Vec<Set> = input_list.iter().map(|t| set_of(t)).collect();
    let output_set = set_of(&output);
    let indices = set_of(&input);
    let num_indices = indices.count_ones() as usize;
    let mut dims = [0u128; 52];
    let mut seen: Set = 0;
    for (tnum, term) in input_list.iter().enumerate() {
        let sh = &shapes[tnum];
        if sh.len() != term.chars().count() {
            return Err(Error::value_error(format!(
                "Einstein sum subscript {} does not contain the correct number of indices for operand {tnum}.",
                input.chars().nth(tnum).unwrap_or(' ')
            )));
        }
        for (c, &dim) in term.chars().zip(sh) {
            let i = SYMBOLS.find(c).unwrap_or(0);
            let dim = dim as u128;
            if seen & bit(c) != 0 {
                if dims[i] == 1 {
                    dims[i] = dim;
                } else if dim != 1 && dim != dims[i] {
                    return Err(Error::value_error(format!(
                        "Size of label '{c}' for operand {tnum} ({}) does not match previous terms ({dim}).",
                        dims[i]
                    )));
                }
            } else {
                dims[i] = dim;
                seen |= bit(c);
            }
        }
    }
    let max_size = input_list
        .iter()
        .map(|t| size_of(set_of(t), &dims))
        .chain(std::iter::once(size_of(output_set, &dims)))
        .max()
        .unwrap_or(1);
    let limit = memory_limit.unwrap_or(max_size);
    let path_values: Vec<Value>;
    let path: Vec<Vec<usize>> = if let Some(steps) = &explicit {
        path_values = steps.clone();
        steps.iter().map(step_positions).collect::<Result<_>>()?
    } else {
        let p = if matches!(path_type, Value::Bool(false))
            || num_inputs == 1
            || num_inputs == 2
            || indices == output_set
        {
            vec![(0..num_inputs).collect()]
        } else if kind == "greedy" {
            greedy(&input_sets, output_set, &dims, limit)
        } else if kind == "optimal" {
            optimal(&input_sets, output_set, &dims, limit)
        } else {
            return Err(Error::new(
                crate::ExcKind::KeyError,
                format!(
                    "('Path name %s not found', {})",
                    crate::ops::repr(&path_type)
                ),
            ));
        };
        path_values = p.iter().map(|s| tuple_of(s)).collect();
        p
    };
    let mut costs = Vec::new();
    let mut scales = Vec::new();
    let mut sizes = Vec::new();
    let mut contractions: Vec<(String, Vec<String>)> = Vec::new();
    for (cnum, inds) in path.iter().enumerate() {
        let mut inds = inds.clone();
        inds.sort_unstable_by(|a, b| b.cmp(a));
        if inds.iter().any(|&i| i >= input_list.len()) {
            return Err(Error::index_error("pop index out of range"));
        }
        let (out_inds, new_sets, removed, contract) =
            find_contraction(&inds, &input_sets, output_set);
        input_sets = new_sets;
        costs.push(flops(contract, removed != 0, inds.len(), &dims));
        scales.push(contract.count_ones() as usize);
        sizes.push(size_of(out_inds, &dims));
        let mut tmp = Vec::new();
        for &x in &inds {
            if x >= input_list.len() {
                return Err(Error::index_error("pop index out of range"));
            }
            tmp.push(input_list.remove(x));
        }
        let idx_result = if cnum + 1 == path.len() {
            output.clone()
        } else {
            let mut sr: Vec<(u128, char)> = chars_of(out_inds)
                .map(|c| (dims[SYMBOLS.find(c).unwrap_or(0)], c))
                .collect();
            sr.sort();
            sr.into_iter().map(|(_, c)| c).collect()
        };
        input_list.push(idx_result.clone());
        contractions.push((
            format!("{}->{idx_result}", tmp.join(",")),
            input_list.clone(),
        ));
    }
    if input_list.len() != 1 {
        return Err(Error::runtime_error(format!(
            "Invalid einsum_path is specified: {} more operands has to be contracted.",
            input_list.len() - 1
        )));
    }
    let overall = format!("{input}->{output}");
    let distinct: usize = input
        .split(',')
        .map(|t| set_of(t).count_ones() as usize)
        .sum();
    let inner = distinct > num_indices;
    let naive = flops(indices, inner, num_inputs, &dims);
    let opt = costs
        .iter()
        .fold(0u128, |a, &c| a.saturating_add(c))
        .saturating_add(1);
    let speedup = naive as f64 / opt as f64;
    let max_i = sizes.iter().copied().max().unwrap_or(0);
    let mut s = format!("  Complete contraction:  {overall}\n");
    s += &format!("         Naive scaling:  {num_indices}\n");
    s += &format!(
        "     Optimized scaling:  {}\n",
        scales.iter().max().copied().unwrap_or(0)
    );
    s += &format!("      Naive FLOP count:  {}\n", sci(naive as f64));
    s += &format!("  Optimized FLOP count:  {}\n", sci(opt as f64));
    s += &format!("   Theoretical speedup:  {speedup:3.3}\n");
    s += &format!("  Largest intermediate:  {} elements\n", sci(max_i as f64));
    s += &"-".repeat(74);
    s += "\n";
    s += &format!("{:>6} {:>24} {:>40}\n", "scaling", "current", "remaining");
    s += &"-".repeat(74);
    for (n, (einsum_str, remaining)) in contractions.iter().enumerate() {
        let remaining_str = format!("{}->{output}", remaining.join(","));
        s += &format!(
            "\n{:>4}    {:>24} {:>40}",
            scales[n], einsum_str, remaining_str
        );
    }
    let mut out = vec![Value::str("einsum_path")];
    out.extend(path_values);
    Ok(Value::tuple(vec![Value::list(out), Value::str(s)]))
}

/// The output of subscripts without `->`: the letters that stand once
/// over all inputs, in sorted order (NumPy's implicit mode).
fn implicit_output(subscripts: &str) -> String {
    let tmp: String = subscripts.chars().filter(|&c| c != ',').collect();
    chars_of(set_of(&tmp))
        .filter(|&c| tmp.matches(c).count() == 1)
        .collect()
}
