//! The table of `dict`: insertion-ordered entries and a hash index into
//! them, as CPython's compact dict keeps them. Deleting leaves a hole
//! that the next growth compacts away, so iteration order is always
//! insertion order (a re-inserted key goes to the end).

use hashbrown::HashTable;

use super::hash::{hash, key_eq};
use crate::value::Value;
use crate::Result;

/// One entry: the key's hash, the key and its value.
#[derive(Clone)]
struct Entry {
    hash: i64,
    key: Value,
    value: Value,
}

/// Which of the dict types a table is: `dict` itself, or one of the
/// `collections` types that are dicts with a few methods of their own.
#[derive(Clone, Default)]
pub enum DictKind {
    /// `dict`.
    #[default]
    Dict,
    /// `collections.Counter`: a missing key counts 0.
    Counter,
    /// `collections.defaultdict`: a missing key gets `factory()`
    /// (`None`: a KeyError, as for a dict).
    DefaultDict(Value),
    /// `collections.OrderedDict`: equality between two of them is
    /// order-sensitive; `move_to_end`, `popitem(last=False)`.
    OrderedDict,
}

impl DictKind {
    /// The type's name (`Counter`), as `type(d).__name__` and messages
    /// show it.
    pub fn type_name(&self) -> &'static str {
        match self {
            DictKind::Dict => "dict",
            DictKind::Counter => "Counter",
            DictKind::DefaultDict(_) => "defaultdict",
            DictKind::OrderedDict => "OrderedDict",
        }
    }
}

/// A dict's entries and index.
#[derive(Clone, Default)]
pub struct DictTable {
    /// Entries in insertion order; `None` where one was deleted.
    entries: Vec<Option<Entry>>,
    /// Positions in `entries`, found by hash.
    index: HashTable<usize>,
    /// Live entries.
    len: usize,
    /// Which dict type this is.
    kind: DictKind,
}

impl DictTable {
    /// An empty dict.
    pub fn new() -> DictTable {
        DictTable::default()
    }

    /// An empty dict of one of the `collections` types.
    pub fn of_kind(kind: DictKind) -> DictTable {
        DictTable {
            kind,
            ..DictTable::default()
        }
    }

    /// Which dict type this is.
    pub fn kind(&self) -> &DictKind {
        &self.kind
    }

    /// The number of keys.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the dict is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The position of the entry of hash `h` whose key `eq` accepts.
    fn find_by(&self, h: i64, mut eq: impl FnMut(&Value) -> bool) -> Option<usize> {
        let entries = &self.entries;
        self.index
            .find(h as u64, |&i| {
                entries[i]
                    .as_ref()
                    .is_some_and(|e| e.hash == h && eq(&e.key))
            })
            .copied()
    }

    /// The keys stored under hash `h`, for a caller that decides which
    /// (if any) equals its key by running user code (see
    /// [`super::keys`]): the table is not borrowed while it runs.
    pub fn candidates(&self, h: i64) -> Vec<Value> {
        let entries = &self.entries;
        self.index
            .iter_hash(h as u64)
            .filter_map(|&i| entries[i].as_ref())
            .filter(|e| e.hash == h)
            .map(|e| e.key.clone())
            .collect()
    }

    /// `d.get(key)`: `Err` only for an unhashable key.
    pub fn get(&self, key: &Value) -> Result<Option<Value>> {
        Ok(self.get_by(hash(key)?, |k| key_eq(k, key)))
    }

    /// The value of the entry of hash `h` whose key `eq` accepts.
    pub fn get_by(&self, h: i64, eq: impl FnMut(&Value) -> bool) -> Option<Value> {
        self.find_by(h, eq)
            .and_then(|i| self.entries[i].as_ref())
            .map(|e| e.value.clone())
    }

    /// Whether `key` is in the dict.
    pub fn contains(&self, key: &Value) -> Result<bool> {
        let h = hash(key)?;
        Ok(self.find_by(h, |k| key_eq(k, key)).is_some())
    }

    /// `d[key] = value`: a new key goes last; an existing one keeps its
    /// place (and its original key object, as in CPython).
    pub fn insert(&mut self, key: Value, value: Value) -> Result<()> {
        let h = hash(&key)?;
        let found = self.find_by(h, |k| key_eq(k, &key));
        self.put(found, h, key, value);
        Ok(())
    }

    /// `d[key] = value` for a key of hash `h`, the entry whose key `eq`
    /// accepts being the one to update.
    pub fn insert_by(&mut self, h: i64, eq: impl FnMut(&Value) -> bool, key: Value, value: Value) {
        let found = self.find_by(h, eq);
        self.put(found, h, key, value);
    }

    /// Updates the entry at `found`, or appends a new one.
    fn put(&mut self, found: Option<usize>, h: i64, key: Value, value: Value) {
        if let Some(i) = found {
            if let Some(e) = &mut self.entries[i] {
                e.value = value;
            }
            return;
        }
        if self.entries.len() >= 8 && self.entries.len() >= 2 * self.len {
            self.compact();
        }
        let i = self.entries.len();
        self.entries.push(Some(Entry {
            hash: h,
            key,
            value,
        }));
        let entries = &self.entries;
        self.index.insert_unique(h as u64, i, |&j| {
            entries[j].as_ref().map_or(0, |e| e.hash as u64)
        });
        self.len += 1;
    }

    /// Drops the holes left by deletions and rebuilds the index.
    fn compact(&mut self) {
        self.entries.retain(Option::is_some);
        self.index.clear();
        for (i, e) in self.entries.iter().enumerate() {
            let h = e.as_ref().map_or(0, |e| e.hash as u64);
            let entries = &self.entries;
            self.index
                .insert_unique(h, i, |&j| entries[j].as_ref().map_or(0, |e| e.hash as u64));
        }
    }

    /// `d.pop(key)`: the removed value, if the key was there.
    pub fn remove(&mut self, key: &Value) -> Result<Option<Value>> {
        Ok(self.remove_entry(key)?.map(|(_, v)| v))
    }

    /// Removes `key`: the key object the dict held, and its value.
    fn remove_entry(&mut self, key: &Value) -> Result<Option<(Value, Value)>> {
        Ok(self.remove_by(hash(key)?, |k| key_eq(k, key)))
    }

    /// Removes the entry of hash `h` whose key `eq` accepts: the key
    /// object the dict held, and its value.
    pub fn remove_by(
        &mut self,
        h: i64,
        mut eq: impl FnMut(&Value) -> bool,
    ) -> Option<(Value, Value)> {
        let entries = &self.entries;
        let found = self.index.find_entry(h as u64, |&i| {
            entries[i]
                .as_ref()
                .is_some_and(|e| e.hash == h && eq(&e.key))
        });
        let Ok(slot) = found else {
            return None;
        };
        let (i, _) = slot.remove();
        self.len -= 1;
        self.entries[i].take().map(|e| (e.key, e.value))
    }

    /// `d.popitem()`: the last inserted entry.
    pub fn pop_last(&mut self) -> Option<(Value, Value)> {
        while let Some(last) = self.entries.pop() {
            if let Some(e) = last {
                let i = self.entries.len();
                if let Ok(slot) = self.index.find_entry(e.hash as u64, |&j| j == i) {
                    slot.remove();
                }
                self.len -= 1;
                return Some((e.key, e.value));
            }
        }
        None
    }

    /// `d.clear()` (the dict keeps its type).
    pub fn clear(&mut self) {
        *self = DictTable::of_kind(std::mem::take(&mut self.kind));
    }

    /// `od.move_to_end(key, last)`: whether the key was there.
    pub fn move_to_end(&mut self, key: &Value, last: bool) -> Result<bool> {
        let Some((key, value)) = self.remove_entry(key)? else {
            return Ok(false);
        };
        if last {
            self.insert(key, value)?;
            return Ok(true);
        }
        let rest = self.pairs();
        self.entries.clear();
        self.index.clear();
        self.len = 0;
        self.insert(key, value)?;
        for (k, v) in rest {
            self.insert(k, v)?;
        }
        Ok(true)
    }

    /// `od.popitem(last=False)`: the first entry.
    pub fn pop_first(&mut self) -> Result<Option<(Value, Value)>> {
        let first = self.entry_from(0).map(|(_, k, _)| k);
        match first {
            Some(k) => self.remove_entry(&k),
            None => Ok(None),
        }
    }

    /// The entry at position `pos` or the next live one after it, with
    /// the position after it (how an iterator walks a dict that may
    /// change under it).
    pub fn entry_from(&self, pos: usize) -> Option<(usize, Value, Value)> {
        self.entries
            .iter()
            .enumerate()
            .skip(pos)
            .find_map(|(i, e)| e.as_ref().map(|e| (i + 1, e.key.clone(), e.value.clone())))
    }

    /// The keys and values in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (&Value, &Value)> + '_ {
        self.entries.iter().flatten().map(|e| (&e.key, &e.value))
    }

    /// The `(key, value)` pairs in insertion order, as a snapshot (to
    /// read while the dict, or another, is changed).
    pub fn pairs(&self) -> Vec<(Value, Value)> {
        self.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
    }

    /// The keys in insertion order.
    pub fn keys(&self) -> Vec<Value> {
        self.iter().map(|(k, _)| k.clone()).collect()
    }

    /// The values in insertion order.
    pub fn values(&self) -> Vec<Value> {
        self.iter().map(|(_, v)| v.clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insertion_order_survives_deletes_and_compaction() {
        let mut d = DictTable::new();
        for i in 0..20 {
            d.insert(Value::Int(i), Value::Int(i * i)).unwrap();
        }
        for i in 0..15 {
            d.remove(&Value::Int(i)).unwrap();
        }
        d.insert(Value::Int(3), Value::Int(0)).unwrap();
        d.insert(Value::Float(16.0), Value::None).unwrap();
        let keys: Vec<String> = d.keys().iter().map(crate::ops::repr).collect();
        assert_eq!(keys, ["15", "16", "17", "18", "19", "3"]);
        assert_eq!(d.len(), 6);
        assert!(d.contains(&Value::Bool(true)).is_ok_and(|b| !b));
        assert_eq!(
            d.pop_last().map(|(k, _)| crate::ops::repr(&k)),
            Some("3".into())
        );
        assert!(d.get(&Value::list(vec![])).is_err());
    }
}
