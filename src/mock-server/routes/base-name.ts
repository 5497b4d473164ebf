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
