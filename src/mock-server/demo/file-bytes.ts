import { DEMO_PNG_BASE64 } from './png-base64.js';

/**
 * Small real files for the demo data, made at start-up: every byte is a pure function of the
 * arguments, so the same seed gives the same files. Browser-safe (no `node:` imports, no Buffer):
 * the demo state also runs inside a page through the MSW door.
 */

/** The demo's PNG images: what each shows. `scripts/demo-png.ts` encodes them with fast-png. */
export const DEMO_PNG_SPECS = {
  logo: { size: 48, from: [37, 99, 235], to: [16, 185, 129] },
  icon: { size: 24, from: [234, 88, 12], to: [219, 39, 119] },
} as const satisfies Record<string, DemoPngSpec>;

export interface DemoPngSpec {
  readonly size: number;
  readonly from: readonly [number, number, number];
  readonly to: readonly [number, number, number];
}

/**
 * The pixels of a demo PNG (8-bit RGB, as fast-png's `encode` takes them): a diagonal gradient
 * between two colours with a light square in the middle, enough to tell thumbnails apart.
 */
export function demoPngImage(spec: DemoPngSpec): { width: number; height: number; data: Uint8Array; channels: 3; depth: 8 } {
  const { size, from, to } = spec;
  const data = new Uint8Array(size * size * 3);
  const inner = size / 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * (size - 1));
      const square = x >= inner && x < size - inner && y >= inner && y < size - inner;
      const offset = (y * size + x) * 3;
      for (let c = 0; c < 3; c++) data[offset + c] = square ? 255 - Math.round(from[c]! * 0.3) : Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
  }
  return { width: size, height: size, data, channels: 3, depth: 8 };
}

/**
 * The bytes of a demo PNG. They were encoded by fast-png (`scripts/demo-png.ts`) and are kept
 * in `png-base64.ts`: encoding at start-up (loading fast-png and fflate, then a cold deflate) was a
 * large share of the start-up budget (docs/benchmarks.md, "Start-up"), for the same bytes every time. A test
 * encodes them again with fast-png and compares, so they stay exactly its output.
 */
export function demoPngBytes(name: keyof typeof DEMO_PNG_SPECS): Uint8Array {
  const binary = atob(DEMO_PNG_BASE64[name]);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Text a PDF string literal can hold: printable ASCII, with `\`, `(` and `)` escaped. */
function pdfText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}

/**
 * A one-page PDF 1.4 (US Letter, Helvetica): a title and lines of text. Written directly, as the
 * format is plain text with a table of byte offsets; a PDF library would cost start-up time for
 * one page. Every offset in the cross-reference table is exact, so readers need no repair.
 */
export function demoPdf(title: string, lines: readonly string[]): Uint8Array {
  const text = [`BT /F1 20 Tf 72 720 Td (${pdfText(title)}) Tj ET`, ...lines.map((line, i) => `BT /F1 11 Tf 72 ${688 - i * 16} Td (${pdfText(line)}) Tj ET`)].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
  // Only ASCII is written, so string offsets are byte offsets.
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** UTF-8 text. */
export function demoText(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
