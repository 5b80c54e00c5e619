//! The board after the events of a moment: where objects are, who controls them, their counters.
//! Later events meet this board (a creature destroyed by the first event is not there for the
//! second); damage marked, tapping and life totals are not kept, nor state-based actions.

use super::event::Event;
use crate::engine::board::Board;
use crate::engine::timestamp::Timestamp;
use crate::model::Zone;

/// Whether an event that happened changes the board the next events meet.
pub fn changes_board(event: &Event) -> bool {
    matches!(event, Event::Move { .. } | Event::Enter { .. } | Event::Counters { .. })
}

pub fn board_after(board: &Board, happened: &[Event]) -> Board {
    let mut after = board.clone();
    let latest = after.objects.iter().map(|o| o.timestamp.time).chain(after.resolved.iter().map(|r| r.timestamp.time));
    let mut next_time = latest.max().unwrap_or(0).saturating_add(1);
    for event in happened {
        match event {
            Event::Move { object, to, .. } => {
                let o = &mut after.objects[*object];
                if o.zone == Zone::Battlefield {
                    // A permanent that leaves becomes a new object with no memory of it (400.7).
                    o.counters.clear();
                    o.attached_to = None;
                    o.attached_at = None;
                    o.printed.controller = o.owner;
                }
                o.zone = *to;
            }
            Event::Enter { object, counters, controller, .. } => {
                let o = &mut after.objects[*object];
                o.zone = Zone::Battlefield;
                o.counters = counters.clone();
                o.printed.controller = *controller;
                o.attached_to = None;
                o.attached_at = None;
                o.timestamp = Timestamp { time: next_time, order: 0 };
                next_time = next_time.saturating_add(1);
            }
            Event::Counters { object, kind, count } => {
                let n = after.objects[*object].counters.entry(kind.clone()).or_insert(0);
                *n = n.saturating_add(*count);
            }
            _ => {}
        }
    }
    after
}
