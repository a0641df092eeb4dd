//! "Did you mean …?" for unknown keys and field names.

/// The candidate closest to `word`, when it is close enough to be a likely typo: at most a
/// third of the word's length in edits (at least one), or the same word in another case or
/// spelling (`lastModified` → `last_modified`).
pub(crate) fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
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

/// Edit distance over chars, counting a swap of two neighbours as one edit (optimal string
/// alignment): `imgae` is one edit from `image`.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_typos_and_spellings() {
        let keys = [
            "text",
            "image",
            "audio",
            "resource",
            "link",
            "last_modified",
        ];
        assert_eq!(did_you_mean("imgae", keys), Some("image"));
        assert_eq!(did_you_mean("txt", keys), Some("text"));
        assert_eq!(did_you_mean("lastModified", keys), Some("last_modified"));
        assert_eq!(did_you_mean("zzzzzz", keys), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
