/**
 * The page furniture and building blocks of Cusp's PDF documents on pdfkit: A4, embedded
 * DejaVu fonts (Unicode names and notes print as typed; PDF's standard fonts only know Latin-1),
 * section headings, label/value rows, monospace values that wrap inside their column, and a
 * running header and footer drawn on every page once the content is laid out.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const font = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);

export const FONTS = {
  regular: font('DejaVuSans.ttf'),
  bold: font('DejaVuSans-Bold.ttf'),
  oblique: font('DejaVuSans-Oblique.ttf'),
  mono: font('DejaVuSansMono.ttf'),
} as const;
export type FontName = keyof typeof FONTS;

/** The font files' bytes, read once per process (about 2 MB), not at every document. */
let fontBytes: Map<FontName, Buffer> | undefined;
function fonts(): Map<FontName, Buffer> {
  fontBytes ??= new Map(
    (Object.keys(FONTS) as FontName[]).map((name) => [name, readFileSync(FONTS[name])]),
  );
  return fontBytes;
}

export const COLOURS = {
  ink: '#1b2430',
  muted: '#5b6675',
  rule: '#d3d9e0',
  band: '#f3f6f8',
  brand: '#0f766e',
  brandTint: '#e6f4f2',
  ok: '#166534',
  warn: '#92400e',
  none: '#5b6675',
} as const;

/** A4 in points, and the margins content stays within (the header and footer sit outside). */
const PAGE = { top: 64, bottom: 78, left: 56, right: 56 } as const;

/** Width of one character of the monospace font, per point of font size. */
const MONO_ADVANCE = 0.602;

export interface Furniture {
  /** Left of the running header (every page). */
  headerLeft: string;
  /** Right of the running header. */
  headerRight: string;
  /** The footer's first line, left: a label before `footerMono`. */
  footerLabel: string;
  /** Printed in monospace after the label on every page (the record's digest). */
  footerMono: string;
}

export class PdfLayout {
  readonly doc: PDFKit.PDFDocument;

  constructor(info: { title: string; subject: string }) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: PAGE,
      bufferPages: true,
      lang: 'en',
      displayTitle: true,
      info: { Title: info.title, Subject: info.subject, Creator: 'Cusp', Producer: 'Cusp' },
    });
    for (const [name, bytes] of fonts()) this.doc.registerFont(name, bytes);
    this.use('regular', 10);
  }

  get left(): number {
    return this.doc.page.margins.left;
  }
  get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  use(name: FontName, size: number, colour: string = COLOURS.ink): this {
    this.doc.font(name).fontSize(size).fillColor(colour);
    return this;
  }

  /** A new page unless `height` points still fit on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  gap(points: number): void {
    this.doc.y += points;
  }

  /** A section heading with a rule under it; kept on the page of the first `keepWith` points. */
  heading(text: string, keepWith = 60): void {
    this.gap(14);
    this.ensureSpace(26 + keepWith);
    const y = this.doc.y;
    this.use('bold', 12, COLOURS.brand).doc.text(text, this.left, y, { width: this.width });
    const ruleY = this.doc.y + 3;
    this.doc
      .moveTo(this.left, ruleY)
      .lineTo(this.left + this.width, ruleY)
      .lineWidth(0.75)
      .strokeColor(COLOURS.brand)
      .stroke();
    this.doc.y = ruleY + 8;
  }

  /** Label and value side by side; the value wraps in its column (`mono`: a hash). */
  row(
    label: string,
    value: string,
    opts: { labelWidth?: number; font?: FontName; size?: number; colour?: string } = {},
  ): void {
    const labelWidth = opts.labelWidth ?? 132;
    const valueWidth = this.width - labelWidth;
    const size = opts.size ?? 10;
    const valueFont = opts.font ?? 'regular';
    const text = valueFont === 'mono' ? wrapMono(value, valueWidth, size) : value;
    this.use(valueFont, size);
    const height = Math.max(
      this.doc.heightOfString(text, { width: valueWidth }),
      this.use('regular', 8.5).doc.heightOfString(label, { width: labelWidth - 8 }),
    );
    this.ensureSpace(height);
    const y = this.doc.y;
    this.use('regular', 8.5, COLOURS.muted).doc.text(label, this.left, y + 1.2, {
      width: labelWidth - 8,
    });
    this.use(valueFont, size, opts.colour ?? COLOURS.ink).doc.text(
      text,
      this.left + labelWidth,
      y,
      {
        width: valueWidth,
      },
    );
    this.doc.y = Math.max(this.doc.y, y + height) + 4;
  }

  /** A paragraph across the content width, flowing onto further pages when long. */
  paragraph(text: string, opts: { indent?: number; size?: number; colour?: string } = {}): void {
    const indent = opts.indent ?? 0;
    this.use('regular', opts.size ?? 10, opts.colour ?? COLOURS.ink);
    this.ensureSpace(Math.min(this.doc.heightOfString(text, { width: this.width - indent }), 40));
    this.doc.text(text, this.left + indent, this.doc.y, { width: this.width - indent });
  }

  /**
   * The running header and footer on every page: drawn last, once the page count is known, with
   * the bottom margin lifted so pdfkit does not start a page for text below it.
   */
  furnish(f: Furniture): void {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const { page } = this.doc;
      const savedBottom = page.margins.bottom;
      page.margins.bottom = 0;
      const right = this.left + this.width;

      this.use('regular', 7.5, COLOURS.muted);
      this.doc.text(f.headerLeft, this.left, 34, { width: this.width / 2, lineBreak: false });
      this.doc.text(
        truncate(this.doc, f.headerRight, this.width / 2 - 8),
        this.left + this.width / 2,
        34,
        {
          width: this.width / 2,
          align: 'right',
          lineBreak: false,
        },
      );
      this.doc
        .moveTo(this.left, 46)
        .lineTo(right, 46)
        .lineWidth(0.5)
        .strokeColor(COLOURS.rule)
        .stroke();

      const footY = page.height - 58;
      this.doc
        .moveTo(this.left, footY)
        .lineTo(right, footY)
        .lineWidth(0.5)
        .strokeColor(COLOURS.rule)
        .stroke();
      const pageLabel = `Page ${i - range.start + 1} of ${range.count}`;
      this.use('regular', 7.5, COLOURS.muted);
      const labelWidth = this.doc.widthOfString(`${f.footerLabel} `);
      this.doc.text(`${f.footerLabel} `, this.left, footY + 8, { lineBreak: false });
      this.use('mono', 7.5, COLOURS.ink).doc.text(f.footerMono, this.left + labelWidth, footY + 8, {
        lineBreak: false,
      });
      this.use('regular', 7.5, COLOURS.muted).doc.text(pageLabel, this.left, footY + 8, {
        width: this.width,
        align: 'right',
        lineBreak: false,
      });
      page.margins.bottom = savedBottom;
    }
  }

  /** The finished document's bytes. */
  async bytes(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (c: Buffer) => chunks.push(c));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    this.doc.end();
    return done;
  }
}

/**
 * A monospace value broken into lines that fit `width` at `size`: a hash has no break
 * opportunity of its own, so it is cut at the column's character count, never past its edge.
 */
export function wrapMono(value: string, width: number, size: number): string {
  const perLine = Math.max(8, Math.floor(width / (MONO_ADVANCE * size)));
  const lines: string[] = [];
  for (const line of value.split('\n')) {
    for (let i = 0; i < line.length; i += perLine) lines.push(line.slice(i, i + perLine));
    if (line.length === 0) lines.push('');
  }
  return lines.join('\n');
}

/** `text` shortened with an ellipsis to fit `width` in the current font. */
function truncate(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}
