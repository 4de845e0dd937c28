/**
 * A PDF read back as a reader's software sees it: Mozilla's PDF.js (legacy Node build) extracts
 * each page's text runs with their position and width, in points from the page's left edge.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfTextRun {
  str: string;
  x: number;
  width: number;
}

export interface PdfPage {
  width: number;
  height: number;
  /** The page's runs joined, each line's runs without a separator, lines with a space. */
  text: string;
  runs: PdfTextRun[];
}

export async function pdfPages(bytes: Uint8Array): Promise<PdfPage[]> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [, , width, height] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const runs: PdfTextRun[] = [];
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        runs.push({ str: item.str, x: item.transform[4] as number, width: item.width });
        text += item.str + (item.hasEOL ? ' ' : '');
      }
      pages.push({ width, height, text, runs });
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
