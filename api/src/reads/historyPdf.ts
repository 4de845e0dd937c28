import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { historyBy, historyDetailLines, historyTime, historyTitle } from '../domain/historyText.js';
import { HISTORY_EXPORT_MAX, type HistoryRecord } from './projectHistory.js';

const require = createRequire(import.meta.url);
// DejaVu covers Latin (accents, Central European letters), Greek and Cyrillic: names as doctors
// type them. The PDF's built-in fonts stop at Windows-1252.
const REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MUTED = '#4a5661';
const INK = '#111820';

/**
 * The history as a PDF for the lab's records: the project, when and by whom it was exported,
 * then every line of the history page (time, what, who, version) with what it changed, and page
 * numbers. Fixed A4 layout; long notes wrap.
 */
export async function historyPdf(record: HistoryRecord): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    bufferPages: true,
    info: {
      Title: 'Cusp project history',
      Creator: 'Cusp',
      CreationDate: new Date(record.generatedAt),
    },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const you = record.ownerName ?? 'Owner';
  doc.font('bold').fontSize(18).fillColor(INK).text('Project history');
  doc.moveDown(0.3);
  doc
    .font('bold')
    .fontSize(12)
    .text(record.projectName ?? 'Deleted project');
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Project ${record.projectId}`)
    .text(`Exported ${historyTime(record.generatedAt)}${record.ownerName ? ` by ${you}` : ''}`)
    .text('Every change to the project, oldest first. Times are UTC.');
  if (record.truncated) {
    doc.text(`This record holds the first ${HISTORY_EXPORT_MAX} events of the history.`);
  }
  doc.moveDown(1);

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  for (const line of record.lines) {
    const details = historyDetailLines(line.details);
    // Keep a line's heading with its first detail: start a new page when little room is left.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
    doc.font('regular').fontSize(8.5).fillColor(MUTED).text(historyTime(line.at), { width });
    const version = line.version === undefined ? '' : ` · v${line.version}`;
    doc
      .font('bold')
      .fontSize(10.5)
      .fillColor(INK)
      .text(historyTitle(line), { width, continued: true })
      .font('regular')
      .fillColor(MUTED)
      .text(`  ${historyBy(line, you)}${version}`);
    doc.font('regular').fontSize(9.5).fillColor(INK);
    // Details hang under the heading, every wrapped line too (an `indent` is the first line's).
    for (const d of details) doc.text(d, left + 12, doc.y, { width: width - 12 });
    doc.x = left;
    doc.moveDown(0.6);
  }
  if (record.lines.length === 0) doc.font('regular').fontSize(10).text('No history yet.');

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Page ${i + 1} of ${range.count}`, doc.page.margins.left, doc.page.height - 36, {
        width,
        align: 'right',
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
