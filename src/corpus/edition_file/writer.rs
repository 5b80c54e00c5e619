//! Writing an edition file: the fields (numbers, rule numbers, strings), the rules and glossary
//! entries made of them, the head (magic, format and header), and through [`Summing`] the
//! checksum of what was written.

use super::checksum::Checksum;
use super::{Edition, Header, Rule, RuleId, MAGIC, NO_RULE};
use crate::corpus::glossary::GlossaryEntry;
use std::io::{self, Write};

/// A writer that hashes every byte written through it.
pub(super) struct Summing<W> {
    pub(super) inner: W,
    pub(super) checksum: Checksum,
}

impl<W: Write> Write for Summing<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(bytes)?;
        self.checksum.update(&bytes[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

pub(super) struct Writer<W>(pub(super) W);

impl<W: Write> Writer<Summing<W>> {
    pub(super) fn checksum(&mut self) -> io::Result<()> {
        // A format without checksums is never written (`write_scanned`).
        let sum = self.0.checksum.digest().unwrap_or_default();
        self.0.write_all(&sum.to_le_bytes())
    }
}

impl<W: Write> Writer<W> {
    pub(super) fn head(&mut self, edition: &Edition, content: String, format: u32) -> io::Result<()> {
        self.0.write_all(MAGIC)?;
        self.0.write_all(&format.to_le_bytes())?;
        let header = Header {
            info: edition.info.clone(),
            rule_count: edition.rule_count(),
            glossary_count: edition.parsed.glossary.len(),
            documents: edition.documents.clone(),
            sections: edition.parsed.sections.clone(),
            content,
        };
        self.string(&serde_json::to_string(&header)?)
    }

    /// Every rule, then the glossary: the body of format 3 and of the fingerprint's layout.
    pub(super) fn body(&mut self, edition: &Edition) -> io::Result<()> {
        edition.rules().try_for_each(|rule| self.rule(rule))?;
        edition.parsed.glossary.iter().try_for_each(|entry| self.glossary_entry(entry))
    }

    pub(super) fn rule(&mut self, rule: &Rule) -> io::Result<()> {
        self.id(rule.id)?;
        self.number(rule.line)?;
        self.string(&rule.text)?;
        self.strings(&rule.examples)?;
        self.ids(&rule.references)
    }

    pub(super) fn glossary_entry(&mut self, entry: &GlossaryEntry) -> io::Result<()> {
        self.string(&entry.term)?;
        self.strings(&entry.aliases)?;
        self.string(&entry.definition)?;
        self.0.write_all(&[u8::from(entry.obsolete)])
    }

    pub(super) fn number(&mut self, n: usize) -> io::Result<()> {
        let n = u32::try_from(n).map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "a length over 4 GiB"))?;
        self.0.write_all(&n.to_le_bytes())
    }

    pub(super) fn id(&mut self, id: RuleId) -> io::Result<()> {
        self.0.write_all(&id.section().to_le_bytes())?;
        self.0.write_all(&id.rule().unwrap_or(NO_RULE).to_le_bytes())?;
        self.0.write_all(&[id.letter().map_or(0, |l| l as u8)])
    }

    pub(super) fn ids(&mut self, ids: &[RuleId]) -> io::Result<()> {
        self.number(ids.len())?;
        ids.iter().try_for_each(|&id| self.id(id))
    }

    pub(super) fn string(&mut self, s: &str) -> io::Result<()> {
        self.number(s.len())?;
        self.0.write_all(s.as_bytes())
    }

    pub(super) fn strings<S: AsRef<str>>(
        &mut self,
        strings: impl IntoIterator<Item = S, IntoIter: ExactSizeIterator>,
    ) -> io::Result<()> {
        let mut strings = strings.into_iter();
        self.number(strings.len())?;
        strings.try_for_each(|s| self.string(s.as_ref()))
    }
}
