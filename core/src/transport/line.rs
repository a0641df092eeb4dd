//! One line of a line-delimited JSON-RPC stream (stdio), read with a bound: a line over
//! the bound is skipped to its end, its first bytes kept (for the request's id), so one
//! huge line costs no more memory than the bound.

use tokio::io::AsyncBufReadExt;

/// One line read with a bound: the line, or how long it was when it broke the bound and
/// its first bytes (up to the bound).
pub enum Line {
    Text(Vec<u8>),
    TooLong { length: usize, head: Vec<u8> },
    Eof,
}

pub async fn read_line<R: AsyncBufReadExt + Unpin>(
    reader: &mut R,
    max: usize,
) -> std::io::Result<Line> {
    let mut line = Vec::new();
    let mut length = 0usize;
    loop {
        let buffer = reader.fill_buf().await?;
        if buffer.is_empty() {
            return Ok(if length == 0 {
                Line::Eof
            } else if length > max {
                Line::TooLong { length, head: line }
            } else {
                Line::Text(line)
            });
        }
        let (chunk, done) = match memchr::memchr(b'\n', buffer) {
            Some(i) => (&buffer[..i], Some(i + 1)),
            None => (buffer, None),
        };
        length += chunk.len();
        // Past the bound the rest of the line is skipped, not kept.
        let room = max.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let consumed = done.unwrap_or(buffer.len());
        reader.consume(consumed);
        if done.is_some() {
            return Ok(if length > max {
                Line::TooLong { length, head: line }
            } else {
                Line::Text(line)
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::BufReader;

    #[tokio::test]
    async fn lines_are_bounded_and_the_rest_skipped() {
        let data: &[u8] = b"short\nthis one is long\nok\n";
        let mut reader = BufReader::new(data);
        assert!(matches!(read_line(&mut reader, 8).await.unwrap(), Line::Text(l) if l == b"short"));
        assert!(matches!(
            read_line(&mut reader, 8).await.unwrap(),
            Line::TooLong { length: 16, head } if head == b"this one"
        ));
        assert!(matches!(read_line(&mut reader, 8).await.unwrap(), Line::Text(l) if l == b"ok"));
        assert!(matches!(
            read_line(&mut reader, 8).await.unwrap(),
            Line::Eof
        ));
    }
}
