//! Errors of the command layer: what the judge typed does not name anything.

use miette::Diagnostic;

#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum CliError {
    #[error("`{input}` is not a rule number or range, nor the name of a rule of this edition")]
    #[diagnostic(
        code(judge::bad_rule_ref),
        help(
            "write a number such as `614.14`, `614.1`, `614`, a range such as `614.1a-d` or `614.10-614.11`, or a keyword or glossary term of the edition (`deathtouch`; `judge search` finds the others)"
        )
    )]
    BadRuleRef { input: String },

    #[error("rule `{id}` is not in edition `{edition}`")]
    #[diagnostic(code(judge::unknown_rule))]
    UnknownRule {
        id: String,
        edition: String,
        #[help]
        nearest: Option<String>,
    },

    #[error("edition `{edition}` has no glossary")]
    #[diagnostic(
        code(judge::no_glossary),
        help("the French pages have none; import the official English CR with `judge corpus import FILE` and pass `--edition`")
    )]
    NoGlossary { edition: String },

    #[error("the search query is empty")]
    #[diagnostic(code(judge::empty_query), help("give words, a \"quoted phrase\" or a rule number"))]
    EmptyQuery,

    #[error("no data directory: neither `--data-dir`, `JUDGE_DATA_DIR`, `XDG_DATA_HOME` nor `HOME` is set")]
    #[diagnostic(code(judge::no_data_dir), help("pass `--data-dir DIR` or set `JUDGE_DATA_DIR`"))]
    NoDataDir,

    #[error("`latest` names no edition: no English edition is imported")]
    #[diagnostic(
        code(judge::no_latest),
        help(
            "`latest` comes from {origin}; import the official rules text with `judge corpus import MagicCompRules.txt` \
             (the `.txt` link on the rules page of the game's publisher, magic.wizards.com/en/rules)"
        )
    )]
    NoLatest { origin: String },

    #[error("edition `{name}`, named by {origin}, is not imported")]
    #[diagnostic(code(judge::edition_not_imported))]
    NotImported {
        name: String,
        origin: String,
        #[help]
        help: String,
    },

    #[error(transparent)]
    #[diagnostic(transparent)]
    Store(Box<crate::corpus::store::StoreError>),

    #[error("editions `{old}` ({old_lang}) and `{new}` ({new_lang}) are in different languages")]
    #[diagnostic(
        code(judge::languages_differ),
        help("rules are aligned by their text, so both editions must be in the same language; `judge corpus list` shows each edition's")
    )]
    LanguagesDiffer { old: String, old_lang: String, new: String, new_lang: String },
}
