/**
 * The spec writes names and signatures as inline code (`` `name: Type` ``) in some places and
 * as plain text in others; parsers strip the backticks so both read the same.
 */

/** Removes one pair of surrounding backticks (and the spaces inside them), if present. */
export function stripCode(text: string): string {
  const trimmed = text.trim();
  return trimmed.startsWith('`') && trimmed.endsWith('`') && trimmed.length >= 2
    ? trimmed.slice(1, -1).trim()
    : trimmed;
}
