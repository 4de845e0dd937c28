import { describe, expect, it } from 'vitest';
import { OpenedFieldMemo } from '../../../../api/src/crypto/openedFields.js';

const P1 = '6f0c8f7e-1d7a-4a4e-9b1e-0a7e5c1d2b3f';
const P2 = '0b4e3f0a-9c2d-4e8f-8a1b-2c3d4e5f6a7b';

describe('opened-field memo', () => {
  it('serves a field opened before when the sealed text is the same string', () => {
    const memo = new OpenedFieldMemo();
    memo.remember(`project-${P1}`, P1, 'name', 'v1:a:b:c', 'Crown 11');
    // A fresh string with the same text, as a new query returns it.
    expect(memo.get(['v1:a', 'b', 'c'].join(':'), P1, 'name')).toBe('Crown 11');
  });

  it('misses when the field was re-sealed, or the text sits in another row or field', () => {
    const memo = new OpenedFieldMemo();
    memo.remember(`project-${P1}`, P1, 'name', 'v1:a:b:c', 'Crown 11');
    expect(memo.get('v1:x:y:z', P1, 'name')).toBeUndefined();
    expect(memo.get('v1:a:b:c', P2, 'name')).toBeUndefined();
    expect(memo.get('v1:a:b:c', P1, 'patientName')).toBeUndefined();
  });

  it('keeps fields of different subjects apart while a list alternates between them', () => {
    const memo = new OpenedFieldMemo();
    memo.remember(`project-${P1}`, P1, 'name', 's1', 'Project one');
    memo.remember(`user-${P2}`, P2, 'name', 's2', 'Anna');
    memo.remember(`project-${P1}`, P1, 'patientName', 's3', 'Patient one');
    expect(memo.get('s1', P1, 'name')).toBe('Project one');
    expect(memo.get('s2', P2, 'name')).toBe('Anna');
    expect(memo.get('s3', P1, 'patientName')).toBe('Patient one');
    expect(memo.get('s1', P2, 'name')).toBeUndefined();
  });

  it('forgets every field of a subject, and only that subject', () => {
    const memo = new OpenedFieldMemo();
    memo.remember(`project-${P1}`, P1, 'name', 's1', 'Project one');
    memo.remember(`project-${P1}`, P1, 'patientName', 's3', 'Patient one');
    memo.remember(`project-${P2}`, P2, 'name', 's2', 'Project two');
    expect(memo.get('s1', P1, 'name')).toBe('Project one'); // P1 is now the subject at hand
    memo.forget(`project-${P1}`);
    expect(memo.get('s1', P1, 'name')).toBeUndefined();
    expect(memo.get('s3', P1, 'patientName')).toBeUndefined();
    expect(memo.get('s2', P2, 'name')).toBe('Project two');
  });
});
