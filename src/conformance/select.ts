import { catalogue } from './catalogue.js';
import type { Check } from './check.js';

function matcher(patterns: readonly string[]): (id: string) => string | undefined {
  const compiled = patterns.map((pattern) => ({ pattern, regex: new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`) }));
  return (id) => compiled.find(({ regex }) => regex.test(id))?.pattern;
}

/** The checks to run, in catalogue order, after `only` and `skip`. */
export function selectChecks(only: readonly string[] | undefined, skip: readonly string[] | undefined): Check[] {
  return [...selectRun({ only, skip, realtime: true }).run];
}

export interface SelectionOptions {
  readonly only?: readonly string[] | undefined;
  readonly skip?: readonly string[] | undefined;
  /** False with `--no-realtime`: section 6's WebSocket checks are left out. @default true */
  readonly realtime?: boolean;
}

/** A run's checks, and the ones the user's options leave out, each with the option that did. */
export interface Selection {
  readonly run: readonly Check[];
  readonly left: readonly { readonly check: Check; readonly reason: string }[];
  /** Checks run only because a selected check depends on them (the realtime probe), with why. */
  readonly added: readonly { readonly check: Check; readonly reason: string }[];
}

const usesWebSocket = (check: Check) => check.provides === 'realtime' || (check.needs?.includes('realtime') ?? false);

/**
 * Which checks a run runs and which the user left out, in catalogue order. The realtime probe
 * (`events.websocket`) runs whenever a check that needs its connection does, even if `--only` or
 * `--skip` left it out: without it those checks could not run at all.
 */
export function selectRun(options: SelectionOptions): Selection {
  const only = options.only?.length ? matcher(options.only) : undefined;
  const skip = options.skip?.length ? matcher(options.skip) : undefined;
  const run: Check[] = [];
  const left: { check: Check; reason: string }[] = [];
  for (const check of catalogue) {
    const skippedBy = skip?.(check.id);
    if (options.realtime === false && usesWebSocket(check)) left.push({ check, reason: '--no-realtime leaves out the checks that need a WebSocket' });
    else if (only && !only(check.id)) left.push({ check, reason: `not selected by --only ${options.only!.join(',')}` });
    else if (skippedBy !== undefined) left.push({ check, reason: `left out by --skip ${skippedBy}` });
    else run.push(check);
  }
  const added: { check: Check; reason: string }[] = [];
  if (run.some((check) => check.needs?.includes('realtime'))) {
    for (const entry of left.filter(({ check }) => check.provides === 'realtime')) {
      added.push({ check: entry.check, reason: `${entry.check.id} runs although ${entry.reason.replace(/^not selected/, 'it was not selected')}: the realtime checks need the connection it finds` });
    }
  }
  const addedIds = new Set(added.map(({ check }) => check.id));
  return {
    run: catalogue.filter((check) => run.includes(check) || addedIds.has(check.id)),
    left: left.filter(({ check }) => !addedIds.has(check.id)),
    added,
  };
}
