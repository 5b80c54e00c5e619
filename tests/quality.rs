//! What the search quality tests on question files share: the files' format
//! (`set|question|answers`), the rank of the first right answer, and the mean reciprocal rank
//! over the top 10 and the recall at 5 of a set of questions.

/// A question of a file: whether it is held out of tuning, its text, the rules that answer it.
pub struct Question {
    pub held_out: bool,
    pub text: &'static str,
    pub answers: Vec<&'static str>,
}

/// The questions of a file of `set|question|answers` lines (`#` comments and blank lines aside).
pub fn questions(file: &'static str) -> Vec<Question> {
    let mut out = Vec::new();
    for (n, line) in file.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split('|').collect();
        let [set, text, answers] = parts[..] else { panic!("line {}: `set|question|answers`: {line}", n + 1) };
        let held_out = match set {
            "held-out" => true,
            "tuning" => false,
            other => panic!("line {}: unknown set `{other}`", n + 1),
        };
        let answers: Vec<&str> = answers.split_whitespace().collect();
        assert!(!answers.is_empty(), "line {}: no answer", n + 1);
        out.push(Question { held_out, text: text.trim(), answers });
    }
    out
}

/// Checks that every answer is a rule of the edition.
pub fn answers_are_rules_of(questions: &[Question], edition: &judge::corpus::Edition) {
    for q in questions {
        for answer in &q.answers {
            let id = judge::corpus::RuleId::parse(answer).unwrap_or_else(|_| panic!("`{answer}` in `{}`", q.text));
            assert!(edition.get(id).is_some(), "`{}`: {answer} is not a rule of edition {}", q.text, edition.name());
        }
    }
}

/// Rank (1-based) of the first accepted rule in a ranking, within the first 10.
pub fn rank(ranking: &[String], answers: &[&str]) -> Option<usize> {
    ranking.iter().take(10).position(|id| answers.contains(&id.as_str())).map(|p| p + 1)
}

#[derive(Default)]
pub struct Score {
    pub questions: usize,
    pub reciprocal: f64,
    pub within_5: usize,
}

impl Score {
    pub fn add(&mut self, rank: Option<usize>) {
        self.questions += 1;
        self.reciprocal += rank.map_or(0.0, |r| 1.0 / r as f64);
        self.within_5 += usize::from(rank.is_some_and(|r| r <= 5));
    }

    pub fn mrr(&self) -> f64 {
        self.reciprocal / self.questions.max(1) as f64
    }

    pub fn show(&self) -> String {
        format!("MRR@10 {:.3}, recall@5 {:.3}", self.mrr(), self.within_5 as f64 / self.questions.max(1) as f64)
    }
}
