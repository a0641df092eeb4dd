//! encode-small, encode-blob, decode-small, decode-blob: this framework against `rmcp` 3.x
//! and hand-written `serde_json`, with the SIMD floors, in one run (issue 6).
//!
//! `cargo bench -p mcp-content-benches --bench content`; ratios: `cargo run -p
//! mcp-content-benches --release --bin bench-table` afterwards (see BENCHMARKS.md).
//! Each group runs twice: on the wall clock, and as `<group>-cpu` on the bench thread's CPU
//! clock, which a loaded machine does not inflate (`common/thread_cpu.rs`).

#[path = "common/thread_cpu.rs"]
mod thread_cpu;

use std::hint::black_box;

use criterion::measurement::Measurement;
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use mcp_content_benches::{SMALL_TEXT, by_hand, floor, image_bytes, ours, ours_parts, theirs};
use thread_cpu::ThreadCpu;

/// Every path must read what every other path wrote, or the comparison means nothing.
fn check_agreement(image: &[u8]) {
    let ours_json = ours::encode_blob(image.to_vec());
    let theirs_json = theirs::encode_blob(image);
    let expected = floor::decode_blob(&ours_json).expect("the floor reads our JSON");
    assert_eq!(expected.image, image);
    for json in [&ours_json, &theirs_json, &by_hand::encode_blob(image)] {
        let read = ours::decode_blob(json)
            .map(ours_parts)
            .expect("we read every writer's JSON");
        assert_eq!(read, expected);
        assert_eq!(theirs::decode_blob(json).as_ref(), Some(&expected));
        assert_eq!(theirs::decode_blob_simd(json).as_ref(), Some(&expected));
        assert_eq!(by_hand::decode_blob(json).as_ref(), Some(&expected));
    }
    let small = ours::encode_small(SMALL_TEXT);
    assert_eq!(ours::decode_small(&small).expect("reads").text, SMALL_TEXT);
    assert_eq!(theirs::decode_small(&small).as_deref(), Some(SMALL_TEXT));
    assert_eq!(by_hand::decode_small(&small).as_deref(), Some(SMALL_TEXT));
    let theirs_small = theirs::encode_small(SMALL_TEXT);
    assert_eq!(
        ours::decode_small(&theirs_small).expect("reads").text,
        SMALL_TEXT
    );
}

fn encode_small(c: &mut Criterion) {
    encode_small_in(c, "encode-small");
}

fn encode_small_cpu(c: &mut Criterion<ThreadCpu>) {
    encode_small_in(c, "encode-small-cpu");
}

fn encode_small_in<M: Measurement>(c: &mut Criterion<M>, name: &str) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(SMALL_TEXT.len() as u64));
    group.bench_function("mcp-content", |b| {
        b.iter(|| ours::encode_small(black_box(SMALL_TEXT)));
    });
    group.bench_function("rmcp", |b| {
        b.iter(|| theirs::encode_small(black_box(SMALL_TEXT)));
    });
    group.bench_function("serde_json", |b| {
        b.iter(|| by_hand::encode_small(black_box(SMALL_TEXT)));
    });
    group.finish();
}

fn encode_blob(c: &mut Criterion) {
    encode_blob_in(c, "encode-blob");
}

fn encode_blob_cpu(c: &mut Criterion<ThreadCpu>) {
    encode_blob_in(c, "encode-blob-cpu");
}

fn encode_blob_in<M: Measurement>(c: &mut Criterion<M>, name: &str) {
    let image = image_bytes();
    check_agreement(&image);
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(image.len() as u64));
    // Outputs (and for mcp-content, the input it takes ownership of) are made and dropped
    // outside the timed region, the same way for every path (`PerIteration`).
    group.bench_function("mcp-content", |b| {
        b.iter_batched(|| image.clone(), ours::encode_blob, BatchSize::PerIteration);
    });
    group.bench_function("rmcp", |b| {
        b.iter_batched(
            || (),
            |()| theirs::encode_blob(black_box(&image)),
            BatchSize::PerIteration,
        );
    });
    group.bench_function("rmcp+simd", |b| {
        b.iter_batched(
            || (),
            |()| theirs::encode_blob_simd(black_box(&image)),
            BatchSize::PerIteration,
        );
    });
    group.bench_function("serde_json", |b| {
        b.iter_batched(
            || (),
            |()| by_hand::encode_blob(black_box(&image)),
            BatchSize::PerIteration,
        );
    });
    let mut out = vec![0u8; base64_simd::STANDARD.encoded_length(image.len())];
    group.bench_function("floor-simd", |b| {
        b.iter_batched(
            || (),
            |()| floor::encode_into(black_box(&image), &mut out),
            BatchSize::PerIteration,
        );
    });
    group.finish();
}

fn decode_small(c: &mut Criterion) {
    decode_small_in(c, "decode-small");
}

fn decode_small_cpu(c: &mut Criterion<ThreadCpu>) {
    decode_small_in(c, "decode-small-cpu");
}

fn decode_small_in<M: Measurement>(c: &mut Criterion<M>, name: &str) {
    let json = ours::encode_small(SMALL_TEXT);
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(json.len() as u64));
    group.bench_function("mcp-content", |b| {
        b.iter(|| ours::decode_small(black_box(&json)));
    });
    group.bench_function("rmcp", |b| {
        b.iter(|| theirs::decode_small(black_box(&json)));
    });
    group.bench_function("serde_json", |b| {
        b.iter(|| by_hand::decode_small(black_box(&json)));
    });
    group.finish();
}

fn decode_blob(c: &mut Criterion) {
    decode_blob_in(c, "decode-blob");
}

fn decode_blob_cpu(c: &mut Criterion<ThreadCpu>) {
    decode_blob_in(c, "decode-blob-cpu");
}

fn decode_blob_in<M: Measurement>(c: &mut Criterion<M>, name: &str) {
    let json = ours::encode_blob(image_bytes());
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(json.len() as u64));
    let json = json.as_slice();
    group.bench_function("mcp-content", |b| {
        b.iter_batched(
            || (),
            |()| ours::decode_blob(black_box(json)),
            BatchSize::PerIteration,
        );
    });
    group.bench_function("rmcp", |b| {
        b.iter_batched(
            || (),
            |()| theirs::decode_blob(black_box(json)),
            BatchSize::PerIteration,
        );
    });
    group.bench_function("rmcp+simd", |b| {
        b.iter_batched(
            || (),
            |()| theirs::decode_blob_simd(black_box(json)),
            BatchSize::PerIteration,
        );
    });
    group.bench_function("serde_json", |b| {
        b.iter_batched(
            || (),
            |()| by_hand::decode_blob(black_box(json)),
            BatchSize::PerIteration,
        );
    });
    group.bench_function("floor-simd", |b| {
        b.iter_batched(
            || (),
            |()| floor::decode_blob(black_box(json)),
            BatchSize::PerIteration,
        );
    });
    group.finish();
}

criterion_group!(
    benches,
    encode_small,
    encode_blob,
    decode_small,
    decode_blob
);
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ThreadCpu::default());
    targets = encode_small_cpu, encode_blob_cpu, decode_small_cpu, decode_blob_cpu
}
criterion_main!(benches, cpu);
