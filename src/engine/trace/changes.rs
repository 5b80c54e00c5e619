//! What a step changed, kept small: on a large board one effect changes thousands of objects, most
//! of them alike (from the same colours to the same others). Each object is kept as its board
//! index with the number of a list of changes the step keeps once, shared by every object that
//! changed the same way; the object's id is looked up only where the trace is rendered.

use super::Shared;
use crate::model::board::Board;
use rustc_hash::FxHashMap;
use serde::Serialize;

/// One characteristic before and after a step, as the trace prints them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub characteristic: &'static str,
    pub before: Shared,
    pub after: Shared,
}

/// One characteristic of one object, before and after: a record of the trace as the renderers
/// read it (and as JSON gives it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Change<'a> {
    pub object: &'a str,
    pub characteristic: &'static str,
    pub before: &'a str,
    pub after: &'a str,
}

/// An object a step changed and its list of changes (an index into `Changes::lists`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Changed {
    object: u32,
    list: u32,
}

/// A step's changes, object by object in the order the step gives them (board order), each
/// object's in the order `describe::changes` gives them.
#[derive(Clone, Debug, Default)]
pub struct Changes {
    objects: Vec<Changed>,
    lists: Vec<Box<[Piece]>>,
}

/// Two steps changed the same when they give the same records, however the lists are shared.
impl PartialEq for Changes {
    fn eq(&self, other: &Self) -> bool {
        self.objects.len() == other.objects.len() && self.by_object().eq(other.by_object())
    }
}

impl Eq for Changes {}

impl Changes {
    /// Each changed object with its changes, in order.
    pub fn by_object(&self) -> impl Iterator<Item = (usize, &[Piece])> + '_ {
        self.objects.iter().map(|c| (c.object as usize, &*self.lists[c.list as usize]))
    }

    /// Every change with its object's index, object by object.
    pub fn iter(&self) -> impl Iterator<Item = (usize, &Piece)> + '_ {
        self.by_object().flat_map(|(object, pieces)| pieces.iter().map(move |p| (object, p)))
    }

    /// Every change with its object's id, object by object: the trace's records.
    pub fn records<'a>(&'a self, board: &'a Board) -> impl Iterator<Item = Change<'a>> + 'a {
        self.iter().map(|(object, p)| Change {
            object: board.objects[object].id.as_str(),
            characteristic: p.characteristic,
            before: &p.before,
            after: &p.after,
        })
    }

    /// The records as a JSON list.
    pub fn json<'a>(&'a self, board: &'a Board) -> JsonChanges<'a> {
        JsonChanges { changes: self, board }
    }

    /// How many records.
    pub fn len(&self) -> usize {
        self.objects.iter().map(|c| self.lists[c.list as usize].len()).sum()
    }

    /// Objects without changes are never kept: no object, no record.
    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    /// Adds `piece` after the object's other changes, or after every object's when it has none:
    /// for a change found after the step (power and toughness a noncreature loses).
    pub fn add(&mut self, object: usize, piece: Piece) {
        let index = u32::try_from(object).expect("a board's objects are counted in u32");
        match self.objects.iter().rposition(|c| c.object == index) {
            Some(at) => {
                let mut list = self.lists[self.objects[at].list as usize].to_vec();
                list.push(piece);
                self.objects[at].list = self.list_index(list.into());
            }
            None => {
                let list = self.list_index(Box::new([piece]));
                self.objects.push(Changed { object: index, list });
            }
        }
    }

    fn list_index(&mut self, list: Box<[Piece]>) -> u32 {
        self.lists.push(list);
        u32::try_from(self.lists.len() - 1).expect("fewer lists than objects")
    }
}

/// A step's changes serialized as the list of its records.
pub struct JsonChanges<'a> {
    changes: &'a Changes,
    board: &'a Board,
}

impl Serialize for JsonChanges<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.changes.records(self.board))
    }
}

/// Builds a step's changes object by object, keeping each different list once.
#[derive(Default)]
pub struct Builder {
    changes: Changes,
    /// Every list kept so far, to find it again for an object that changed the same way.
    kept: FxHashMap<Box<[Piece]>, u32>,
    /// The list of the last object pushed, `None` when it changed nothing the trace shows.
    last: Option<u32>,
}

impl Builder {
    /// A builder with room for `objects` objects.
    pub fn with_capacity(objects: usize) -> Builder {
        let mut builder = Builder::default();
        builder.changes.objects.reserve_exact(objects);
        builder
    }

    /// The object changed as `pieces` say (nothing when empty); the number of its list, for
    /// `push_list`.
    pub fn push(&mut self, object: usize, pieces: &[Piece]) -> Option<u32> {
        if pieces.is_empty() {
            self.last = None;
            return None;
        }
        let list = match self.kept.get(pieces) {
            Some(list) => *list,
            None => {
                let list = self.changes.list_index(pieces.into());
                self.kept.insert(pieces.into(), list);
                list
            }
        };
        self.last = Some(list);
        self.push_list(object, list);
        Some(list)
    }

    /// The object changed exactly as the last one pushed: its list again, without putting it
    /// into words.
    pub fn repeat(&mut self, object: usize) {
        if let Some(list) = self.last {
            self.push_list(object, list);
        }
    }

    /// The object changed as the one `push` gave `list` for.
    pub fn push_list(&mut self, object: usize, list: u32) {
        let object = u32::try_from(object).expect("a board's objects are counted in u32");
        self.changes.objects.push(Changed { object, list });
    }

    pub fn finish(self) -> Changes {
        self.changes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(characteristic: &'static str, before: &str, after: &str) -> Piece {
        Piece { characteristic, before: before.into(), after: after.into() }
    }

    fn board() -> Board {
        let text = "title: changes\nplayers: [{name: Alice, active: true}]\nobjects:\n  \
                    - {id: a, name: A, owner: Alice, types: [creature], power: 1, toughness: 1, timestamp: 1}\n  \
                    - {id: b, name: B, owner: Alice, types: [creature], power: 1, toughness: 1, timestamp: 2}\n  \
                    - {id: c, name: C, owner: Alice, types: [creature], power: 1, toughness: 1, timestamp: 3}\n";
        crate::scenario::read("changes.yaml", text).unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn records(changes: &Changes, board: &Board) -> Vec<String> {
        changes
            .records(board)
            .map(|c| format!("{} {}: {} → {}", c.object, c.characteristic, c.before, c.after))
            .collect()
    }

    /// Objects that changed alike share one list, and each still gives its own records, in order.
    #[test]
    fn alike_objects_share_a_list_and_keep_their_records() {
        let board = board();
        let mut b = Builder::default();
        let white_to_red = [piece("colors", "white", "red")];
        b.push(0, &white_to_red);
        b.repeat(1);
        b.push(2, &white_to_red);
        let changes = b.finish();
        assert_eq!(changes.lists.len(), 1);
        assert_eq!(changes.len(), 3);
        assert_eq!(
            records(&changes, &board),
            ["a colors: white → red", "b colors: white → red", "c colors: white → red"]
        );
    }

    /// An object that changed nothing the trace shows has no record, and neither has one said
    /// to change as it did.
    #[test]
    fn nothing_told_nothing_kept() {
        let mut b = Builder::default();
        b.push(0, &[]);
        b.repeat(1);
        let changes = b.finish();
        assert!(changes.is_empty());
        assert_eq!(changes.len(), 0);
    }

    /// A change added after the step goes after the object's others, or last for an object the
    /// step did not change; the objects that shared its list keep theirs.
    #[test]
    fn a_change_added_after_goes_after_the_objects_others() {
        let board = board();
        let mut b = Builder::default();
        let types = [piece("types", "Creature", "Artifact")];
        b.push(0, &types);
        b.repeat(1);
        let mut changes = b.finish();
        changes.add(0, piece("power/toughness", "1/1", "—"));
        changes.add(2, piece("power/toughness", "1/1", "—"));
        assert_eq!(
            records(&changes, &board),
            [
                "a types: Creature → Artifact",
                "a power/toughness: 1/1 → —",
                "b types: Creature → Artifact",
                "c power/toughness: 1/1 → —"
            ]
        );
    }

    /// Two steps are equal when their records are, however their lists are shared.
    #[test]
    fn equal_by_records() {
        let list = [piece("colors", "white", "red")];
        let mut shared = Builder::default();
        shared.push(0, &list);
        shared.repeat(1);
        let mut apart = Changes::default();
        apart.add(0, list[0].clone());
        apart.add(1, list[0].clone());
        assert_eq!(shared.finish(), apart);
        let mut other = Changes::default();
        other.add(0, list[0].clone());
        other.add(2, list[0].clone());
        assert_ne!(apart, other);
    }

    /// JSON gives each record with the object's id, as the trace always did.
    #[test]
    fn json_gives_records_with_ids() {
        let board = board();
        let mut changes = Changes::default();
        changes.add(1, piece("colors", "white", "red"));
        let json = serde_json::to_string(&changes.json(&board)).expect("serializes");
        assert_eq!(json, r#"[{"object":"b","characteristic":"colors","before":"white","after":"red"}]"#);
        assert_eq!(serde_json::to_string(&Changes::default().json(&board)).expect("serializes"), "[]");
    }
}
