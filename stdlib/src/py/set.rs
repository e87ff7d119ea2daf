//! The hash table of `set` and `frozenset`, laid out as CPython 3.11's
//! `Objects/setobject.c` lays it out, so a set iterates (and prints) in
//! the order CPython's does: `{3, 1, 2}` is `{1, 2, 3}` and `{10, 100,
//! 1000}` is `{1000, 10, 100}`. The probe sequence (nine linear probes,
//! then perturbation), the growth rule, the reuse of deleted slots and
//! the fast paths of copying one set into another all follow CPython;
//! a set's order is part of what a user sees, so it is not left to a
//! general-purpose hash map.

use super::hash::{hash, key_eq};
use crate::value::Value;
use crate::Result;

const MIN_SIZE: usize = 8;
const LINEAR_PROBES: usize = 9;
const PERTURB_SHIFT: u32 = 5;

/// One slot of the table.
#[derive(Clone)]
enum Slot {
    /// Never used: ends a probe sequence.
    Empty,
    /// Deleted: probe sequences continue past it; an insertion may reuse it.
    Dummy,
    /// A key and its hash.
    Full(i64, Value),
}

/// The table of a set or frozenset.
#[derive(Clone)]
pub struct SetTable {
    slots: Vec<Slot>,
    /// Full and dummy slots.
    fill: usize,
    /// Full slots: the set's length.
    used: usize,
    /// Where `pop` starts looking.
    finger: usize,
}

impl Default for SetTable {
    fn default() -> Self {
        SetTable::new()
    }
}

impl SetTable {
    /// An empty set.
    pub fn new() -> SetTable {
        SetTable {
            slots: vec![Slot::Empty; MIN_SIZE],
            fill: 0,
            used: 0,
            finger: 0,
        }
    }

    /// A set of the items of an iterator, added in order.
    pub fn from_items(items: impl IntoIterator<Item = Value>) -> Result<SetTable> {
        let mut s = SetTable::new();
        for item in items {
            s.add(item)?;
        }
        Ok(s)
    }

    /// The number of keys.
    pub fn len(&self) -> usize {
        self.used
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.used == 0
    }

    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// The keys in table order (the set's iteration order).
    pub fn iter(&self) -> impl Iterator<Item = &Value> + '_ {
        self.entries().map(|(_, k)| k)
    }

    /// The keys with their hashes, in table order.
    fn entries(&self) -> impl Iterator<Item = (i64, &Value)> + '_ {
        self.slots.iter().filter_map(|s| match s {
            Slot::Full(h, k) => Some((*h, k)),
            _ => None,
        })
    }

    /// The keys, in table order.
    pub fn to_vec(&self) -> Vec<Value> {
        self.iter().cloned().collect()
    }

    /// The index of `key`'s slot, or of the empty slot that ends its probe
    /// sequence, and the last deleted slot passed on the way (where an
    /// insertion goes).
    fn probe(&self, key: &Value, h: i64) -> (usize, Option<usize>) {
        self.probe_by(h, |k| key_eq(k, key))
    }

    /// [`Self::probe`] with `eq` deciding which key of hash `h` is the one.
    fn probe_by(&self, h: i64, mut eq: impl FnMut(&Value) -> bool) -> (usize, Option<usize>) {
        let mask = self.mask();
        let mut perturb = h as u64;
        let mut i = (h as u64 as usize) & mask;
        let mut free = None;
        loop {
            let probes = if i + LINEAR_PROBES <= mask {
                LINEAR_PROBES
            } else {
                0
            };
            for j in i..=i + probes {
                match &self.slots[j] {
                    Slot::Empty => return (j, free),
                    Slot::Dummy => free = Some(j),
                    Slot::Full(kh, k) if *kh == h && eq(k) => return (j, None),
                    Slot::Full(..) => {}
                }
            }
            perturb >>= PERTURB_SHIFT;
            i = (i
                .wrapping_mul(5)
                .wrapping_add(1)
                .wrapping_add(perturb as usize))
                & mask;
        }
    }

    /// Whether the set holds `key`.
    pub fn contains(&self, key: &Value) -> Result<bool> {
        let h = hash(key)?;
        let (j, _) = self.probe(key, h);
        Ok(matches!(self.slots[j], Slot::Full(..)))
    }

    /// The keys of hash `h` on its probe sequence, for a caller that
    /// decides which (if any) equals its key by running user code (see
    /// [`super::keys`]): the table is not borrowed while it runs.
    pub fn candidates(&self, h: i64) -> Vec<Value> {
        let mut out = Vec::new();
        self.probe_by(h, |k| {
            out.push(k.clone());
            false
        });
        out
    }

    /// Whether the set holds a key of hash `h` that `eq` accepts.
    pub fn contains_by(&self, h: i64, eq: impl FnMut(&Value) -> bool) -> bool {
        let (j, _) = self.probe_by(h, eq);
        matches!(self.slots[j], Slot::Full(..))
    }

    /// `s.add(key)` for a key of hash `h`, `eq` recognising a key the set
    /// already holds.
    pub fn add_by(&mut self, h: i64, eq: impl FnMut(&Value) -> bool, key: Value) {
        let (j, free) = self.probe_by(h, eq);
        self.put(j, free, h, key);
    }

    /// `s.discard(key)` for a key of hash `h` that `eq` recognises:
    /// whether it was there.
    pub fn discard_by(&mut self, h: i64, eq: impl FnMut(&Value) -> bool) -> bool {
        let (j, _) = self.probe_by(h, eq);
        self.vacate(j)
    }

    /// `s.add(key)`.
    pub fn add(&mut self, key: Value) -> Result<()> {
        let h = hash(&key)?;
        self.add_hashed(h, key);
        Ok(())
    }

    fn add_hashed(&mut self, h: i64, key: Value) {
        let (j, free) = self.probe(&key, h);
        self.put(j, free, h, key);
    }

    /// Stores `key` where a probe ended (`j`, and the deleted slot `free`
    /// passed on the way), unless `j` already holds it.
    fn put(&mut self, j: usize, free: Option<usize>, h: i64, key: Value) {
        if matches!(self.slots[j], Slot::Full(..)) {
            return;
        }
        self.used += 1;
        if let Some(f) = free {
            self.slots[f] = Slot::Full(h, key);
            return;
        }
        self.slots[j] = Slot::Full(h, key);
        self.fill += 1;
        if self.fill * 5 >= self.mask() * 3 {
            let used = self.used;
            self.resize(if used > 50_000 { used * 2 } else { used * 4 });
        }
    }

    /// `s.discard(key)`: whether it was there.
    pub fn discard(&mut self, key: &Value) -> Result<bool> {
        let h = hash(key)?;
        Ok(self.discard_hashed(h, key))
    }

    fn discard_hashed(&mut self, h: i64, key: &Value) -> bool {
        let (j, _) = self.probe(key, h);
        self.vacate(j)
    }

    /// Deletes the key in slot `j` if it holds one: whether it did.
    fn vacate(&mut self, j: usize) -> bool {
        if !matches!(self.slots[j], Slot::Full(..)) {
            return false;
        }
        self.slots[j] = Slot::Dummy;
        self.used -= 1;
        true
    }

    /// `s.pop()`: the first key in table order from where the last pop
    /// stopped; `None` when empty.
    pub fn pop(&mut self) -> Option<Value> {
        if self.used == 0 {
            return None;
        }
        let mask = self.mask();
        let mut i = self.finger & mask;
        while !matches!(self.slots[i], Slot::Full(..)) {
            i = if i == mask { 0 } else { i + 1 };
        }
        let Slot::Full(_, key) = std::mem::replace(&mut self.slots[i], Slot::Dummy) else {
            return None;
        };
        self.used -= 1;
        self.finger = i + 1;
        Some(key)
    }

    /// `s.clear()`.
    pub fn clear(&mut self) {
        *self = SetTable::new();
    }

    /// A table of the smallest size above `min_used`, holding the keys.
    fn resize(&mut self, min_used: usize) {
        let mut size = MIN_SIZE;
        while size <= min_used {
            size <<= 1;
        }
        if size == MIN_SIZE && self.slots.len() == MIN_SIZE && self.fill == self.used {
            return;
        }
        let old = std::mem::replace(&mut self.slots, vec![Slot::Empty; size]);
        self.fill = self.used;
        for slot in old {
            if let Slot::Full(h, k) = slot {
                self.insert_clean(h, k);
            }
        }
    }

    /// Puts a key known to be absent into the first empty slot of its
    /// probe sequence (the table has no dummies).
    fn insert_clean(&mut self, h: i64, key: Value) {
        let mask = self.mask();
        let mut perturb = h as u64;
        let mut i = (h as u64 as usize) & mask;
        loop {
            let probes = if i + LINEAR_PROBES <= mask {
                LINEAR_PROBES
            } else {
                0
            };
            if let Some(j) = (i..=i + probes).find(|&j| matches!(self.slots[j], Slot::Empty)) {
                self.slots[j] = Slot::Full(h, key);
                return;
            }
            perturb >>= PERTURB_SHIFT;
            i = (i
                .wrapping_mul(5)
                .wrapping_add(1)
                .wrapping_add(perturb as usize))
                & mask;
        }
    }

    /// `s.update(other)` for another set (CPython's `set_merge`).
    pub fn merge(&mut self, other: &SetTable) {
        if other.used == 0 {
            return;
        }
        if (self.fill + other.used) * 5 >= self.mask() * 3 {
            self.resize((self.used + other.used) * 2);
        }
        if self.fill == 0 && self.slots.len() == other.slots.len() && other.fill == other.used {
            self.slots = other.slots.clone();
            self.fill = other.fill;
            self.used = other.used;
            return;
        }
        if self.fill == 0 {
            self.fill = other.used;
            self.used = other.used;
            for (h, k) in other.entries() {
                self.insert_clean(h, k.clone());
            }
            return;
        }
        for (h, k) in other.entries() {
            self.add_hashed(h, k.clone());
        }
    }

    /// A copy (CPython's `set_copy`: a merge into an empty set, so the
    /// copy may be laid out differently from the original).
    pub fn copy(&self) -> SetTable {
        let mut s = SetTable::new();
        s.merge(self);
        s
    }

    /// `self | other` for another set.
    pub fn union(&self, other: &SetTable) -> SetTable {
        let mut s = self.copy();
        s.merge(other);
        s
    }

    /// `self & other`: the keys of the smaller set that the larger holds,
    /// in the smaller one's order.
    pub fn intersection(&self, other: &SetTable) -> SetTable {
        let (small, large) = if other.used > self.used {
            (self, other)
        } else {
            (other, self)
        };
        let mut s = SetTable::new();
        for (h, k) in small.entries() {
            if matches!(large.slots[large.probe(k, h).0], Slot::Full(..)) {
                s.add_hashed(h, k.clone());
            }
        }
        s
    }

    /// `self - other` for another set: CPython's `set_difference`, which
    /// copies `self` and discards `other`'s keys when `self` is over four
    /// times larger, else collects the keys of `self` that `other` lacks.
    pub fn difference(&self, other: &SetTable) -> SetTable {
        if (self.used >> 2) > other.used {
            let mut s = self.copy();
            s.difference_update(other);
            return s;
        }
        let mut s = SetTable::new();
        for (h, k) in self.entries() {
            if !matches!(other.slots[other.probe(k, h).0], Slot::Full(..)) {
                s.add_hashed(h, k.clone());
            }
        }
        s
    }

    /// `self -= other` for another set.
    pub fn difference_update(&mut self, other: &SetTable) {
        for (h, k) in other.entries() {
            self.discard_hashed(h, k);
        }
        self.purge_dummies();
    }

    /// Discards each key (`s.difference_update(iterable)`).
    pub fn discard_all(&mut self, keys: impl IntoIterator<Item = Value>) -> Result<()> {
        for k in keys {
            self.discard(&k)?;
        }
        self.purge_dummies();
        Ok(())
    }

    /// After a difference update: when over a quarter of the table is
    /// deleted slots, rebuild it without them, as CPython does.
    fn purge_dummies(&mut self) {
        if self.fill - self.used > self.mask() / 4 {
            let used = self.used;
            self.resize(if used > 50_000 { used * 2 } else { used * 4 });
        }
    }

    /// Grows the table ahead of adding `n` keys from a dict, as CPython's
    /// `set_update_internal` does before it walks one.
    pub fn reserve(&mut self, n: usize) {
        if (self.fill + n) * 5 >= self.mask() * 3 {
            self.resize((self.used + n) * 2);
        }
    }

    /// `self ^= other` for another set.
    pub fn symmetric_update(&mut self, other: &SetTable) {
        for (h, k) in other.entries() {
            if !self.discard_hashed(h, k) {
                self.add_hashed(h, k.clone());
            }
        }
    }

    /// `self ^ other`: a copy of `other` updated with `self`, as CPython
    /// builds it.
    pub fn symmetric_difference(&self, other: &SetTable) -> SetTable {
        let mut s = other.copy();
        s.symmetric_update(self);
        s
    }

    /// `self <= other`.
    pub fn is_subset(&self, other: &SetTable) -> bool {
        self.used <= other.used
            && self
                .entries()
                .all(|(h, k)| matches!(other.slots[other.probe(k, h).0], Slot::Full(..)))
    }

    /// Whether the sets share no key.
    pub fn is_disjoint(&self, other: &SetTable) -> bool {
        let (small, large) = if other.used > self.used {
            (self, other)
        } else {
            (other, self)
        };
        !small
            .entries()
            .any(|(h, k)| matches!(large.slots[large.probe(k, h).0], Slot::Full(..)))
    }

    /// `self == other`: the same keys.
    pub fn set_eq(&self, other: &SetTable) -> bool {
        self.used == other.used && self.is_subset(other)
    }

    /// `hash(frozenset(...))`: CPython's `frozenset_hash`, over every slot
    /// of the table.
    pub fn frozen_hash(&self) -> i64 {
        fn shuffle(h: u64) -> u64 {
            ((h ^ 89_869_747) ^ (h << 16)).wrapping_mul(3_644_798_167)
        }
        let mut h: u64 = 0;
        for slot in &self.slots {
            h ^= shuffle(match slot {
                Slot::Empty => 0,
                Slot::Dummy => u64::MAX,
                Slot::Full(kh, _) => *kh as u64,
            });
        }
        if (self.slots.len() - self.fill) & 1 == 1 {
            h ^= shuffle(0);
        }
        if (self.fill - self.used) & 1 == 1 {
            h ^= shuffle(u64::MAX);
        }
        h ^= (self.used as u64 + 1).wrapping_mul(1_927_868_237);
        h ^= (h >> 11) ^ (h >> 25);
        h = h.wrapping_mul(69_069).wrapping_add(907_133_923);
        if h == u64::MAX {
            590_923_713
        } else {
            h as i64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(s: &SetTable) -> Vec<i64> {
        s.iter()
            .map(|v| match v {
                Value::Int(i) => *i,
                _ => i64::MIN,
            })
            .collect()
    }

    fn set(items: &[i64]) -> SetTable {
        SetTable::from_items(items.iter().map(|&i| Value::Int(i))).unwrap()
    }

    /// A display of constants, as CPython 3.11 builds it: a frozenset
    /// constant, rebuilt from its own order (the compiler's merging of
    /// constants), merged into an empty set.
    fn display(items: &[i64]) -> SetTable {
        SetTable::from_items(set(items).to_vec()).unwrap().copy()
    }

    /// Orders and hashes printed by CPython 3.11.
    #[test]
    fn order_and_hash_follow_cpython() {
        assert_eq!(ints(&set(&[3, 1, 2])), [1, 2, 3]);
        assert_eq!(ints(&set(&[10, 100, 1000])), [1000, 10, 100]);
        assert_eq!(ints(&display(&[-1, -2, 5, 17, 33])), [33, 17, 5, -1, -2]);
        assert_eq!(ints(&set(&[-1, -2, 5, 17, 33])), [33, 5, 17, -2, -1]);
        let big = [1 << 61, (1 << 61) + 1, -1, -2, 7];
        assert_eq!(ints(&set(&big)), [1 << 61, (1 << 61) + 1, 7, -2, -1]);
        assert_eq!(ints(&display(&big)), [1 << 61, (1 << 61) + 1, -1, 7, -2]);
        assert_eq!(
            ints(&display(&[100, 9, 17, 25, 1, 33])),
            [1, 33, 17, 100, 9, 25]
        );
        let (a, b) = (display(&[1, 2, 3, 100]), display(&[100, 8, 16]));
        assert_eq!(ints(&a.union(&b)), [16, 1, 2, 3, 100, 8]);
        assert_eq!(ints(&a.symmetric_difference(&b)), [1, 2, 3, 8, 16]);
        assert_eq!(ints(&a.difference(&b)), [1, 2, 3]);
        assert_eq!(SetTable::new().frozen_hash(), 133_146_708_735_736);
        assert_eq!(set(&[1, 2, 3]).frozen_hash(), -272_375_401_224_217_160);
    }
}
