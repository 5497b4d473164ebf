/**
 * The format of a library entry (`FileFormat`), read from its MIME type. SPEC.md names the five
 * formats but not what belongs where; this is the mock's table, written down in
 * docs/mock-behaviour.md ("The file library"). A small table of our own rather than a MIME
 * database: mime-db knows extensions and charsets, not which types a team calls "design".
 */
export type FileFormat = 'DESIGN' | 'DOCUMENT' | 'IMAGE' | 'MEDIA' | 'OTHER';

/** Exact types, checked first: design files that travel as image/* or application/*, and office documents. */
const EXACT = new Map<string, FileFormat>([
  // Design: layered images, vector sources, design-tool documents.
  ['image/vnd.adobe.photoshop', 'DESIGN'],
  ['image/x-photoshop', 'DESIGN'],
  ['image/psd', 'DESIGN'],
  ['application/x-photoshop', 'DESIGN'],
  ['application/photoshop', 'DESIGN'],
  ['application/psd', 'DESIGN'],
  ['image/x-xcf', 'DESIGN'],
  ['application/illustrator', 'DESIGN'],
  ['application/vnd.adobe.illustrator', 'DESIGN'],
  ['application/postscript', 'DESIGN'],
  ['application/vnd.adobe.xd', 'DESIGN'],
  ['application/x-indesign', 'DESIGN'],
  ['application/vnd.figma', 'DESIGN'],
  ['application/figma', 'DESIGN'],
  ['application/x-figma', 'DESIGN'],
  ['application/vnd.sketch', 'DESIGN'],
  ['application/sketch', 'DESIGN'],
  ['application/x-sketch', 'DESIGN'],
  // Documents: PDF, word processing, spreadsheets, presentations, e-books.
  ['application/pdf', 'DOCUMENT'],
  ['application/rtf', 'DOCUMENT'],
  ['application/msword', 'DOCUMENT'],
  ['application/vnd.ms-excel', 'DOCUMENT'],
  ['application/vnd.ms-powerpoint', 'DOCUMENT'],
  ['application/vnd.apple.pages', 'DOCUMENT'],
  ['application/vnd.apple.numbers', 'DOCUMENT'],
  ['application/vnd.apple.keynote', 'DOCUMENT'],
  ['application/epub+zip', 'DOCUMENT'],
  // Media that does not say audio/ or video/.
  ['application/ogg', 'MEDIA'],
]);

/** Families, checked in this order when no exact type matched. */
const PREFIXES: readonly (readonly [string, FileFormat])[] = [
  ['application/vnd.openxmlformats-officedocument.', 'DOCUMENT'],
  ['application/vnd.oasis.opendocument.', 'DOCUMENT'],
  ['application/vnd.ms-word.', 'DOCUMENT'],
  ['application/vnd.ms-excel.', 'DOCUMENT'],
  ['application/vnd.ms-powerpoint.', 'DOCUMENT'],
  ['text/', 'DOCUMENT'],
  ['font/', 'DESIGN'],
  ['model/', 'DESIGN'],
  ['image/', 'IMAGE'],
  ['audio/', 'MEDIA'],
  ['video/', 'MEDIA'],
];

/** The format of a MIME type such as `image/png`; case and parameters (`; charset=utf-8`) are ignored. */
export function fileFormatOf(contentType: string): FileFormat {
  const semicolon = contentType.indexOf(';');
  const type = (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  const exact = EXACT.get(type);
  if (exact) return exact;
  for (const [prefix, format] of PREFIXES) if (type.startsWith(prefix)) return format;
  return 'OTHER';
}
