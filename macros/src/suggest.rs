//! "Did you mean …?" for unknown keys and field names.

/// The candidate closest to `word`, when it is close enough to be a likely typo: at most a
/// third of the word's length in edits (at least one), or the same word in another case or
/// spelling (`lastModified` → `last_modified`).
pub(crate) fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let normalized = normalize(word);
    let budget = (word.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .filter_map(|candidate| {
            let distance = if normalize(candidate) == normalized {
                0
            } else {
                edit_distance(word, candidate)
            };
            (distance <= budget).then_some((distance, candidate))
        })
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// `, did you mean `x`?` or nothing.
pub(crate) fn hint<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    match did_you_mean(word, candidates) {
        Some(candidate) => format!("; did you mean `{candidate}`?"),
        None => String::new(),
    }
}

fn normalize(word: &str) -> String {
    word.chars()
        .filter(|c| *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// Levenshtein distance over chars.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = Vec::with_capacity(b.len() + 1);
        current.push(i + 1);
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current.push(substitution.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_typos_and_spellings() {
        let keys = ["text", "image", "audio", "resource", "link", "last_modified"];
        assert_eq!(did_you_mean("imgae", keys), Some("image"));
        assert_eq!(did_you_mean("txt", keys), Some("text"));
        assert_eq!(did_you_mean("lastModified", keys), Some("last_modified"));
        assert_eq!(did_you_mean("zzzzzz", keys), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
