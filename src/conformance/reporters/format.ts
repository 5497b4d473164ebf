/**
 * Small text helpers shared by the reporters: durations, truncation, terminal-safe text and a
 * tiny ANSI painter (no dependency).
 */

/** The styles the pretty reporter uses. */
export type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan';

/** Wraps text in a style; the identity when colour is off. */
export type Paint = (style: Style, text: string) => string;

// Each style closes with its own reset code, so styles nest (a red word inside a bold line).
const sgr: Record<Style, readonly [open: number, close: number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
};

/** A painter that emits ANSI SGR codes when `color` is true, and plain text otherwise. */
export function painter(color: boolean): Paint {
  if (!color) return (_style, text) => text;
  return (style, text) => `\u001b[${sgr[style][0]}m${text}\u001b[${sgr[style][1]}m`;
}

/** A painter that never colours: what file reporters (JUnit) use. */
export const plain: Paint = painter(false);

/**
 * `12 ms` under a second, `1.9 s` from there.
 *
 * @example formatDuration(1930) // '1.9 s'
 */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** `1,234`: thousands separated, whatever the machine's locale, so output is reproducible. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/**
 * Cuts `text` to at most `max` characters (never inside a surrogate pair) and says how much was
 * left out.
 *
 * @example truncate('abcdef', 3) // 'abc… (3 more characters)'
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  const rest = text.length - end;
  return `${text.slice(0, end)}… (${formatCount(rest)} more character${rest === 1 ? '' : 's'})`;
}

/**
 * Text from the server under test is untrusted: a body may hold escape sequences that would
 * recolour, move or hide lines in the user's terminal, or bidi overrides that reorder what is
 * shown. Shows every control character (except newline and tab) and bidi control as `\uXXXX`.
 */
export function printable(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Prefixes every line after the first with `indent`, so a multi-line value sits under its label. */
export function hangingIndent(text: string, indent: string): string {
  return text.replace(/\n/g, `\n${indent}`);
}
