/**
 * The approval record as a PDF: the same data as its JSON form (`reads/approvalRecord.ts`), laid
 * out as a clinical document a lab files with the device: who approved which files and when, the
 * checklist, the conversation, and the digest that ties a printed copy to the JSON.
 */
import type { ApprovalRecord } from '../contract/approvalRecord.js';
import { statusLabel } from '../domain/projectStatus.js';
import { COLOURS, PdfLayout } from './pdfLayout.js';

type ThreadLine = ApprovalRecord['thread'][number];

/** `2026-03-14 14:05:09 UTC`: unambiguous in every locale. */
export const utc = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

const count = new Intl.NumberFormat('en-GB');
function bytesText(n: number): string {
  const exact = `${count.format(n)} bytes`;
  if (n < 1000) return exact;
  const units = ['kB', 'MB', 'GB'] as const;
  let v = n;
  let unit: string = 'B';
  for (const u of units) {
    if (v < 1000) break;
    v /= 1000;
    unit = u;
  }
  return `${exact} (${v.toFixed(1)} ${unit})`;
}

const IMAGE = { width: 184, height: 138 } as const;

export async function approvalRecordPdf(
  record: ApprovalRecord,
  image: Uint8Array | null,
): Promise<Buffer> {
  const v = record.version.number;
  const pdf = new PdfLayout({
    title: `Approval record: ${record.project.name}, version ${v}`,
    subject: 'Design approval of a custom-made dental device',
  });
  title(pdf, record, image);
  people(pdf, record);
  files(pdf, record);
  checklist(pdf, record);
  thread(pdf, record);
  digest(pdf, record);
  pdf.furnish({
    headerLeft: 'Cusp · Approval record',
    headerRight: `${record.project.name} · version ${v}`,
    footerLabel: 'Record digest (SHA-256)',
    footerMono: record.digest.value,
  });
  return pdf.bytes();
}

/** Page 1's top: what this is, the approval in one line, the case beside its picture. */
function title(pdf: PdfLayout, r: ApprovalRecord, image: Uint8Array | null): void {
  const { doc } = pdf;
  pdf.use('bold', 8.5, COLOURS.brand).doc.text('APPROVAL RECORD', pdf.left, pdf.doc.y, {
    characterSpacing: 1.2,
  });
  pdf.gap(2);
  pdf.use('bold', 19).doc.text(r.project.name, { width: pdf.width });
  pdf
    .use('regular', 9.5, COLOURS.muted)
    .doc.text('Design approval of a custom-made dental device, as recorded by Cusp', {
      width: pdf.width,
    });
  pdf.gap(10);

  const by = r.approval.approvedBy ?? 'a reviewer who gave no name';
  const banner = `Version ${r.version.number} approved by ${by} on ${utc(r.approval.at)}`;
  pdf.use('bold', 10.5);
  const bannerHeight = doc.heightOfString(banner, { width: pdf.width - 24 }) + 16;
  const y0 = doc.y;
  doc.rect(pdf.left, y0, pdf.width, bannerHeight).fill(COLOURS.brandTint);
  doc.rect(pdf.left, y0, 3, bannerHeight).fill(COLOURS.brand);
  pdf.use('bold', 10.5, COLOURS.ink).doc.text(banner, pdf.left + 14, y0 + 8, {
    width: pdf.width - 24,
  });
  doc.y = y0 + bannerHeight + 14;

  // The case on the left, the picture of the approved version on the right.
  const top = doc.y;
  const imageX = pdf.left + pdf.width - IMAGE.width;
  drawImage(pdf, image, r.version.number, imageX, top);
  doc.y = top;
  const columnWidth = pdf.width - IMAGE.width - 18;
  const rows: [string, string][] = [
    ['Patient / case', r.project.patientName],
    ['Laboratory', r.project.laboratoryName],
    ['Project created', utc(r.project.createdAt)],
    ['Project ID', r.project.id],
  ];
  for (const [label, value] of rows) {
    pdf.use('regular', 8.5, COLOURS.muted).doc.text(label, pdf.left, doc.y, {
      width: columnWidth,
    });
    pdf.use(label === 'Project ID' ? 'mono' : 'regular', label === 'Project ID' ? 8.5 : 10.5);
    doc.text(value, pdf.left, doc.y + 1, { width: columnWidth });
    pdf.gap(7);
  }
  doc.y = Math.max(doc.y, top + IMAGE.height + 26);
  if (r.project.notes) {
    pdf.use('regular', 8.5, COLOURS.muted).doc.text('Case notes', pdf.left, doc.y);
    pdf.gap(1);
    pdf.paragraph(r.project.notes);
  }
}

function drawImage(
  pdf: PdfLayout,
  image: Uint8Array | null,
  version: number,
  x: number,
  y: number,
): void {
  const { doc } = pdf;
  doc.rect(x, y, IMAGE.width, IMAGE.height).fill(COLOURS.band);
  if (image) {
    doc.image(Buffer.from(image), x, y, {
      fit: [IMAGE.width, IMAGE.height],
      align: 'center',
      valign: 'center',
    });
  } else {
    pdf
      .use('regular', 8.5, COLOURS.muted)
      .doc.text(
        'No picture: it could not be rendered from the files of this version.',
        x + 12,
        y + IMAGE.height / 2 - 12,
        { width: IMAGE.width - 24, align: 'center' },
      );
  }
  doc.rect(x, y, IMAGE.width, IMAGE.height).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
  if (!image) return;
  pdf
    .use('regular', 7.5, COLOURS.muted)
    .doc.text(`Version ${version} as approved (rendering of its files)`, x, y + IMAGE.height + 4, {
      width: IMAGE.width,
      align: 'center',
    });
}

function people(pdf: PdfLayout, r: ApprovalRecord): void {
  pdf.heading('Technician');
  if (r.technician) {
    pdf.row('Name', r.technician.name);
    if (r.technician.companyName) pdf.row('Company', r.technician.companyName);
    pdf.row('E-mail', r.technician.email);
  } else {
    pdf.paragraph('Uploaded without an account: no technician is on record.', {
      colour: COLOURS.muted,
    });
  }

  pdf.heading('Approved version');
  pdf.row('Version', String(r.version.number));
  pdf.row('Uploaded', utc(r.version.uploadedAt));
  pdf.row('What changed', r.version.note ?? 'First upload (version 1 has no note)', {
    ...(r.version.note ? {} : { colour: COLOURS.muted }),
  });

  pdf.heading('Approval');
  pdf.row('Approved by', r.approval.approvedBy ?? 'No name was given');
  pdf.row(
    '',
    'The name as typed by the person who approved through the review link; Cusp does not verify identities.',
    {
      size: 8,
      colour: COLOURS.muted,
    },
  );
  pdf.row('Time', utc(r.approval.at));
  pdf.row('Time zone', 'UTC (Coordinated Universal Time). Every time in this record is in UTC.');
}

function files(pdf: PdfLayout, r: ApprovalRecord): void {
  // The heading stays with its note and the first file.
  pdf.heading(`Files approved (${r.files.length})`, 110);
  pdf.paragraph(
    'SHA-256 as uploaded: the bytes the laboratory sent. As stored: the file as Cusp keeps and serves it (a header blanked, a DCM converted), which a download from Cusp matches.',
    { size: 8, colour: COLOURS.muted },
  );
  pdf.gap(6);
  const { doc } = pdf;
  const labelWidth = 108;
  for (const [i, f] of r.files.entries()) {
    const hashes: [string, string | null][] = [
      ['SHA-256 as uploaded', f.sha256Uploaded],
      ['SHA-256 as stored', f.sha256Stored],
    ];
    // Measure the block to shade it and keep it on one page.
    pdf.use('bold', 10);
    const nameHeight = doc.heightOfString(f.name, { width: pdf.width - 150 - 16 });
    const blockHeight = nameHeight + 2 * 14 + 20;
    pdf.ensureSpace(blockHeight);
    const y0 = doc.y;
    doc.rect(pdf.left, y0, pdf.width, blockHeight).fill(i % 2 === 0 ? COLOURS.band : '#ffffff');
    pdf.use('bold', 10).doc.text(f.name, pdf.left + 8, y0 + 7, { width: pdf.width - 150 - 16 });
    pdf
      .use('regular', 8.5, COLOURS.muted)
      .doc.text(bytesText(f.size), pdf.left + pdf.width - 158, y0 + 8, {
        width: 150,
        align: 'right',
      });
    doc.y = y0 + 7 + nameHeight + 4;
    for (const [label, hash] of hashes) {
      const y = doc.y;
      pdf.use('regular', 8, COLOURS.muted).doc.text(label, pdf.left + 8, y + 0.5, {
        width: labelWidth,
        lineBreak: false,
      });
      if (hash) {
        pdf.use('mono', 8.2).doc.text(hash, pdf.left + 8 + labelWidth, y, {
          width: pdf.width - labelWidth - 16,
        });
      } else {
        pdf
          .use('regular', 8, COLOURS.muted)
          .doc.text(
            'not recorded (stored before Cusp hashed files)',
            pdf.left + 8 + labelWidth,
            y,
            {
              width: pdf.width - labelWidth - 16,
            },
          );
      }
      doc.y = y + 14;
    }
    doc.y = y0 + blockHeight;
  }
}

const ANSWER_COLOUR = {
  acceptable: COLOURS.ok,
  needs_change: COLOURS.warn,
  not_assessed: COLOURS.none,
};

function checklist(pdf: PdfLayout, r: ApprovalRecord): void {
  pdf.heading('Clinical checklist', 40);
  if (!r.checklist) {
    pdf.paragraph('No checklist was asked.', { colour: COLOURS.muted });
    return;
  }
  const { doc } = pdf;
  const cols = [pdf.width * 0.45, pdf.width * 0.22, pdf.width * 0.33] as const;
  const header = ['Item', 'Answer', 'Pinned on'];
  const drawRow = (cells: string[], opts: { head?: boolean; colour?: string; shade?: boolean }) => {
    pdf.use(opts.head ? 'bold' : 'regular', opts.head ? 8 : 9.5);
    const height =
      Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cols[i]! - 12 }))) + 9;
    pdf.ensureSpace(height);
    const y = doc.y;
    if (opts.shade) doc.rect(pdf.left, y, pdf.width, height).fill(COLOURS.band);
    let x = pdf.left;
    for (const [i, c] of cells.entries()) {
      const colour = opts.head
        ? COLOURS.muted
        : i === 1
          ? (opts.colour ?? COLOURS.ink)
          : COLOURS.ink;
      pdf.use(opts.head ? 'bold' : i === 1 ? 'bold' : 'regular', opts.head ? 8 : 9.5, colour);
      doc.text(c, x + 6, y + 4.5, { width: cols[i]! - 12 });
      x += cols[i]!;
    }
    doc.y = y + height;
    doc
      .moveTo(pdf.left, doc.y)
      .lineTo(pdf.left + pdf.width, doc.y)
      .lineWidth(0.4)
      .strokeColor(COLOURS.rule)
      .stroke();
  };
  drawRow(header, { head: true });
  for (const [i, a] of r.checklist.entries()) {
    drawRow([a.label, a.answerLabel, a.pinnedOn ?? '—'], {
      colour: ANSWER_COLOUR[a.answer],
      shade: i % 2 === 1,
    });
  }
}

/** Comments in the order they were made, each followed by its replies; status lines between. */
function threadOrder(lines: readonly ThreadLine[]): { line: ThreadLine; reply: boolean }[] {
  const replies = new Map<string, ThreadLine[]>();
  for (const l of lines) {
    if (l.parentId) replies.set(l.parentId, [...(replies.get(l.parentId) ?? []), l]);
  }
  const ids = new Set(lines.map((l) => l.id));
  const out: { line: ThreadLine; reply: boolean }[] = [];
  for (const l of lines) {
    // A reply whose comment is missing stands on its own rather than vanish.
    if (l.parentId && ids.has(l.parentId)) continue;
    out.push({ line: l, reply: false });
    for (const r of replies.get(l.id) ?? []) out.push({ line: r, reply: true });
  }
  return out;
}

const ROLE = { doctor: 'Doctor', technician: 'Technician' } as const;

function thread(pdf: PdfLayout, r: ApprovalRecord): void {
  const comments = r.thread.filter((l) => l.state !== null);
  const replies = r.thread.filter((l) => l.kind === 'comment' && l.state === null).length;
  const open = comments.filter((l) => l.state === 'open').length;
  pdf.heading('Conversation', 50);
  if (r.thread.length === 0) {
    pdf.paragraph('There was no conversation about this project.', { colour: COLOURS.muted });
    return;
  }
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  pdf.paragraph(
    `${plural(comments.length, 'comment', 'comments')} and ${plural(replies, 'reply', 'replies')} (${open} open, ${comments.length - open} resolved when this record was made), each with its replies under it. Times in UTC.`,
    { size: 8, colour: COLOURS.muted },
  );
  pdf.gap(4);
  for (const { line, reply } of threadOrder(r.thread)) {
    if (line.kind === 'comment') comment(pdf, line, reply);
    else statusLine(pdf, line);
  }
}

function statusLine(pdf: PdfLayout, l: ThreadLine): void {
  const what =
    l.kind === 'approval'
      ? `Approved version ${l.version ?? ''}${l.author?.name ? ` by ${l.author.name}` : ''}`
      : `Status changed to ${statusLabel(l.status)}`;
  pdf.gap(3);
  pdf.ensureSpace(16);
  pdf.use('oblique', 8.5, COLOURS.muted).doc.text(`${utc(l.at)}  ·  ${what}`, pdf.left, pdf.doc.y, {
    width: pdf.width,
  });
  pdf.gap(5);
}

function comment(pdf: PdfLayout, l: ThreadLine, reply: boolean): void {
  const { doc } = pdf;
  const indent = reply ? 22 : 0;
  const x = pdf.left + indent;
  const width = pdf.width - indent;
  const who = l.author?.name ?? 'No name given';
  const role = l.author ? ROLE[l.author.role] : '';
  const meta = [role, utc(l.at), l.version ? `on version ${l.version}` : null]
    .filter(Boolean)
    .join('  ·  ');
  const state = l.state === 'resolved' ? 'RESOLVED' : l.state === 'open' ? 'OPEN' : null;
  const text = l.text ?? '';

  pdf.use('regular', 10);
  const firstLines = Math.min(doc.heightOfString(text, { width }), 36);
  pdf.ensureSpace(32 + (l.pin ? 14 : 0) + firstLines);
  doc.y += 5;
  const y = doc.y;
  if (!reply) {
    doc
      .moveTo(pdf.left, y - 3)
      .lineTo(pdf.left + pdf.width, y - 3)
      .lineWidth(0.4)
      .strokeColor(COLOURS.rule)
      .stroke();
  }
  // Name and details on one line when they fit beside the state, else the details under the name.
  const name = reply ? `Reply from ${who}` : who;
  const room = width - 84;
  const nameWidth = pdf.use('bold', 9.5).doc.widthOfString(name);
  const metaWidth = pdf.use('regular', 8.5).doc.widthOfString(`   ${meta}`);
  if (nameWidth + metaWidth <= room) {
    pdf.use('bold', 9.5).doc.text(name, x, y + 2, { lineBreak: false });
    pdf.use('regular', 8.5, COLOURS.muted).doc.text(`   ${meta}`, x + nameWidth, y + 2.8, {
      lineBreak: false,
    });
    doc.y = y + 14;
  } else {
    pdf.use('bold', 9.5).doc.text(name, x, y + 2, { width: room });
    pdf.use('regular', 8.5, COLOURS.muted).doc.text(meta, x, doc.y + 1, { width: room });
  }
  if (state) {
    pdf
      .use('bold', 7.5, state === 'OPEN' ? COLOURS.warn : COLOURS.ok)
      .doc.text(state, pdf.left + pdf.width - 76, y + 3, {
        width: 76,
        align: 'right',
        characterSpacing: 0.6,
      });
  }
  doc.y = Math.max(doc.y, y + 14) + 2;
  if (l.changesRequested) {
    pdf.use('bold', 8.5, COLOURS.warn).doc.text('Requested changes', x, doc.y, { width });
    pdf.gap(1);
  }
  if (l.pin) {
    const py = doc.y + 1;
    doc.circle(x + 6, py + 5, 6).fill(COLOURS.brand);
    pdf.use('bold', 7, '#ffffff').doc.text(String(l.pin.number), x, py + 1.6, {
      width: 12,
      align: 'center',
      lineBreak: false,
    });
    pdf
      .use('regular', 8.5, COLOURS.muted)
      .doc.text(`Pinned on ${l.pin.modelName}`, x + 17, py + 0.8, {
        width: width - 17,
      });
    doc.y = Math.max(doc.y, py + 12) + 2;
  }
  if (text) pdf.paragraph(text, { indent });
  pdf.gap(4);
}

function digest(pdf: PdfLayout, r: ApprovalRecord): void {
  pdf.heading('Record digest', 60);
  pdf.row(
    'Algorithm',
    `${r.digest.algorithm} over the record's canonical JSON (${r.digest.canonicalization})`,
  );
  pdf.row('Digest', r.digest.value, { font: 'mono', size: 9 });
  pdf.row('How to check', r.digest.howToCheck, { size: 9 });
  if (r.image) pdf.row('Picture (PNG, page 1)', r.image.sha256, { font: 'mono', size: 8 });
}

/** `cusp-approval-record-<project>-v2.pdf`: ASCII, from the project's name (never the patient's). */
export function approvalRecordFileName(r: ApprovalRecord): string {
  const slug = r.project.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `cusp-approval-record-${slug || 'project'}-v${r.version.number}.pdf`;
}
