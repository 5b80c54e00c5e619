//! Trace reasons as sentences.

use crate::cite::Citer;
use crate::engine::trace::{BrokenLoop, Reason, SetNote, Step};

pub fn sentence(step: &Step, citer: &Citer) -> String {
    let mut text = match &step.reason {
        Reason::Defining { .. } => {
            "characteristic-defining ability: applies before the other effects of its layer".to_string()
        }
        Reason::Timestamp { timestamp, waiting, .. } if waiting.is_empty() => {
            format!("timestamp {timestamp}: the earliest of the effects left in this layer")
        }
        Reason::Timestamp { timestamp, waiting, .. } => {
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
    if let Reason::Timestamp { broken_loop: Some(broken), .. }
    | Reason::AfterDependencies { broken_loop: Some(broken), .. } = &step.reason
    {
        text.push_str(&format!("; {}", broken_loop(broken)));
    }
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

/// Why an effect of a loop found before no longer goes by the loop's timestamp order. A long
/// loop is summed up (its first effects, then how many more), so that each step of a loop of N
/// effects does not list all N: the JSON keeps every name.
fn broken_loop(broken: &BrokenLoop) -> String {
    let once = match broken.applied.as_slice() {
        [] => String::new(),
        [one] => format!(" now that {one} has applied"),
        list if list.len() > LISTED => {
            format!(" now that {} of them have applied, the last {}", list.len(), list[list.len() - 1])
        }
        [most @ .., last] => format!(" now that {} and {last} have applied", most.join(", ")),
    };
    format!(
        "its dependency loop with {} no longer holds{once}: the order of the effects left is worked out again after each one",
        summed_up(&broken.with)
    )
}

/// How many effects of a loop a reason names before it counts the others.
const LISTED: usize = 8;

fn summed_up(names: &[String]) -> String {
    if names.len() <= LISTED {
        return names.join(", ");
    }
    format!("{} and {} other effects", names[..LISTED - 2].join(", "), names.len() - (LISTED - 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("copy-{i}")).collect()
    }

    /// A short loop is named whole; a long one by its first effects and how many more, so that
    /// a trace of N steps does not grow as N².
    #[test]
    fn a_long_broken_loop_is_summed_up() {
        let short = broken_loop(&BrokenLoop { with: names(3), applied: names(2) });
        assert!(
            short.contains("loop with copy-0, copy-1, copy-2 no longer holds now that copy-0 and copy-1 have applied")
        );
        let long = broken_loop(&BrokenLoop { with: names(599), applied: names(20) });
        assert!(long.contains("loop with copy-0, copy-1, copy-2, copy-3, copy-4, copy-5 and 593 other effects"));
        assert!(long.contains("now that 20 of them have applied, the last copy-19"));
    }
}
