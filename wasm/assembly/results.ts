// Result slots read by the host after each call (u32 unless noted).
export const RESULTS: usize = memory.data(256);

export const R_FORMAT: i32 = 0;
export const R_DETAIL: i32 = 1;
export const R_POS_PTR: i32 = 2;
export const R_VERTEX_COUNT: i32 = 3;
export const R_INDEX_PTR: i32 = 4;
export const R_TRIANGLE_COUNT: i32 = 5;
export const R_NORMAL_PTR: i32 = 6;
export const R_COLOR_PTR: i32 = 7;
export const R_OUT_PTR: i32 = 8;
export const R_OUT_LEN: i32 = 9;
export const R_MESH_COLOR: i32 = 10;
export const R_FLAGS: i32 = 11;
// 12..17: bbox min xyz, max xyz as f32
export const R_BBOX: i32 = 12;
export const R_PEAK: i32 = 18;
export const R_SOURCE_FORMAT: i32 = 19;

// Formats (R_FORMAT / R_SOURCE_FORMAT).
export const F_UNKNOWN: u32 = 0;
export const F_STL_BINARY: u32 = 1;
export const F_STL_ASCII: u32 = 2;
export const F_PLY_ASCII: u32 = 3;
export const F_PLY_BINARY_LE: u32 = 4;
export const F_PLY_BINARY_BE: u32 = 5;
export const F_HPS: u32 = 6;
// Before the PLY header is read its encoding is unknown.
export const F_PLY: u32 = 7;

// R_FLAGS bits.
export const FLAG_MESH_COLOR: u32 = 1;
export const FLAG_NARROW_INDICES: u32 = 2;
export const FLAG_EXTRA_GEOMETRY_IGNORED: u32 = 4;
export const FLAG_TRAILING_BYTES: u32 = 8;
export const FLAG_MULTIPLE_SOLIDS: u32 = 16;
export const FLAG_DEGENERATE_BOUNDS: u32 = 32;
export const FLAG_HUGE_COORDINATES: u32 = 64;
export const FLAG_HAS_COLORS: u32 = 128;

export function setRes(slot: i32, v: u32): void {
  store<u32>(RESULTS + ((<usize>slot) << 2), v);
}

export function getRes(slot: i32): u32 {
  return load<u32>(RESULTS + ((<usize>slot) << 2));
}

export function setResF(slot: i32, v: f32): void {
  store<f32>(RESULTS + ((<usize>slot) << 2), v);
}

export function addFlag(f: u32): void {
  setRes(R_FLAGS, getRes(R_FLAGS) | f);
}

export function clearResults(): void {
  memory.fill(RESULTS, 0, 256);
}

// Where an error was found (set by the readers next to R_DETAIL; see where.ts).
export const R_ERR_WHERE: i32 = 20;
export const R_ERR_POS: i32 = 21;
export const R_ERR_ELEMENT: i32 = 22;
export const R_ERR_NAME_PTR: i32 = 23;
export const R_ERR_NAME_LEN: i32 = 24;
export const R_ERR_INDEX: i32 = 25;
export const R_ERR_REASON: i32 = 26;
export const R_ERR_EXPECTED: i32 = 27;
export const R_ERR_FOUND: i32 = 28;
// Warnings with a place (where.ts): pointer to WARN_WORDS-word records and their count.
export const R_WARN_PTR: i32 = 29;
export const R_WARN_COUNT: i32 = 30;
