//! Timestamps (613.6): a number, and for things stamped at the same moment, the place the active
//! player gave them (613.6g).

use serde::Serialize;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Timestamp {
    pub time: i64,
    /// Position among things stamped at the same `time`, as the active player ordered them.
    pub order: u32,
}

impl Timestamp {
    pub fn at(time: i64) -> Self {
        Timestamp { time, order: 0 }
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.order == 0 {
            write!(f, "t{}", self.time)
        } else {
            write!(f, "t{}.{}", self.time, self.order)
        }
    }
}
