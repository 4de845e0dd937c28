// One bump arena over linear memory, reset by the host before each operation. The runtime is
// `stub` and nothing here uses managed objects, so the arena owns everything above __heap_base.
// Memory is never shrunk: pages touched once stay warm for the next call (first touch is slow
// on the target VMs).

// Stay well below 4 GiB so that `ptr + size` never wraps in 32-bit arithmetic.
const ARENA_LIMIT: usize = 0x7000_0000;
// Loads and stores of whole words/vectors may run up to 16 bytes past a region's end.
export const SLACK: usize = 32;

let base: usize = 0;
let top: usize = 0;
let peak: usize = 0;

export function arenaReset(): void {
  if (base == 0) base = (__heap_base + 15) & ~(<usize>15);
  top = base;
  peak = base;
}

export function arenaPeak(): u32 {
  return <u32>(peak - base);
}

function grow(end: usize): bool {
  const have = (<usize>memory.size()) << 16;
  if (end <= have) return true;
  let pages = (end - have + 0xffff) >> 16;
  // Grow by at least 1/8 of the current size so incremental regions do not call grow per item.
  const minPages = (<usize>memory.size()) >> 3;
  if (pages < minPages && have + (minPages << 16) <= ARENA_LIMIT + SLACK) pages = minPages;
  return memory.grow(<i32>pages) >= 0;
}

/** Makes [anything, end) addressable. False when the limit or the engine refuses. */
export function arenaEnsure(end: usize): bool {
  if (end > ARENA_LIMIT) return false;
  if (end + SLACK > peak) peak = end + SLACK;
  return grow(end + SLACK);
}

/** Aligned start of free space; a growing region starts here and ends with arenaCommit. */
export function arenaMark(): usize {
  return (top + 15) & ~(<usize>15);
}

export function arenaCommit(end: usize): void {
  top = end;
}

/** Returns 0 when the request cannot be satisfied (caller reports E_OUT_OF_MEMORY). */
export function arenaAlloc(size: u64): usize {
  if (size > <u64>ARENA_LIMIT) return 0;
  const p = arenaMark();
  const end = <u64>p + size;
  if (end > <u64>ARENA_LIMIT) return 0;
  if (!arenaEnsure(<usize>end + 16)) return 0;
  // 16 spare bytes: vector stores may write one lane past a region.
  top = <usize>end + 16;
  return p;
}

export function arenaRelease(to: usize): void {
  top = to;
}
