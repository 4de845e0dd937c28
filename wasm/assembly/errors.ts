// Error codes returned by every exported operation (0 = success). The host wrapper
// (wasm/src/errors.ts) maps each number to a stable string code; keep both tables in sync.
export const OK: i32 = 0;
export const E_EMPTY_FILE: i32 = 1;
export const E_CONTENT_MISMATCH: i32 = 2;
export const E_STL_TRUNCATED: i32 = 3;
export const E_STL_SIZE_MISMATCH: i32 = 4;
export const E_STL_SYNTAX: i32 = 5;
export const E_LINE_TOO_LONG: i32 = 6;
export const E_NO_GEOMETRY: i32 = 7;
export const E_NON_FINITE_COORDINATE: i32 = 8;
export const E_DECLARED_COUNT_MISMATCH: i32 = 9;
export const E_LIST_TOO_LONG: i32 = 10;
export const E_INDEX_OUT_OF_RANGE: i32 = 11;
export const E_PLY_HEADER: i32 = 12;
export const E_PLY_UNSUPPORTED: i32 = 13;
export const E_PLY_SYNTAX: i32 = 14;
export const E_XML_DTD_FORBIDDEN: i32 = 15;
export const E_XML_TOO_DEEP: i32 = 16;
export const E_XML_ENCODING: i32 = 17;
export const E_DCM_MALFORMED: i32 = 18;
export const E_DCM_ENCRYPTED: i32 = 19;
export const E_DCM_UNSUPPORTED_SCHEMA: i32 = 20;
export const E_BAD_BASE64: i32 = 21;
export const E_FACET_COUNT_MISMATCH: i32 = 22;
export const E_TRUNCATED_FACETS: i32 = 23;
export const E_INVALID_FACET_STREAM: i32 = 24;
export const E_MESH_TOO_LARGE: i32 = 25;
export const E_OUT_OF_MEMORY: i32 = 26;
export const E_BAD_ARGUMENT: i32 = 27;
export const E_NOT_DCM: i32 = 28;

// Detail values for E_CONTENT_MISMATCH (what the bytes look like instead).
export const CM_UNKNOWN: u32 = 0;
export const CM_DICOM: u32 = 1;
export const CM_ZIP: u32 = 2;
export const CM_GZIP: u32 = 3;
export const CM_PNG: u32 = 4;
export const CM_PDF: u32 = 5;
export const CM_ELF: u32 = 6;
export const CM_HTML: u32 = 7;
export const CM_SVG: u32 = 8;
export const CM_XML_NOT_HPS: u32 = 9;
export const CM_TEXT: u32 = 10;
export const CM_TOO_SHORT: u32 = 11;

// Mesh size caps : beyond these a file is refused before allocation.
export const MAX_VERTICES: u32 = 5_000_000;
export const MAX_TRIANGLES: u32 = 5_000_000;
