//! The limits of the read in progress on this thread, and its counts: the base64 reader
//! asks the binary limit, every block and model value is counted and charged against it.
//!
//! Apart from [`ReadLimits`] (what a caller sets) because this is how a read applies them:
//! a thread-local scoped to the call, saved and restored whole so nested reads each see
//! their own.

use std::cell::Cell;

use super::ReadLimits;
use crate::rules::{Rule, Violation};

thread_local! {
    /// The limits of the `read_*_with` running on this thread, if any, and how many blocks
    /// it has read. Reading is synchronous (no `.await` inside), so a thread-local scoped to
    /// the call is exact.
    static SCOPE: Scope = const { Scope::new() };
}

/// The limits of a read and its counts, saved and restored whole by [`BinaryLimitScope`].
#[derive(Clone, Copy)]
struct ActiveLimits {
    max_binary_bytes: usize,
    max_blocks: usize,
    blocks: usize,
    https_icons_only: bool,
    /// The model bytes the read may take in all, and those charged so far.
    model_budget: usize,
    model_bytes: usize,
    /// How many model values are being read around the current point (0: the next one is
    /// the document's root or an element of a caller's collection).
    model_depth: usize,
}

/// [`ActiveLimits`] one cell a field: the counters a read bumps for every block and model
/// value are read and written alone, not the whole record each time.
struct Scope {
    active: Cell<bool>,
    max_binary_bytes: Cell<usize>,
    max_blocks: Cell<usize>,
    blocks: Cell<usize>,
    https_icons_only: Cell<bool>,
    model_budget: Cell<usize>,
    model_bytes: Cell<usize>,
    model_depth: Cell<usize>,
}

impl Scope {
    const fn new() -> Self {
        Self {
            active: Cell::new(false),
            max_binary_bytes: Cell::new(0),
            max_blocks: Cell::new(0),
            blocks: Cell::new(0),
            https_icons_only: Cell::new(false),
            model_budget: Cell::new(0),
            model_bytes: Cell::new(0),
            model_depth: Cell::new(0),
        }
    }

    fn get(&self) -> Option<ActiveLimits> {
        self.active.get().then(|| ActiveLimits {
            max_binary_bytes: self.max_binary_bytes.get(),
            max_blocks: self.max_blocks.get(),
            blocks: self.blocks.get(),
            https_icons_only: self.https_icons_only.get(),
            model_budget: self.model_budget.get(),
            model_bytes: self.model_bytes.get(),
            model_depth: self.model_depth.get(),
        })
    }

    fn set(&self, limits: Option<ActiveLimits>) {
        self.active.set(limits.is_some());
        if let Some(limits) = limits {
            self.max_binary_bytes.set(limits.max_binary_bytes);
            self.max_blocks.set(limits.max_blocks);
            self.blocks.set(limits.blocks);
            self.https_icons_only.set(limits.https_icons_only);
            self.model_budget.set(limits.model_budget);
            self.model_bytes.set(limits.model_bytes);
            self.model_depth.set(limits.model_depth);
        }
    }
}

/// Sets the limits for the current read and restores the outer ones when dropped (also on
/// unwinding), so nested reads each see their own.
pub(crate) struct BinaryLimitScope(Option<ActiveLimits>);

impl BinaryLimitScope {
    /// The limits of a read of `input_len` bytes of JSON (for a `Value`, the length of its
    /// compact JSON: see [`ReadLimits`]).
    pub(crate) fn enter_for_document(limits: &ReadLimits, input_len: usize) -> Self {
        let budget = input_len
            .saturating_mul(limits.max_model_bytes_per_byte)
            .saturating_add(ReadLimits::MODEL_BYTES_FLOOR);
        Self::enter_with_budget(limits, budget)
    }

    fn enter_with_budget(limits: &ReadLimits, model_budget: usize) -> Self {
        let active = ActiveLimits {
            max_binary_bytes: limits.max_binary_bytes,
            max_blocks: limits.max_blocks,
            blocks: 0,
            https_icons_only: limits.https_icons_only,
            model_budget,
            model_bytes: 0,
            model_depth: 0,
        };
        Self(SCOPE.with(|scope| {
            let outer = scope.get();
            scope.set(Some(active));
            outer
        }))
    }
}

/// Charges `bytes` of model memory to the read in progress (none outside `read_*`).
pub(crate) fn charge_model(bytes: usize) -> Result<(), Violation> {
    let over = SCOPE.with(|scope| {
        if !scope.active.get() {
            return None;
        }
        let charged = scope.model_bytes.get().saturating_add(bytes);
        scope.model_bytes.set(charged);
        let budget = scope.model_budget.get();
        (charged > budget).then_some(budget)
    });
    match over {
        None => Ok(()),
        Some(budget) => Err(model_budget_error(budget)),
    }
}

#[cold]
fn model_budget_error(budget: usize) -> Violation {
    Violation::new(
        Rule::Limit,
        format!(
            "the values read take more than {budget} bytes in memory, over the limit for a \
             document of this size (max_model_bytes_per_byte)"
        ),
    )
}

/// Marks a model value of type `T` as being read until dropped. One read outside any other
/// model value (the root, or an element of a caller's plain collection, which doubles as it
/// grows) is charged twice its size; inside one, its room is charged by what holds it.
pub(crate) struct ModelValue(());

impl ModelValue {
    pub(crate) fn enter<T>() -> Result<Self, Violation> {
        let outermost = SCOPE.with(|scope| {
            if !scope.active.get() {
                return false;
            }
            let depth = scope.model_depth.get() + 1;
            scope.model_depth.set(depth);
            depth == 1
        });
        let guard = Self(());
        if outermost {
            charge_model(2 * size_of::<T>())?;
        }
        Ok(guard)
    }
}

impl Drop for ModelValue {
    fn drop(&mut self) {
        SCOPE.with(|scope| {
            if scope.active.get() {
                scope
                    .model_depth
                    .set(scope.model_depth.get().saturating_sub(1));
            }
        });
    }
}

impl Drop for BinaryLimitScope {
    fn drop(&mut self) {
        SCOPE.with(|scope| scope.set(self.0));
    }
}

/// Counts one block (content block, resource contents, prompt message) of the read in
/// progress against its limit.
pub(crate) fn count_block() -> Result<(), Violation> {
    let over = SCOPE.with(|scope| {
        if !scope.active.get() {
            return None;
        }
        let blocks = scope.blocks.get() + 1;
        scope.blocks.set(blocks);
        let max = scope.max_blocks.get();
        (blocks > max).then_some(max)
    });
    match over {
        None => Ok(()),
        Some(max) => Err(Violation::new(
            Rule::Limit,
            format!("more than {max} blocks in the document"),
        )),
    }
}

/// Starts the block count of the read in progress again (a second pass over the same input).
pub(crate) fn reset_blocks() {
    SCOPE.with(|scope| {
        if scope.active.get() {
            scope.blocks.set(0);
            scope.model_bytes.set(0);
            scope.model_depth.set(0);
        }
    });
}

/// Whether the read in progress refuses `http:` icons.
pub(crate) fn https_icons_only() -> bool {
    SCOPE.with(|scope| scope.active.get() && scope.https_icons_only.get())
}

/// Whether a read (`read_*`) is in progress: a rule that reads more than it lets code build
/// (an `http:` icon) asks this.
pub(crate) fn reading() -> bool {
    SCOPE.with(|scope| scope.active.get())
}

/// Checks base64 `text` against the binary limit of the read in progress (none outside
/// `read_*`). Runs before the base64 itself is validated: the size is known from the length.
pub(crate) fn check_binary_text(text: &str) -> Result<(), Violation> {
    let Some(limit) = SCOPE.with(Scope::get).map(|a| a.max_binary_bytes) else {
        return Ok(());
    };
    // The decoded size of well-formed base64, rounded down; a text that is not base64 at all
    // fails the base64 rule right after this, so the estimate only has to be exact for it.
    let padding = text
        .bytes()
        .rev()
        .take(2)
        .take_while(|&b| b == b'=')
        .count();
    let decoded = (text.len() / 4 * 3).saturating_sub(padding);
    if decoded > limit {
        return Err(Violation::new(
            Rule::Limit,
            format!("binary data of {decoded} bytes is over the limit of {limit} bytes"),
        ));
    }
    Ok(())
}
