import { lazyModule } from '../lazy.js';
import type { AreaContext } from '../context.js';
import type { WorkspaceTables } from './tables.js';
import { NEUTRALISED, neutraliseFormula } from './csv-formula.js';
import { directoryManager } from './directory-access.js';
import type { DirectoryEntry, MemberDirectory } from './directory.js';

/**
 * The browser build of csv-stringify's sync API (the same code as its Node entry, without the
 * stream machinery, so the domain stays loadable in a browser page), on the first export.
 */
const loadStringify = lazyModule('csv-stringify/browser/esm/sync', async () => (await import('csv-stringify/browser/esm/sync')).stringify);

/**
 * The columns of `exportWorkspaceMembersCsv`, in order: the header row carries these names.
 * Channels are left out on purpose: a file travels further than a screen, and the titles of
 * private channels would travel with it.
 */
export const memberCsvColumns = [
  'userId',
  'username',
  'displayName',
  'email',
  'role',
  'department',
  'isDepartmentLead',
  'jobTitle',
  'joinedAt',
  'twoFactorEnabled',
  'twoFactorMethod',
] as const;

type Row = Record<(typeof memberCsvColumns)[number], string>;

/**
 * `exportWorkspaceMembersCsv`: every member once, in directory order, as RFC 4180 CSV: a header
 * row, CRLF after every row, a field quoted when it holds a comma, a quote (doubled inside) or a
 * line break. Values are written as stored, except that a cell that starts like a formula (`=`,
 * `+`, `-`, `@`, tab, CR) gets a leading `'`, and a `'` goes after a separator (`,` `;` tab, line
 * break) that such a character follows inside a cell, that cell then quoted
 * ({@link neutraliseFormula}): a spreadsheet would run it. Owners and admins only.
 */
export class MembersCsv {
  constructor(
    private readonly ctx: AreaContext<WorkspaceTables>,
    private readonly directory: MemberDirectory,
  ) {}

  async export(workspaceId: string, userId: string): Promise<string> {
    const stringify = await loadStringify();
    const reader = directoryManager(this.ctx.access, workspaceId, userId, 'export the members of a workspace');
    const rows = this.directory.everyone(reader).map((entry) => neutralised(row(entry)));
    return stringify(rows, {
      header: true,
      columns: memberCsvColumns.map((key) => ({ key })),
      record_delimiter: 'windows',
      // csv-stringify quotes the record delimiter (CRLF) but not a lone CR or LF; RFC 4180
      // readers need every line break inside a field quoted. A cell neutralised against formulas
      // is quoted too (OWASP's advice).
      quoted_match: [/[\r\n]/, NEUTRALISED],
    });
  }
}

function row(entry: DirectoryEntry): Row {
  return {
    userId: entry.user.id,
    username: entry.user.username,
    displayName: entry.user.displayName,
    email: entry.user.email,
    role: entry.member.role,
    department: entry.department?.name ?? '',
    isDepartmentLead: String(entry.isDepartmentLead),
    jobTitle: entry.member.jobTitle ?? '',
    joinedAt: new Date(entry.member.joinedAt).toISOString(),
    twoFactorEnabled: String(entry.twoFactor?.enabled ?? false),
    twoFactorMethod: entry.twoFactor?.method ?? '',
  };
}

/** Every cell of a row, safe to open in a spreadsheet. */
function neutralised(cells: Row): Row {
  return Object.fromEntries(Object.entries(cells).map(([column, cell]) => [column, neutraliseFormula(cell)])) as Row;
}
