//! Trace reasons as sentences.

use crate::cite::Citer;
use crate::engine::trace::{Reason, SetNote, Step};

pub fn sentence(step: &Step, citer: &Citer) -> String {
    let mut text = match &step.reason {
        Reason::Defining { .. } => {
            "characteristic-defining ability: applies before the other effects of its layer".to_string()
        }
        Reason::Timestamp { timestamp, waiting } if waiting.is_empty() => {
            format!("timestamp {timestamp}: the earliest of the effects left in this layer")
        }
        Reason::Timestamp { timestamp, waiting } => {
            let waits: Vec<String> = waiting
                .iter()
                .map(|w| {
                    format!(
                        "{} ({}) waits, since applying {} {}",
                        w.effect,
                        w.timestamp,
                        w.depends_on,
                        w.because.phrase()
                    )
                })
                .collect();
            format!("timestamp {timestamp}, the earliest of the effects free to apply; {}", waits.join("; "))
        }
        Reason::AfterDependencies { on, .. } => {
            let deps: Vec<String> =
                on.iter().map(|d| format!("applying {} {}", d.effect, d.because.phrase())).collect();
            format!("depends on an effect applied before it: {}; it applies just after", deps.join("; "))
        }
        Reason::Loop { timestamp, members } => {
            format!(
                "dependency loop between {}: they apply in timestamp order, this one at {timestamp}",
                members.join(", ")
            )
        }
        Reason::Counters => "counters on the object".to_string(),
        Reason::NoLongerExists { why } => format!("does not apply: {why}"),
        Reason::AfterObjects { timestamp } => {
            format!("after objects' characteristics, in timestamp order ({timestamp})")
        }
    };
    match &step.set {
        Some(SetNote::LockedAtCreation { at }) => {
            text.push_str(&format!("; affects the objects it affected when it was created at {at}"))
        }
        Some(SetNote::SameAsEarlierLayer { since }) => {
            text.push_str(&format!("; same objects as when it began to apply in layer {}", citer.layer_label(*since)))
        }
        Some(SetNote::Live) | None => {}
    }
    text
}
