//! Checks of what the objects are attached to and when, beyond each object alone: attachments
//! that go round in a circle, and timestamps that cannot be.

use super::validate::Validator;
use crate::model::board::ObjectDef;
use crate::placed_yaml::spans::{child, item};

impl Validator<'_> {
    /// A chain of attachments that comes back to where it started (`a` on `b`, `b` on `a`) has no
    /// object at its end for the chain to stand on: no game reaches it. Each circle is reported
    /// once, at the `attached_to` of its first object in the file, naming the whole circle. An
    /// object attached to itself is reported on its own, by `object`.
    pub(super) fn attachment_cycles(&mut self, objects: &[ObjectDef]) {
        // 0: not seen; 1: on the chain being followed; 2: done.
        let mut state = vec![0u8; objects.len()];
        for start in 0..objects.len() {
            let mut chain = Vec::new();
            let mut at = Some(start);
            while let Some(i) = at {
                if state[i] != 0 {
                    break;
                }
                state[i] = 1;
                chain.push(i);
                at = objects[i].attached_to.filter(|&t| t < objects.len());
            }
            if let Some(i) = at.filter(|&i| state[i] == 1) {
                let circle = &chain[chain.iter().position(|&c| c == i).unwrap_or(0)..];
                if circle.len() > 1 {
                    self.report_cycle(objects, circle);
                }
            }
            for i in chain {
                state[i] = 2;
            }
        }
    }

    fn report_cycle(&mut self, objects: &[ObjectDef], circle: &[usize]) {
        let first = *circle.iter().min().unwrap_or(&circle[0]);
        let from = circle.iter().position(|&c| c == first).unwrap_or(0);
        let ordered: Vec<usize> = circle[from..].iter().chain(&circle[..from]).copied().collect();
        let mut names: Vec<String> = ordered.iter().map(|&i| format!("`{}`", objects[i].id)).collect();
        names.push(format!("`{}`", objects[first].id));
        self.error(
            &child(&item("objects", first), "attached_to"),
            format!("attachments go round in a circle: {}", names.join(" → ")),
            Some("each object is attached to one that is not attached back to it; remove one `attached_to`".into()),
        );
    }

    /// Timestamps order things in time from the start of the game: a negative one is no time, and
    /// an Aura or Equipment becomes attached only once it is on the battlefield, not before.
    pub(super) fn impossible_timestamps(&mut self, objects: &[ObjectDef]) {
        let spec = self.spec;
        for (i, (o, def)) in spec.objects.iter().zip(objects).enumerate() {
            let path = item("objects", i);
            for (key, time) in [("timestamp", o.timestamp), ("attached_at", o.attached_at)] {
                if let Some(t) = time.filter(|t| *t < 0) {
                    self.error(&child(&path, key), format!("`{t}`: a timestamp is 0 or more"), None);
                }
            }
            // Without `timestamp`, its place in the list is its timestamp.
            if let Some(attached) = o.attached_at {
                let entered = def.timestamp.time;
                if attached < entered && attached >= 0 {
                    self.error(
                        &child(&path, "attached_at"),
                        format!("`{}` became attached at {attached}, before its own timestamp {entered}", o.id),
                        Some("it becomes attached when or after it gets its timestamp: give `attached_at` a later one, or leave it out".into()),
                    );
                }
            }
        }
        for (i, e) in spec.effects.iter().enumerate() {
            if e.timestamp < 0 {
                self.error(
                    &child(&item("effects", i), "timestamp"),
                    format!("`{}`: a timestamp is 0 or more", e.timestamp),
                    None,
                );
            }
        }
    }
}
