/** expected.json types and error names (browser-safe part of fixtures.ts). */
import type { MeshErrorCode } from '../../../../wasm/src/errors.js';

export interface ExpectedFixture {
  expect: 'ok' | 'error';
  expected_error?: string;
  vertex_count?: number;
  face_count?: number;
  bbox_min?: number[];
  bbox_max?: number[];
  vertices_sha256?: string;
  faces_sha256?: string;
  triangles_sha256?: string;
  opcode_5_7_payload_bits?: 16 | 32 | null;
  facets_color_attr?: number;
}

/** expected.json error names → the module's stable codes. */
export const EXPECTED_ERROR_CODES: Record<string, MeshErrorCode> = {
  encrypted: 'DCM_ENCRYPTED_UNSUPPORTED',
  unsupported_schema: 'DCM_UNSUPPORTED_SCHEMA',
  facet_count_mismatch: 'FACET_COUNT_MISMATCH',
  index_out_of_range: 'INDEX_OUT_OF_RANGE',
  truncated_facets: 'TRUNCATED_FACETS',
  vertex_data_length: 'DECLARED_COUNT_MISMATCH',
};
