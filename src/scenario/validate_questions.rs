//! `ask.can`: each question of what can target or block what, its objects and players found.

use super::validate::Validator;
use crate::model::legality::{Asked, Question};
use crate::placed_yaml::spans::At;

impl Validator<'_> {
    pub(super) fn questions(&mut self, players: &[String]) -> Vec<Question> {
        let spec = self.spec;
        let list = At::Path("ask.can");
        let mut out = Vec::new();
        for (i, q) in spec.ask.can.iter().enumerate() {
            let at = list.item(i);
            if q.by.is_empty() {
                let what = if q.block.is_some() {
                    "the creature or creatures that block"
                } else {
                    "the spell or source that targets"
                };
                self.error_at(&at, format!("a question without `by`: {what}"), None);
                continue;
            }
            let by = at.key("by");
            let asked = match (&q.target, &q.block) {
                (Some(target), None) => {
                    if q.by.len() > 1 {
                        self.error_at(&by, "one spell or source targets: `by` names one object".into(), None);
                        continue;
                    }
                    let Some(source) = self.object_at(&by, &q.by[0]) else { continue };
                    let Some(target) = self.target(&at.key("target").text(), target, players) else { continue };
                    if let Some(r) = &q.requirement {
                        self.selector(&at.key("as"), r, players);
                    }
                    Asked::Target { by: source, target, requirement: q.requirement.clone().map(Box::new) }
                }
                (None, Some(attacker)) => {
                    if q.requirement.is_some() {
                        self.error_at(&at.key("as"), "`as` says what a spell may target, not what blocks".into(), None);
                    }
                    let attacker = self.object_at(&at.key("block"), attacker);
                    let mut blockers = Vec::new();
                    for (n, id) in q.by.iter().enumerate() {
                        // One blocker is written as the value of `by`, several as its items.
                        let found =
                            if q.by.len() == 1 { self.object_at(&by, id) } else { self.object_at(&by.item(n), id) };
                        blockers.push(found);
                    }
                    let (Some(attacker), Some(blockers)) = (attacker, blockers.into_iter().collect::<Option<Vec<_>>>())
                    else {
                        continue;
                    };
                    Asked::Block { attacker, blockers }
                }
                _ => {
                    self.error_at(
                        &at,
                        "a question asks one thing: `target: ID` or `block: ID`".into(),
                        Some("`target: bears, by: doom-blade`, or `block: serra-angel, by: [bears, elves]`".into()),
                    );
                    continue;
                }
            };
            out.push(Question { asked, expect: q.expect });
        }
        out
    }
}
