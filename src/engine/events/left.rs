//! How much is left of the effects that are used up as they apply: prevention shields (615.7)
//! and "the next time" effects. Kept by effect id, because the effects present change from one
//! moment to the next as permanents leave and enter.

use super::replacer::Replacer;
use std::rc::Rc;
use std::sync::Arc;

/// Only the effects used so far; any other limited effect is whole. Every state of an
/// exploration carries one, and most states leave it as they found it: the list is shared, and
/// copied only when an effect is used.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Left(Rc<Vec<(Arc<str>, i64)>>);

impl Left {
    /// What is left of the effect: `i64::MAX` for an effect that is never used up.
    pub fn of(&self, r: &Replacer) -> i64 {
        let Some(limit) = r.limited() else { return i64::MAX };
        self.0.binary_search_by(|(k, _)| (**k).cmp(r.key())).map_or(limit, |i| self.0[i].1)
    }

    pub fn use_up(&mut self, r: &Replacer, amount: i64) {
        if r.limited().is_none() || amount <= 0 {
            return;
        }
        let now = (self.of(r) - amount).max(0);
        let used = Rc::make_mut(&mut self.0);
        match used.binary_search_by(|(k, _)| (**k).cmp(r.key())) {
            Ok(i) => used[i].1 = now,
            Err(i) => used.insert(i, (r.shared_key.clone(), now)),
        }
    }

    /// The effects used so far with what is left of each, by id.
    pub fn used(&self) -> impl Iterator<Item = (&str, i64)> {
        self.0.iter().map(|(k, n)| (&**k, *n))
    }
}
