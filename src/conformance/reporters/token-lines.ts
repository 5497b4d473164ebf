import { markersIn } from '../redaction/markers.js';
import type { RunReport } from '../types.js';

/**
 * The lines that set the variables a curl line uses, one per variable in the order the line uses
 * them: the actor's one-liner (a login, or `parley conformance token`), else a shell comment
 * saying what the variable stands for (a token a check obtained, a value the server returned),
 * since no command can fetch it again. A variable the report says nothing of (a report built by
 * hand) gets no line.
 *
 * @example
 * tokenLines(`curl ... -H "authorization: Bearer $TOKEN_A" ...`, report)
 * // ['export TOKEN_A="$(curl -s ... | sed -nE ...)"']
 */
export function tokenLines(curl: string, report: Pick<RunReport, 'actors' | 'redactions'>): string[] {
  return markersIn(curl).flatMap((variable) => {
    const line = report.actors?.map((actor) => actor.obtain[variable]).find((obtain) => obtain !== undefined);
    if (line !== undefined) return [line];
    const meaning = report.redactions?.find((redaction) => redaction.marker === `$${variable}`)?.meaning;
    return meaning === undefined ? [] : [`# ${variable}: ${meaning}`];
  });
}
