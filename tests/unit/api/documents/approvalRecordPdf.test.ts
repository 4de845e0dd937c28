import { describe, expect, it } from 'vitest';
import {
  APPROVAL_RECORD_FORMAT,
  DIGEST_CHECK_SENTENCE,
  type ApprovalRecord,
} from '../../../../api/src/contract/approvalRecord.js';
import {
  approvalRecordFileName,
  approvalRecordPdf,
} from '../../../../api/src/documents/approvalRecordPdf.js';
import { pdfPages } from '../../../support/pdfText.js';

const DIGEST = '0123456789abcdef'.repeat(4);

/** A quick upload's record: no account, no picture, no checklist, no thread, no hashes. */
const bare: ApprovalRecord = {
  format: APPROVAL_RECORD_FORMAT,
  project: {
    id: '0e6c2a4b-9d3f-4b8e-a1c2-7f5e6d4c3b2a',
    name: 'Bridge 34–36 für Frau Müller',
    patientName: 'Ингрид Мюллер',
    laboratoryName: 'Zahntechnik Süd',
    notes: null,
    createdAt: '2026-03-01T10:00:00.000Z',
  },
  technician: null,
  version: { number: 1, note: null, uploadedAt: '2026-03-01T10:00:00.000Z' },
  files: [
    {
      modelId: 'm1',
      name: 'bridge.stl',
      size: 684,
      sha256Uploaded: null,
      sha256Stored: null,
    },
  ],
  approval: { approvedBy: null, at: '2026-03-02T09:30:05.000Z', timeZone: 'UTC' },
  checklist: null,
  thread: [],
  image: null,
  digest: {
    algorithm: 'SHA-256',
    canonicalization: 'RFC 8785',
    value: DIGEST,
    howToCheck: DIGEST_CHECK_SENTENCE,
  },
};

describe('the approval record PDF', () => {
  it('says what is missing rather than leave it blank, and prints names outside Latin-1', async () => {
    const pages = await pdfPages(await approvalRecordPdf(bare, null));
    const text = pages.map((p) => p.text).join(' ');
    for (const s of [
      'Bridge 34–36 für Frau Müller',
      'Ингрид Мюллер',
      'Version 1 approved by a reviewer who gave no name on 2026-03-02 09:30:05 UTC',
      'Uploaded without an account: no technician is on record.',
      'No picture: it could not be rendered',
      'not recorded (stored before Cusp hashed files)',
      'No checklist was asked.',
      'There was no conversation about this project.',
      '684 bytes',
    ]) {
      expect(text).toContain(s);
    }
    for (const [i, p] of pages.entries()) {
      expect(p.text).toMatch(new RegExp(`Record digest \\(SHA-256\\) ?${DIGEST}`));
      expect(p.text).toContain(`Page ${i + 1} of ${pages.length}`);
    }
  });

  it('names the file after the project, in ASCII', () => {
    expect(approvalRecordFileName(bare)).toBe(
      'cusp-approval-record-bridge-34-36-fur-frau-muller-v1.pdf',
    );
    const cyrillic = { ...bare, project: { ...bare.project, name: 'Коронка' } };
    expect(approvalRecordFileName(cyrillic)).toBe('cusp-approval-record-project-v1.pdf');
  });
});
