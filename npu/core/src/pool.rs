//! The cpu memory pool: large buffers freed by the last array holding
//! them are kept, keyed by dtype and length, and handed to the next kernel
//! output of the same size, so a repeated `c = a + b` on large arrays
//! reuses memory instead of mapping (and page-faulting) fresh pages.

use std::any::Any;
use std::collections::VecDeque;
use std::sync::Mutex;

use crate::dtype::WithDType;
use crate::storage::CpuStorage;

/// Buffers smaller than this many bytes go back to the allocator.
pub const MIN_BYTES: usize = 1 << 20;
/// At most this many bytes are kept.
const MAX_BYTES: usize = 1 << 30;
/// At most this many buffers are kept.
const MAX_BUFFERS: usize = 16;

static POOL: Mutex<VecDeque<CpuStorage>> = Mutex::new(VecDeque::new());

fn bytes(s: &CpuStorage) -> usize {
    s.len() * s.dtype().itemsize()
}

/// A buffer of `n` elements with unspecified contents (zeros when fresh).
pub fn take<T: WithDType>(n: usize) -> Vec<T> {
    if n * std::mem::size_of::<T>() >= MIN_BYTES {
        let mut pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = pool
            .iter()
            .position(|s| s.dtype() == T::DTYPE && s.len() == n)
        {
            if let Some(v) = pool.remove(i).and_then(into_vec::<T>) {
                return v;
            }
        }
    }
    vec![T::ZERO; n]
}

fn into_vec<T: WithDType>(s: CpuStorage) -> Option<Vec<T>> {
    crate::with_storage!(s, v => {
        let b: Box<dyn Any> = Box::new(v);
        b.downcast::<Vec<T>>().ok().map(|b| *b)
    })
}

/// Keeps a freed buffer if it is large enough (called by the storage's
/// `Drop`).
pub fn give(s: CpuStorage) {
    let b = bytes(&s);
    if !(MIN_BYTES..=MAX_BYTES).contains(&b) {
        return;
    }
    let mut pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
    pool.push_back(s);
    let mut total: usize = pool.iter().map(bytes).sum();
    while pool.len() > MAX_BUFFERS || total > MAX_BYTES {
        match pool.pop_front() {
            Some(old) => total -= bytes(&old),
            None => break,
        }
    }
}

/// Drops every pooled buffer.
pub fn clear() {
    POOL.lock().unwrap_or_else(|e| e.into_inner()).clear();
}
