/**
 * Text helpers of the HTML reporter: escaping that also makes invisible characters visible, marker
 * highlighting, and JSON re-indentation that keeps every token as the server wrote it.
 */

import { markerPattern } from '../redaction/markers.js';

const entities: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Characters shown as `\uXXXX`: text from the server under test is untrusted, and a bidi override
 * or isolate (U+202A-202E, U+2066-2069, U+061C, U+200E/F) would reorder what the page shows, a
 * control character or a zero-width one (U+200B, U+FEFF) would hide part of it. Newline and tab
 * stay; ZWJ/ZWNJ stay, since emoji and many scripts need them.
 */
const hidden = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
const special = new RegExp(`[&<>"']|${hidden.source}`, 'g');

function codeOf(char: string): string {
  return char.charCodeAt(0).toString(16).padStart(4, '0');
}

/**
 * Text for an element's content: `& < > " '` escaped, CRLF read as a newline, and each character
 * that could hide or reorder text shown as a visible `\uXXXX` (marked up so it stands out).
 *
 * @example html('<b>\u202e') // '&lt;b&gt;<span class="ctl" title="U+202E">\\u202e</span>'
 */
export function html(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(special, (char) => entities[char] ?? `<span class="ctl" title="U+${codeOf(char).toUpperCase()}">\\u${codeOf(char)}</span>`);
}

/** Text for an attribute value (between double quotes): escaped like {@link html}, with no markup. */
export function attr(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(special, (char) => entities[char] ?? `\\u${codeOf(char)}`);
}

/**
 * {@link html}, with each secret's marker (`$TOKEN_A`) set off and its meaning as a tooltip, so a
 * reader sees at once that the value was redacted, not sent as such. Markers hold only
 * `$`, letters, digits and `_`, which escaping leaves alone, so they are found after it.
 */
export function htmlWithMarkers(text: string, meanings: ReadonlyMap<string, string>): string {
  return html(text).replace(markerPattern, (marker) => {
    const meaning = meanings.get(marker);
    return `<span class="marker"${meaning === undefined ? '' : ` title="${attr(meaning)}"`}>${marker}</span>`;
  });
}

/**
 * A JSON text re-indented by two spaces, or undefined when it is not JSON. It re-indents the
 * tokens as written rather than printing a parse: `JSON.stringify(JSON.parse(...))` would round
 * large numbers, rewrite escapes and drop duplicate keys, and the evidence must show what the
 * server sent.
 */
export function prettyJson(text: string): string | undefined {
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  let out = '';
  let depth = 0;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '"') {
      // A string token, copied whole: skip to its closing quote, past escaped ones.
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end;
    } else if (char === '{' || char === '[') {
      let next = i + 1;
      while (/\s/.test(text[next] ?? '')) next += 1;
      if (text[next] === (char === '{' ? '}' : ']')) {
        out += char + text[next]!;
        i = next;
      } else {
        depth += 1;
        out += char + newline();
      }
    } else if (char === '}' || char === ']') {
      depth -= 1;
      out += newline() + char;
    } else if (char === ',') {
      out += `,${newline()}`;
    } else if (char === ':') {
      out += ': ';
    } else if (!/\s/.test(char)) {
      out += char;
    }
  }
  return out;
}
