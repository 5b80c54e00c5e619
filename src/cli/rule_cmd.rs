//! `judge rule REF…`: rules by number, with subrules, sections and ranges.

use super::args::{Format, RuleArgs};
use super::config::Config;
use super::diff_cmd;
use super::error::CliError;
use super::outcome::{Outcome, Status};
use crate::corpus::named::named_all;
use crate::corpus::{Edition, Rule, RuleRef};
use crate::render::{self, Style};
use std::ops::RangeInclusive;

pub fn run(args: &RuleArgs, config: &Config, style: Style) -> miette::Result<Outcome> {
    let choice = config.choose(args.edition.edition.as_deref())?;
    let inputs = split(&args.refs);
    let parsed: Vec<Result<RuleRef, &String>> =
        inputs.iter().map(|input| RuleRef::parse(input).map_err(|_| input)).collect();
    let names = parsed.iter().any(Result::is_err);
    // A name (`deathtouch`) can be anywhere in the edition, and following rules into another
    // edition aligns the two whole editions: both read the whole edition.
    let whole = names || args.in_edition.is_some();
    let edition = if whole {
        config.edition(&choice)?
    } else {
        config.edition_for_lookup(&choice, sections(parsed.iter().filter_map(|r| r.as_ref().ok())))?
    };
    let mut refs = Vec::with_capacity(parsed.len());
    for r in parsed {
        match r {
            Ok(reference) => refs.push(reference),
            // A name: its titled rule, or every rule its glossary entry points to.
            Err(input) => {
                let ids = named_all(&edition, input);
                if ids.is_empty() {
                    return Err(CliError::BadRuleRef { input: crate::suggest::shown(input).into_owned() }.into());
                }
                for id in ids {
                    refs.push(
                        RuleRef::parse(&id.to_string())
                            .map_err(|_| CliError::BadRuleRef { input: crate::suggest::shown(input).into_owned() })?,
                    );
                }
            }
        }
    }
    let (rules, missing) = lookup(&edition, &refs);
    let warnings: Vec<miette::Report> = if missing.is_empty() {
        Vec::new()
    } else {
        // The numbers nearest to a missing one can be anywhere in the edition, and the part of
        // the edition that a lookup reads holds only the rules it shows.
        let whole = if whole { None } else { Some(config.edition(&choice)?) };
        let whole = whole.as_ref().unwrap_or(&edition);
        missing.into_iter().map(|reference| miette::Report::new(unknown(whole, reference))).collect()
    };
    let format = args.output.chosen();
    let mut stdout = match (rules.is_empty(), format) {
        (true, _) => String::new(),
        (false, Format::Json) => render::rules::json(&edition, &rules),
        (false, Format::Table) => render::rules::table(&edition, &rules, style),
        (false, Format::Markdown) => render::rules::markdown(&edition, &rules),
    };
    if let (Some(other), false) = (&args.in_edition, rules.is_empty()) {
        let new = config.edition(&config.choose(Some(other))?)?;
        let alignment = diff_cmd::aligned(config, &edition, &new)?;
        let mut counterparts: Vec<&Rule> = Vec::new();
        for rule in &rules {
            for id in alignment.follow(rule.id).map_or(&[][..], |c| c.ids) {
                if let Some(found) = new.get(*id) {
                    if !counterparts.iter().any(|r| r.id == found.id) {
                        counterparts.push(found);
                    }
                }
            }
        }
        stdout = match format {
            Format::Json => render::follow::json(&edition, &rules, &alignment, &new, &counterparts),
            Format::Table => {
                stdout.push('\n');
                stdout.push_str(&render::follow::table(&alignment, &rules, &new, &counterparts, style));
                stdout
            }
            Format::Markdown => {
                stdout.push_str(&format!("\n## In {}\n\n", new.name()));
                stdout.push_str(&render::rules::markdown(&new, &counterparts));
                stdout
            }
        };
    }
    let status = if warnings.is_empty() { Status::Found } else { Status::NothingFound };
    Ok(Outcome { stdout, warnings, status, written: Ok(()) })
}

/// The references as typed, an argument of several numbers split at its commas and spaces
/// (`704.5g,704.5f`, `"614.1 615"`); an argument that is not all rule numbers is kept whole, as
/// the name of a rule (`"lethal damage"`).
fn split(refs: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(refs.len());
    for input in refs {
        let parts: Vec<&str> = input.split([',', ' ', '\t']).filter(|p| !p.is_empty()).collect();
        if parts.len() > 1 && parts.iter().all(|p| RuleRef::parse(p).is_ok()) {
            out.extend(parts.into_iter().map(str::to_string));
        } else {
            out.push(input.clone());
        }
    }
    out
}

/// The sections from the first that the references name to the last, which a lookup reads.
fn sections<'r>(refs: impl Iterator<Item = &'r RuleRef> + Clone) -> RangeInclusive<u16> {
    let first = refs.clone().map(|r| r.start().section()).min().unwrap_or(100);
    let last = refs.map(|r| r.end().section()).max().unwrap_or(999);
    first..=last
}

/// The rules the references name, in the order asked and without repeats, and the references
/// that name nothing.
pub fn lookup<'e>(edition: &'e Edition, refs: &[RuleRef]) -> (Vec<&'e Rule>, Vec<RuleRef>) {
    let mut rules: Vec<&Rule> = Vec::new();
    let mut missing = Vec::new();
    for reference in refs {
        let found = edition.resolve(*reference);
        if found.is_empty() {
            missing.push(*reference);
        }
        for rule in found {
            if !rules.iter().any(|r| r.id == rule.id) {
                rules.push(rule);
            }
        }
    }
    (rules, missing)
}

fn unknown(edition: &Edition, reference: RuleRef) -> CliError {
    let nearest: Vec<String> = edition.nearest(reference.start(), 5).iter().map(ToString::to_string).collect();
    CliError::UnknownRule {
        id: reference.to_string(),
        edition: edition.name().to_string(),
        nearest: (!nearest.is_empty()).then(|| format!("nearest existing rules: {}", nearest.join(", "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn several_numbers_in_one_argument_are_split() {
        let split = |args: &[&str]| split(&args.iter().map(ToString::to_string).collect::<Vec<_>>());
        assert_eq!(split(&["704.5g,704.5f"]), ["704.5g", "704.5f"]);
        assert_eq!(split(&["704.5g, 704.5f", "101"]), ["704.5g", "704.5f", "101"]);
        assert_eq!(split(&["614.1 615"]), ["614.1", "615"]);
        assert_eq!(split(&["614.1a-d"]), ["614.1a-d"]);
        assert_eq!(split(&["lethal damage"]), ["lethal damage"]);
        assert_eq!(split(&["614.1,deathtouch"]), ["614.1,deathtouch"]);
    }
    use crate::corpus::{embedded, embedded_lookup};

    /// `judge rule` on the embedded edition reads only part of it (`embedded_lookup.rs`): for every
    /// rule and section of the edition, and ranges across its documents, it prints what the whole
    /// edition prints, as a table and as JSON, and finds missing what the whole edition misses.
    #[test]
    fn a_lookup_on_the_embedded_edition_prints_what_the_whole_edition_prints() {
        let (whole, _) = embedded::load();
        let mut inputs: Vec<String> = whole.rules().map(|r| r.id.to_string()).collect();
        inputs.extend(whole.parsed.sections.keys().map(ToString::to_string));
        let more = ["100-999", "100-101", "101-112", "611-614", "614.1-614.3", "614.1a-d", "112.6a-c", "100.2a-614.5"];
        inputs.extend(more.iter().chain(&["614.99", "612.1", "204.3h", "113", "999"]).map(ToString::to_string));
        let style = Style::plain(100);
        for input in &inputs {
            let refs = [RuleRef::parse(input).unwrap()];
            let part = embedded_lookup::load(sections(refs.iter()));
            let (fast, fast_missing) = lookup(&part, &refs);
            let (long, long_missing) = lookup(&whole, &refs);
            assert_eq!(fast_missing, long_missing, "{input}");
            assert_eq!(render::rules::json(&part, &fast), render::rules::json(&whole, &long), "{input}");
            assert_eq!(
                render::rules::table(&part, &fast, style),
                render::rules::table(&whole, &long, style),
                "{input}"
            );
        }
        // Several references at once read the sections from the first to the last.
        let refs: Vec<RuleRef> = ["614.12", "112.6g", "101.2a"].iter().map(|r| RuleRef::parse(r).unwrap()).collect();
        let part = embedded_lookup::load(sections(refs.iter()));
        let (fast, long) = (lookup(&part, &refs).0, lookup(&whole, &refs).0);
        assert_eq!(render::rules::table(&part, &fast, style), render::rules::table(&whole, &long, style));
    }
}
