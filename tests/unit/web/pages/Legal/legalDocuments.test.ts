import { describe, expect, it } from 'vitest';
import {
  LEGAL_DOCUMENTS,
  LEGAL_LAST_UPDATED,
  legalDocumentFor,
} from '../../../../../web/src/pages/Legal/legalDocuments';

const text = (path: string) => {
  const d = legalDocumentFor(path);
  return [
    d.intro,
    ...d.sections.flatMap((s) => [...(s.paragraphs ?? []), ...(s.bullets ?? [])]),
  ].join('\n');
};

describe('legal documents', () => {
  it('has the four documents of the spec, by path', () => {
    expect(LEGAL_DOCUMENTS.map((d) => [d.path, d.title])).toEqual([
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
      ['/cookies', 'Cookie Policy'],
      ['/gdpr', 'GDPR Compliance'],
    ]);
    expect(legalDocumentFor('/cookies/').title).toBe('Cookie Policy');
    expect(LEGAL_LAST_UPDATED).toBe('July 2025');
  });

  it('states what Cusp is, keeps and deletes', () => {
    const terms = text('/terms');
    expect(terms).toMatch(/free, experimental tool/);
    expect(terms).toMatch(/not a medical device/);
    expect(terms).toMatch(/not certified as compliant with rules for processing health data/);
    expect(terms).toMatch(/Files may be deleted at any time/);
    expect(terms).toMatch(/after 365 days/);
    expect(text('/privacy')).toMatch(/logs are deleted after 90 days/i);
    expect(text('/gdpr')).toMatch(/after 90 days/);
  });

  it('says there are no cookies and names the two storage keys', () => {
    const cookies = text('/cookies');
    expect(cookies).toMatch(/Cusp uses no cookies/);
    expect(cookies).toMatch(/^token — /m);
    expect(cookies).toMatch(/^userData — /m);
  });
});
