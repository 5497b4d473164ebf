/**
 * What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection"): `=`, `+`, `-`, `@`,
 * and a tab or a carriage return, which some spreadsheets skip before reading one of those.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A separator inside a cell (`,` `;` tab, or a line break), then any spaces, tabs or CRs (which a
 * spreadsheet may skip), then `=`, `+`, `-` or `@`: a spreadsheet that splits lines on that
 * separator (`;` in the locales whose decimal mark is a comma, tab when it sniffs a tab-separated
 * file) starts a new cell there, and that cell is a formula. The quotes of RFC 4180 do not stop
 * it: a quote that does not open a field, as one after a `;` in a comma-separated line does not,
 * is read as a character. A `"` counts too (OWASP names quotes beside separators): after `;`, the
 * doubled `""` of `a;"=1` is an empty quoted field that the formula then follows.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n"])(?=[ \t\r]*[=+\-@])/g;

/**
 * A cell a spreadsheet shows as text (OWASP's advice: a leading `'`, and the cell in double
 * quotes): one that starts like a formula gets a leading `'`, so a member named
 * `=HYPERLINK(...)` runs nothing on the admin who opens the export; and inside a cell, a `'`
 * goes right after each separator that a formula character follows, so `Bob;=1+1` is written
 * `Bob;'=1+1`, which stays text in a spreadsheet that splits on `;`. Any other cell is returned as
 * is. Such a cell is also quoted ({@link NEUTRALISED}). The quote is visible to a program that
 * reads the file; that is the price of a file that is safe to double-click.
 *
 * @example neutraliseFormula('=1+1') // "'=1+1"
 * @example neutraliseFormula('Bob;=1+1') // "Bob;'=1+1"
 * @example neutraliseFormula('x, -1') // "x,' -1"
 */
export function neutraliseFormula(cell: string): string {
  const inside = cell.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_START.test(inside) ? `'${inside}` : inside;
}

/**
 * The cells {@link neutraliseFormula} changed, as written: a leading `'`, or a `'` after a
 * separator or a `"`. The CSV writer quotes them, as OWASP advises (a stored `'` in those places
 * is quoted too, which changes nothing a reader gets).
 */
export const NEUTRALISED = /^'|[,;\t\r\n"]'/;
