import { create as contentDisposition } from 'content-disposition';

/**
 * The CSP of every byte a user uploaded: `sandbox` gives the document an opaque origin (no
 * cookies, no `localStorage` of the mock's origin, where GraphiQL keeps the bearer token), and
 * `default-src 'none'` lets it load and run nothing. Inline styles only, as GitHub's raw file host
 * does, so a browser's own image and text viewers still lay the file out.
 */
export const USER_CONTENT_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

/**
 * Types a browser shows without running anything: raster images, plain text, audio and video.
 * An allow-list rather than a deny-list of HTML, SVG, XML and JavaScript, because active types
 * keep being added (`application/xhtml+xml`, `image/svg+xml`, `text/xsl`, `application/pdf` with
 * its scripts, `multipart/x-mixed-replace`...) and a type missed on a deny-list would render.
 */
const PASSIVE_EXACT = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/x-icon', 'image/vnd.microsoft.icon', 'text/plain']);
const PASSIVE_FAMILIES = ['audio/', 'video/'];

/** Whether a browser may show `contentType` inline on the mock's origin. */
export function isPassiveType(contentType: string): boolean {
  const type = contentType.toLowerCase();
  return PASSIVE_EXACT.has(type) || PASSIVE_FAMILIES.some((family) => type.startsWith(family));
}

/** What a route serves: the declared type, the name a user gave, and how it would like it shown. */
export interface UserContent {
  readonly contentType: string;
  /** The name a user gave the file, or null (then the header carries no name). */
  readonly fileName: string | null;
  /** `inline` is granted to passive types only; `attachment` always holds. */
  readonly wanted: 'inline' | 'attachment';
}

/**
 * The headers of a response carrying user content, on `/uploads` and `/files`: `nosniff` (a
 * browser must not guess HTML in a `text/plain` body), the sandboxing CSP, and a
 * `Content-Disposition` that is `attachment` for every active type, whatever was asked, with the
 * file's base name. A passive type shown inline without a name gets no `Content-Disposition`.
 */
export function userContentHeaders(content: UserContent): Record<string, string> {
  const type = content.wanted === 'inline' && isPassiveType(content.contentType) ? 'inline' : 'attachment';
  const headers: Record<string, string> = {
    'content-type': content.contentType,
    'x-content-type-options': 'nosniff',
    'content-security-policy': USER_CONTENT_CSP,
  };
  if (content.fileName !== null) headers['content-disposition'] = contentDisposition(wellFormed(baseName(content.fileName)), { type });
  else if (type === 'attachment') headers['content-disposition'] = 'attachment';
  return headers;
}

/**
 * `name` with each lone surrogate made U+FFFD. The door refuses them in variables, but a restored
 * snapshot is no variable, and `content-disposition` (encodeURIComponent) throws on one: a name
 * stored once must not make its file unservable.
 */
function wellFormed(name: string): string {
  return name.replace(/\p{Cs}/gu, '\ufffd');
}

/** What a file name falls back to when nothing of it is left once its path is taken away. */
export const FALLBACK_FILE_NAME = 'download';

/**
 * The last component of `fileName`, for a `Content-Disposition` header: a name is display data
 * that any user may set (`../../../.bashrc`, `C:\Users\x\evil.exe`), and a browser or a `curl -OJ`
 * that trusts a path in it saves outside the folder the user chose. Both `/` and `\` split (the
 * latter is a separator on Windows), `.` and `..` components are dropped, and a name with nothing
 * left becomes {@link FALLBACK_FILE_NAME}.
 *
 * @example baseName('../../../.bashrc') === '.bashrc'
 * @example baseName('a\\..\\b.txt') === 'b.txt'
 * @example baseName('../..') === 'download'
 */
export function baseName(fileName: string): string {
  const parts = fileName.split(/[/\\]/).map((part) => part.trim()).filter((part) => part !== '' && part !== '.' && part !== '..');
  return parts.at(-1) ?? FALLBACK_FILE_NAME;
}
