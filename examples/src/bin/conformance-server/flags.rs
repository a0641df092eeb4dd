//! The command line after `--own-http ADDR`: allowed origins and the shared stores.

/// `--redis URL` and `--key-file PATH`: the stores every replica shares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Shared {
    pub(crate) redis: String,
    pub(crate) key_file: Option<String>,
}

/// The flags after `--own-http ADDR`.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct OwnHttpFlags {
    /// `--allow-origin ORIGIN` (repeatable).
    pub(crate) origins: Vec<String>,
    /// `--redis URL`.
    pub(crate) redis: Option<String>,
    /// `--key-file PATH`.
    pub(crate) key_file: Option<String>,
}

impl OwnHttpFlags {
    /// The shared stores asked for: `--key-file` needs `--redis` (the router refuses shared
    /// stores without it, saying so).
    pub(crate) fn shared(&self) -> Result<Option<Shared>, String> {
        match (&self.redis, &self.key_file) {
            (None, None) => Ok(None),
            (None, Some(_)) => Err("--key-file goes with --redis URL".into()),
            (Some(redis), key_file) => Ok(Some(Shared {
                redis: redis.clone(),
                key_file: key_file.clone(),
            })),
        }
    }
}

/// Reads `--allow-origin ORIGIN`, `--redis URL` and `--key-file PATH` pairs; anything else is
/// an error naming it.
pub(crate) fn own_http_flags(rest: &[String]) -> Result<OwnHttpFlags, String> {
    let mut flags = OwnHttpFlags::default();
    let mut rest = rest.iter();
    while let Some(flag) = rest.next() {
        let slot = match flag.as_str() {
            "--allow-origin" => None,
            "--redis" => Some(&mut flags.redis),
            "--key-file" => Some(&mut flags.key_file),
            other => return Err(format!("unknown argument {other:?}")),
        };
        let Some(value) = rest.next() else {
            let what = if flag == "--allow-origin" {
                "an ORIGIN"
            } else if flag == "--redis" {
                "a URL"
            } else {
                "a PATH"
            };
            return Err(format!("{flag} needs {what}"));
        };
        match slot {
            None => flags.origins.push(value.clone()),
            Some(slot) if slot.is_some() => return Err(format!("{flag} given twice")),
            Some(slot) => *slot = Some(value.clone()),
        }
    }
    Ok(flags)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_http_flags_are_read_in_order_and_anything_else_is_refused() {
        let args = |list: &[&str]| list.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(own_http_flags(&[]), Ok(OwnHttpFlags::default()));
        let flags = own_http_flags(&args(&[
            "--allow-origin",
            "http://127.0.0.1:8000",
            "--redis",
            "redis://127.0.0.1:6379/",
            "--allow-origin",
            "https://app.example.com",
            "--key-file",
            "keys",
        ]))
        .expect("valid flags");
        assert_eq!(
            flags.origins,
            args(&["http://127.0.0.1:8000", "https://app.example.com"])
        );
        assert_eq!(
            flags.shared(),
            Ok(Some(Shared {
                redis: "redis://127.0.0.1:6379/".into(),
                key_file: Some("keys".into()),
            }))
        );
        let refused = |list: &[&str]| own_http_flags(&args(list)).err();
        assert_eq!(
            refused(&["--allow-origin"]).as_deref(),
            Some("--allow-origin needs an ORIGIN")
        );
        assert_eq!(
            refused(&["--redis"]).as_deref(),
            Some("--redis needs a URL")
        );
        assert_eq!(
            refused(&["--key-file", "a", "--key-file", "b"]).as_deref(),
            Some("--key-file given twice")
        );
        assert_eq!(
            refused(&["--allow-orign", "x"]).as_deref(),
            Some("unknown argument \"--allow-orign\"")
        );
    }

    #[test]
    fn a_key_file_without_redis_is_refused() {
        let flags = OwnHttpFlags {
            key_file: Some("keys".into()),
            ..OwnHttpFlags::default()
        };
        assert_eq!(
            flags.shared(),
            Err("--key-file goes with --redis URL".to_string())
        );
    }
}
