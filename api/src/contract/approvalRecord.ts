import { z } from 'zod';
import { CHECKLIST_ANSWERS, CHECKLIST_ITEMS } from '../domain/checklist.js';
import { isoInstant } from './common.js';

/**
 * The approval record: what a lab keeps of a doctor's approval (the files as uploaded and as
 * stored, who approved and when, the checklist, the conversation), as JSON
 * (`?format=json`) and as the PDF made from the same data. Its `digest` is the SHA-256 of the
 * record's canonical JSON without the `digest` field, so a kept copy can be checked against the
 * JSON form.
 */

export const APPROVAL_RECORD_FORMAT = 'cusp-approval-record/1';

/** How a copy is checked, printed in the PDF and carried in the JSON. */
export const DIGEST_CHECK_SENTENCE =
  'To check a copy, download the JSON form of this record (format=json), remove its "digest" ' +
  'field, write the rest as canonical JSON (RFC 8785: keys sorted, no spaces) and compute its ' +
  'SHA-256: it equals this digest while the record is unchanged.';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const approvalRecordQuery = z.strictObject({
  format: z.enum(['pdf', 'json']).default('pdf'),
});

const recordFile = z.strictObject({
  modelId: z.string(),
  /** The file's name as uploaded. */
  name: z.string(),
  /** Bytes of the file as stored and downloaded. */
  size: z.number().int().nonnegative(),
  /** SHA-256 of the bytes as the lab uploaded them; null for a file stored before Cusp hashed uploads. */
  sha256Uploaded: sha256Hex.nullable(),
  /** SHA-256 of the file as stored and downloaded; null for a file stored before Cusp hashed files. */
  sha256Stored: sha256Hex.nullable(),
});

const recordChecklistAnswer = z.strictObject({
  item: z.enum(CHECKLIST_ITEMS),
  label: z.string(),
  answer: z.enum(CHECKLIST_ANSWERS),
  answerLabel: z.string(),
  /** The pinned comment the answer points to (`Pin 2 · Crown 16`); null without one. */
  pinnedOn: z.string().nullable(),
});

const recordThreadEntry = z.strictObject({
  id: z.string(),
  kind: z.enum(['comment', 'status', 'approval']),
  /** The comment a reply answers; null for comments and status lines. */
  parentId: z.string().nullable(),
  /** Null for status lines; `name` null for feedback given before names were asked. */
  author: z
    .strictObject({ role: z.enum(['doctor', 'technician']), name: z.string().nullable() })
    .nullable(),
  at: isoInstant,
  text: z.string().nullable(),
  /** The version the line was made on; null for status lines. */
  version: z.number().int().positive().nullable(),
  /** A pinned comment: its number and the model it is pinned on. */
  pin: z
    .strictObject({
      number: z.number().int().positive(),
      modelId: z.string(),
      modelName: z.string(),
    })
    .nullable(),
  /** A comment's state; null for replies and status lines. */
  state: z.enum(['open', 'resolved']).nullable(),
  changesRequested: z.boolean(),
  /** The new status of a status line. */
  status: z.string().nullable(),
});

export const approvalRecord = z.strictObject({
  format: z.literal(APPROVAL_RECORD_FORMAT),
  project: z.strictObject({
    id: z.uuid(),
    name: z.string(),
    patientName: z.string(),
    laboratoryName: z.string(),
    notes: z.string().nullable(),
    createdAt: isoInstant,
  }),
  /** The account that uploaded the case; null for an upload without an account. */
  technician: z
    .strictObject({ name: z.string(), email: z.string(), companyName: z.string() })
    .nullable(),
  version: z.strictObject({
    number: z.number().int().min(1),
    /** What changed (null for version 1, the first upload). */
    note: z.string().nullable(),
    uploadedAt: isoInstant,
  }),
  files: z.array(recordFile),
  approval: z.strictObject({
    /** The name the approver typed through the link; not an identity Cusp verified. */
    approvedBy: z.string().nullable(),
    at: isoInstant,
    /** The zone every time of the record is given in. */
    timeZone: z.literal('UTC'),
  }),
  /** The clinical checklist as answered with the approval; null when none was asked. */
  checklist: z.array(recordChecklistAnswer).nullable(),
  thread: z.array(recordThreadEntry),
  /** The picture of the approved version (the server's thumbnail); null when it could not be made. */
  image: z
    .strictObject({
      version: z.number().int().min(1),
      mediaType: z.literal('image/png'),
      sha256: sha256Hex,
    })
    .nullable(),
  /** Not part of what it digests. */
  digest: z.strictObject({
    algorithm: z.literal('SHA-256'),
    canonicalization: z.literal('RFC 8785'),
    value: sha256Hex,
    howToCheck: z.string(),
  }),
});
export type ApprovalRecord = z.infer<typeof approvalRecord>;
export type ApprovalRecordContent = Omit<ApprovalRecord, 'digest'>;
