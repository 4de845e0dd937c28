/**
 * Typed errors of the mesh module. Numbers come from wasm/assembly/errors.ts (same order);
 * the string `code` is the stable, machine-readable name used by the API and the UI.
 */
import { describePlace, type MeshErrorPlace } from './where.js';

export const MeshErrorCode = {
  EMPTY_FILE: 'EMPTY_FILE',
  CONTENT_MISMATCH: 'CONTENT_MISMATCH',
  STL_TRUNCATED: 'STL_TRUNCATED',
  STL_SIZE_MISMATCH: 'STL_SIZE_MISMATCH',
  STL_SYNTAX: 'STL_SYNTAX',
  LINE_TOO_LONG: 'LINE_TOO_LONG',
  NO_GEOMETRY: 'NO_GEOMETRY',
  NON_FINITE_COORDINATE: 'NON_FINITE_COORDINATE',
  DECLARED_COUNT_MISMATCH: 'DECLARED_COUNT_MISMATCH',
  LIST_TOO_LONG: 'LIST_TOO_LONG',
  INDEX_OUT_OF_RANGE: 'INDEX_OUT_OF_RANGE',
  PLY_HEADER: 'PLY_HEADER',
  PLY_UNSUPPORTED: 'PLY_UNSUPPORTED',
  PLY_SYNTAX: 'PLY_SYNTAX',
  XML_DTD_FORBIDDEN: 'XML_DTD_FORBIDDEN',
  XML_TOO_DEEP: 'XML_TOO_DEEP',
  XML_ENCODING: 'XML_ENCODING',
  DCM_MALFORMED: 'DCM_MALFORMED',
  DCM_ENCRYPTED_UNSUPPORTED: 'DCM_ENCRYPTED_UNSUPPORTED',
  DCM_UNSUPPORTED_SCHEMA: 'DCM_UNSUPPORTED_SCHEMA',
  BAD_BASE64: 'BAD_BASE64',
  FACET_COUNT_MISMATCH: 'FACET_COUNT_MISMATCH',
  TRUNCATED_FACETS: 'TRUNCATED_FACETS',
  INVALID_FACET_STREAM: 'INVALID_FACET_STREAM',
  MESH_TOO_LARGE: 'MESH_TOO_LARGE',
  OUT_OF_MEMORY: 'OUT_OF_MEMORY',
  BAD_ARGUMENT: 'BAD_ARGUMENT',
  /** A valid STL or PLY where a DCM was required (conversion). */
  NOT_DCM: 'NOT_DCM',
  /** The wasm code trapped (a bug, never expected from any input); the instance was replaced. */
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  /** A worker took longer than its deadline and was terminated. */
  TIMEOUT: 'TIMEOUT',
} as const;

export type MeshErrorCode = (typeof MeshErrorCode)[keyof typeof MeshErrorCode];

/** Index = numeric code returned by the wasm module. */
const BY_NUMBER: readonly MeshErrorCode[] = [
  'INTERNAL_ERROR',
  'EMPTY_FILE',
  'CONTENT_MISMATCH',
  'STL_TRUNCATED',
  'STL_SIZE_MISMATCH',
  'STL_SYNTAX',
  'LINE_TOO_LONG',
  'NO_GEOMETRY',
  'NON_FINITE_COORDINATE',
  'DECLARED_COUNT_MISMATCH',
  'LIST_TOO_LONG',
  'INDEX_OUT_OF_RANGE',
  'PLY_HEADER',
  'PLY_UNSUPPORTED',
  'PLY_SYNTAX',
  'XML_DTD_FORBIDDEN',
  'XML_TOO_DEEP',
  'XML_ENCODING',
  'DCM_MALFORMED',
  'DCM_ENCRYPTED_UNSUPPORTED',
  'DCM_UNSUPPORTED_SCHEMA',
  'BAD_BASE64',
  'FACET_COUNT_MISMATCH',
  'TRUNCATED_FACETS',
  'INVALID_FACET_STREAM',
  'MESH_TOO_LARGE',
  'OUT_OF_MEMORY',
  'BAD_ARGUMENT',
  'NOT_DCM',
];

export const ENCRYPTED_DCM_MESSAGE =
  'This DCM file is encrypted by 3Shape (schema CE) and cannot be converted. Export the scan from the 3Shape software as STL/PLY (or as an open DCM) and upload that instead.';

const CONTENT_KIND = [
  'not an STL, PLY or DCM mesh',
  'a DICOM file, not a 3Shape mesh',
  'a ZIP archive, not a mesh file',
  'a gzip archive, not a mesh file',
  'a PNG image, not a mesh file',
  'a PDF document, not a mesh file',
  'a program (ELF), not a mesh file',
  'an HTML page, not a mesh file',
  'an SVG image, not a mesh file',
  'XML but not a 3Shape HPS (DCM) document',
  'text but not an STL, PLY or DCM mesh',
  'too short to be a mesh file',
] as const;

function schemaName(detail: number): string {
  let s = '';
  for (let v = detail; v > 0; v = Math.floor(v / 256)) s = String.fromCharCode(v % 256) + s;
  return /^[\x20-\x7e]+$/.test(s) ? s : 'unknown';
}

function messageFor(code: MeshErrorCode, detail: number): string {
  switch (code) {
    case 'EMPTY_FILE':
      return 'The file is empty.';
    case 'CONTENT_MISMATCH':
      return `The file is ${CONTENT_KIND[detail] ?? CONTENT_KIND[0]}.`;
    case 'STL_TRUNCATED':
      return 'The binary STL file is truncated: its header declares more triangles than the file holds.';
    case 'STL_SIZE_MISMATCH':
      return 'The binary STL file is longer than its triangle count allows.';
    case 'STL_SYNTAX':
      return `The ASCII STL file is malformed (line ${detail}).`;
    case 'LINE_TOO_LONG':
      return `Line ${detail} of the file is too long (limit 1 KiB).`;
    case 'NO_GEOMETRY':
      return 'The file contains no triangles.';
    case 'NON_FINITE_COORDINATE':
      return 'The mesh contains a coordinate that is not a finite number (NaN or infinity).';
    case 'DECLARED_COUNT_MISMATCH':
      return 'The counts declared in the file do not match its data.';
    case 'LIST_TOO_LONG':
      return 'A PLY face has fewer than 3 or more than 16 corners.';
    case 'INDEX_OUT_OF_RANGE':
      return 'A face refers to a vertex that does not exist.';
    case 'PLY_HEADER':
      return 'The PLY header is malformed or missing end_header within 64 KiB.';
    case 'PLY_UNSUPPORTED':
      return 'The PLY file uses a format version, type or layout that is not supported.';
    case 'PLY_SYNTAX':
      return `The ASCII PLY data is malformed (line ${detail}).`;
    case 'XML_DTD_FORBIDDEN':
      return 'DCM files with a DOCTYPE or entity declarations are refused.';
    case 'XML_TOO_DEEP':
      return 'The DCM (XML) document is nested too deeply.';
    case 'XML_ENCODING':
      return 'The DCM (XML) document is not UTF-8 encoded.';
    case 'DCM_MALFORMED':
      return 'The DCM file is malformed or incomplete.';
    case 'DCM_ENCRYPTED_UNSUPPORTED':
      return ENCRYPTED_DCM_MESSAGE;
    case 'DCM_UNSUPPORTED_SCHEMA':
      return `This DCM file uses the unsupported 3Shape schema ${schemaName(detail)}; only schemas CA and CC can be converted.`;
    case 'BAD_BASE64':
      return 'The DCM file contains corrupt base64 data.';
    case 'FACET_COUNT_MISMATCH':
      return 'The DCM facet data does not produce the declared number of triangles.';
    case 'TRUNCATED_FACETS':
      return 'The DCM facet data is truncated.';
    case 'INVALID_FACET_STREAM':
      return 'The DCM facet data is invalid.';
    case 'MESH_TOO_LARGE':
      return 'The mesh is too large (more than 5 million vertices or triangles).';
    case 'OUT_OF_MEMORY':
      return 'The file is too large to process.';
    case 'BAD_ARGUMENT':
      return 'Invalid arguments to the mesh module.';
    case 'NOT_DCM':
      return 'The file is an STL or PLY mesh, not a DCM; it needs no conversion.';
    case 'INTERNAL_ERROR':
      return 'The mesh module failed unexpectedly.';
    case 'TIMEOUT':
      return 'Processing the mesh took too long.';
  }
}

/** "PLY face 12 on line 40: the list says 3 values but the line has 2." */
function placedMessage(code: MeshErrorCode, detail: number, place: MeshErrorPlace): string {
  const where = describePlace(place);
  const reason =
    place.reason ??
    (code === 'LINE_TOO_LONG' ? 'the line is longer than 1 KiB' : undefined) ??
    lowerFirst(
      messageFor(code, detail)
        .replace(/ \(line \d+\)\.$/, '.')
        .replace(/\.$/, ''),
    );
  return where ? `${where}: ${reason}.` : `${upperFirst(reason)}.`;
}

const lowerFirst = (s: string): string =>
  /^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
const upperFirst = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export class MeshError extends Error {
  /** 1-based line of an ASCII file where the reader stopped, when known. */
  readonly line?: number;
  /** Byte offset of the faulty record of a binary file, when known. */
  readonly offset?: number;
  /** The element at fault (`header`, `vertex`, `face`, `facet` or a PLY element's name). */
  readonly element?: string;
  /** 0-based number of the record within its element, when known. */
  readonly index?: number;

  constructor(
    readonly code: MeshErrorCode,
    message?: string,
    /** Line number, byte offset or kind, depending on the code (0 when unused). */
    readonly detail = 0,
    place?: MeshErrorPlace,
  ) {
    super(message ?? (place ? placedMessage(code, detail, place) : messageFor(code, detail)));
    this.name = 'MeshError';
    if (place?.line !== undefined) this.line = place.line;
    if (place?.offset !== undefined) this.offset = place.offset;
    if (place?.element !== undefined) this.element = place.element;
    if (place?.index !== undefined) this.index = place.index;
  }

  static fromNumber(n: number, detail: number, place?: MeshErrorPlace | null): MeshError {
    return new MeshError(BY_NUMBER[n] ?? 'INTERNAL_ERROR', undefined, detail, place ?? undefined);
  }

  /** Plain object for postMessage (Error subclasses do not survive structured clone). */
  toJSON(): SerializedMeshError {
    const out: SerializedMeshError = {
      code: this.code,
      message: this.message,
      detail: this.detail,
    };
    if (this.line !== undefined) out.line = this.line;
    if (this.offset !== undefined) out.offset = this.offset;
    if (this.element !== undefined) out.element = this.element;
    if (this.index !== undefined) out.index = this.index;
    return out;
  }

  static fromJSON(e: SerializedMeshError): MeshError {
    const place: MeshErrorPlace = {};
    if (e.line !== undefined) place.line = e.line;
    if (e.offset !== undefined) place.offset = e.offset;
    if (e.element !== undefined) place.element = e.element;
    if (e.index !== undefined) place.index = e.index;
    return new MeshError(e.code, e.message, e.detail, place);
  }
}

export interface SerializedMeshError {
  code: MeshErrorCode;
  message: string;
  detail: number;
  line?: number;
  offset?: number;
  element?: string;
  index?: number;
}

export function isMeshError(e: unknown): e is MeshError {
  return e instanceof MeshError;
}

/**
 * HTTP status for a mesh error: encrypted or unsupported-schema DCMs are well-formed but
 * unprocessable (422), a non-DCM sent for conversion is the wrong media type (415), inputs
 * the module cannot hold are too large (413), module failures are server errors.
 */
export function httpStatusFor(code: MeshErrorCode): 400 | 413 | 415 | 422 | 500 | 503 {
  switch (code) {
    case 'DCM_ENCRYPTED_UNSUPPORTED':
    case 'DCM_UNSUPPORTED_SCHEMA':
      return 422;
    case 'NOT_DCM':
      return 415;
    case 'OUT_OF_MEMORY':
      return 413;
    case 'INTERNAL_ERROR':
    case 'BAD_ARGUMENT':
      return 500;
    case 'TIMEOUT':
      return 503;
    default:
      return 400;
  }
}
