/**
 * What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection"): `=`, `+`, `-`, `@`,
 * and a tab or a carriage return, which some spreadsheets skip before reading one of those.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet shows as text: one that starts like a formula gets a leading `'` (OWASP's
 * advice), so a member named `=HYPERLINK(...)` runs nothing on the admin who opens the export.
 * Any other cell is returned as is. The quote is visible to a program that reads the file; that is
 * the price of a file that is safe to double-click.
 *
 * @example neutraliseFormula('=1+1') // "'=1+1"
 */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}
