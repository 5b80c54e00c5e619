//! The classes as nodes of the graph the order of the effects is found on (`order::next`). A
//! candidate that depends on every member of a class goes to the class's node (its hub), which
//! goes to each candidate of the class: the groups and loops are those of the candidates alone,
//! and a candidate of a colour layer goes to a few dozen hubs instead of to their many members.

use super::{Graph, NOT_A_CANDIDATE};

/// Class → its candidates, as places: the edges from each class's node (hub) to its members.
pub struct Hubs {
    candidates: Vec<Vec<usize>>,
}

impl Hubs {
    /// How many hubs there are: one per class, numbered from 0.
    pub fn count(&self) -> usize {
        self.candidates.len()
    }

    /// The candidates of `class`, as places: where its hub goes.
    pub fn candidates(&self, class: usize) -> &[usize] {
        &self.candidates[class]
    }
}

impl Graph {
    /// The classes' hubs for this choice's candidates.
    pub fn hubs(&self) -> Hubs {
        let classes = 0..self.classes.count() as u32;
        let of = |class| {
            self.classes.members(class).iter().map(|m| self.place_of[*m]).filter(|p| *p != NOT_A_CANDIDATE).collect()
        };
        Hubs { candidates: classes.map(of).collect() }
    }

    /// The nodes the candidate `id` goes to in the order's graph: the B it depends on as places
    /// (`depends_on`), but a class's members through the class's hub, `first_hub` + its number.
    /// A class with no candidate but `id` is left out, as `depends_on` leaves `id` out.
    pub fn depends_on_through(&self, id: usize, hubs: &Hubs, first_hub: usize) -> Vec<usize> {
        let mut out: Vec<usize> = self.kept_for(id).map(|(p, _)| p).filter(|p| *p != NOT_A_CANDIDATE).collect();
        if let Some(class) = self.classes.of(id) {
            for (b, _) in self.classes.depends_on(class) {
                let others = hubs.candidates(b as usize).len() - usize::from(b == class);
                if others > 0 {
                    out.push(first_hub + b as usize);
                }
            }
        }
        out
    }
}
