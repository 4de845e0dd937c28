import { describe, expect, it } from 'vitest';
import {
  doctorMail,
  newVersionMail,
  NEW_VERSION_SUBJECT,
  reviewMail,
} from '../../../../api/src/mail/projectMails.js';

const LINK = 'https://cusp.example/viewer/pub_abc';

/** What the doctor's and the technician's mails say, rendered. */
describe('doctor mail', () => {
  it('names the technician and the company who share the case', () => {
    const m = doctorMail('doc@clinic.example', 'Case 17', LINK, {
      name: 'Tina Tech',
      companyName: 'Tina Dental',
    });
    expect(m.text).toContain('Tina Tech (Tina Dental) has shared a 3D case with you on Cusp');
    expect(m.html).toContain('Tina Tech (Tina Dental) has shared a 3D case with you on Cusp');
    expect(m.text).not.toContain('A dental laboratory');
    expect(m.html).not.toContain('A dental laboratory');
  });

  it('keeps a neutral sender for a case without an account behind it', () => {
    const m = doctorMail('doc@clinic.example', 'Case 17', LINK, null);
    expect(m.text).toContain('A dental laboratory has shared a 3D case with you on Cusp');
  });

  it('escapes the sender in the HTML part and keeps the subject fixed', () => {
    const m = doctorMail('doc@clinic.example', 'Jane Patient', LINK, {
      name: '<b>Tina</b>',
      companyName: 'Lab & Co',
    });
    expect(m.html).toContain('&lt;b&gt;Tina&lt;/b&gt; (Lab &amp; Co)');
    expect(m.html).not.toContain('<b>Tina</b>');
    expect(m.subject).toBe('A dental case is ready for your review');
    expect(m.subject).not.toContain('Jane');
  });
});

describe('technician review mail', () => {
  it('speaks of the approval, not of a comment, when the doctor approves', () => {
    const m = reviewMail('approved', 'tina@lab.example', 'Tina Tech', 'Case 17', LINK);
    expect(m.subject).toBe('A doctor approved your case on Cusp');
    for (const part of [m.text, m.html]) {
      expect(part).toContain('approved the case');
      expect(part).toContain('shows the case as approved');
      expect(part).not.toMatch(/comment|feedback|unread/i);
    }
  });

  it('quotes the comment and speaks of it as unread when the doctor leaves feedback', () => {
    const m = reviewMail(
      'feedback',
      'tina@lab.example',
      'Tina Tech',
      'Case 17',
      LINK,
      'Margin on 16 <short>',
    );
    expect(m.subject).toBe('A doctor left feedback on your case on Cusp');
    expect(m.text).toContain('Margin on 16 <short>');
    expect(m.html).toContain('Margin on 16 &lt;short&gt;');
    expect(m.text).toContain('shows the comment as unread');
  });

  it('never puts the project or patient name in a subject', () => {
    for (const kind of ['approved', 'feedback'] as const) {
      const m = reviewMail(kind, 'tina@lab.example', 'Tina', 'Jane Patient', LINK, 'ok');
      expect(m.subject).not.toContain('Jane');
    }
  });
});

describe('new version mail', () => {
  const facts = {
    projectName: 'Jane Patient crowns',
    laboratory: 'Smile <Lab> & Co',
    version: 3,
    previous: 2,
    note: 'Margin lowered\nContact to 15 opened',
    link: `${LINK}?v=3&compare=2`,
  };

  it('names the lab, the case and the version, quotes the note and links to the comparison', () => {
    const m = newVersionMail('doc@clinic.example', 'Dr Ada', facts);
    expect(m.text).toContain('Hello Dr Ada,');
    expect(m.text).toContain(
      'Smile <Lab> & Co uploaded version 3 of the case "Jane Patient crowns" on Cusp.',
    );
    expect(m.text).toContain('Margin lowered\nContact to 15 opened');
    expect(m.text).toContain(`Compare version 3 with version 2 in your browser`);
    expect(m.text).toContain(facts.link);
    expect(m.html).toContain(`href="${LINK}?v=3&amp;compare=2"`);
  });

  it('escapes every value in the HTML part and keeps the subject fixed', () => {
    const m = newVersionMail('doc@clinic.example', '<i>Ada</i>', { ...facts, note: '<script>' });
    expect(m.html).toContain('Smile &lt;Lab&gt; &amp; Co');
    expect(m.html).toContain('&lt;i&gt;Ada&lt;/i&gt;');
    expect(m.html).toContain('&lt;script&gt;');
    expect(m.html).not.toContain('<script>');
    expect(m.subject).toBe(NEW_VERSION_SUBJECT);
    expect(m.subject).not.toContain('Jane');
  });

  it('greets without a name and keeps a neutral lab when none was entered', () => {
    const m = newVersionMail('doc@clinic.example', '', { ...facts, laboratory: ' ' });
    expect(m.text).toMatch(/^Hello,\n/);
    expect(m.text).toContain('The dental laboratory uploaded version 3');
  });
});
