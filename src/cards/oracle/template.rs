//! A template of sentences: a regex built the first time a sentence may match it, and the words
//! every sentence it matches holds (outside its groups), looked for first. Most sentences are
//! ruled out by that search alone, without building or running the regex: a process that reads
//! a few cards builds only the few templates their sentences come near.

use regex_lite::{Captures, Regex};
use std::sync::OnceLock;

pub(super) struct Template {
    source: String,
    /// Text every match holds; empty when the pattern has none sure (an alternation at its top).
    needle: String,
    regex: OnceLock<Regex>,
}

impl Template {
    pub(super) fn new(source: impl Into<String>) -> Template {
        let source = source.into();
        Template { needle: needle(&source), source, regex: OnceLock::new() }
    }

    pub(super) fn captures<'h>(&self, sentence: &'h str) -> Option<Captures<'h>> {
        if !sentence.contains(&self.needle) {
            return None;
        }
        self.regex().captures(sentence)
    }

    pub(super) fn is_match(&self, sentence: &str) -> bool {
        sentence.contains(&self.needle) && self.regex().is_match(sentence)
    }

    fn regex(&self) -> &Regex {
        self.regex.get_or_init(|| Regex::new(&self.source).expect("a template's regex"))
    }
}

/// The longest run of plain characters of the pattern outside any group, class, escape or
/// quantified character: text that every sentence the pattern matches holds. Empty when the
/// pattern has an alternation outside its groups, which no one run belongs to.
fn needle(pattern: &str) -> String {
    let (mut best, mut run) = (String::new(), String::new());
    let mut depth = 0usize;
    let mut chars = pattern.chars().peekable();
    let end_run = |run: &mut String, best: &mut String| {
        if run.len() > best.len() {
            *best = run.clone();
        }
        run.clear();
    };
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
                end_run(&mut run, &mut best);
            }
            '(' => {
                depth += 1;
                end_run(&mut run, &mut best);
            }
            ')' => depth = depth.saturating_sub(1),
            '[' if depth == 0 => {
                // A class: skipped to its end, escapes and a leading `]` included.
                end_run(&mut run, &mut best);
                let mut first = true;
                while let Some(k) = chars.next() {
                    match k {
                        '\\' => {
                            chars.next();
                        }
                        ']' if !first => break,
                        _ => {}
                    }
                    first = false;
                }
            }
            '|' if depth == 0 => return String::new(),
            _ if depth > 0 => {}
            '^' | '$' | '.' | '*' | '+' | '?' | '{' | '}' | '[' | ']' | '|' => end_run(&mut run, &mut best),
            _ => {
                // A character a quantifier follows may be missing from a match.
                if matches!(chars.peek(), Some('?' | '*' | '{')) {
                    end_run(&mut run, &mut best);
                } else {
                    run.push(c);
                }
            }
        }
    }
    end_run(&mut run, &mut best);
    best
}

#[cfg(test)]
mod tests {
    use super::needle;

    #[test]
    fn the_needle_is_text_every_match_holds() {
        assert_eq!(
            needle(r"^if (?P<src>.+?) would deal (?:combat )?damage to (?P<to>.+?), prevent that damage$"),
            ", prevent that damage"
        );
        assert_eq!(needle(r"^players can't win the game$"), "players can't win the game");
        assert_eq!(needle(r"^(?:a|b) costs? more$"), " cost");
        assert_eq!(needle(r"^a [^,]+ b\{1\} lands?$"), " land");
        assert_eq!(needle(r"^one|two$"), "");
        assert_eq!(needle(r"^(?P<x>.+)$"), "");
    }
}
