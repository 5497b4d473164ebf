import * as v from 'valibot';
import { fixtureChannel, fixtureDm, fixtureMessage, fixtureUser, fixtureWorkspace, type Fixtures } from './format.js';

/**
 * A file whose shape is wrong in places, with each item that is right kept (at its index) and
 * each one that is wrong replaced by null, so that references can still be checked and every
 * problem reported at once. What the wrong items would have named (a username, a workspace, a
 * channel, a ref) is remembered: a reference to it is no second problem.
 */
export interface Salvaged {
  readonly doc: { readonly [K in Section]: readonly (Fixtures[K][number] | null)[] };
  readonly broken: {
    readonly users: ReadonlySet<string>;
    readonly workspaces: ReadonlySet<string>;
    readonly channels: ReadonlySet<string>;
    readonly refs: ReadonlySet<string>;
    /** Whether some workspace or DM entry is broken: then "none fits" and "no DM" are no problems either. */
    readonly someWorkspace: boolean;
    readonly someDm: boolean;
  };
}

type Section = 'users' | 'workspaces' | 'channels' | 'dms' | 'messages';

const items = { users: fixtureUser, workspaces: fixtureWorkspace, channels: fixtureChannel, dms: fixtureDm, messages: fixtureMessage } as const;

/** The salvageable part of `input`, or null when even its frame (an object of lists) is wrong. */
export function salvage(input: unknown): Salvaged | null {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return null;
  const record = input as Record<string, unknown>;
  const sections = Object.keys(items) as Section[];
  if (!Array.isArray(record['users']) || sections.some((section) => record[section] !== undefined && !Array.isArray(record[section]))) return null;
  const broken = { users: new Set<string>(), workspaces: new Set<string>(), channels: new Set<string>(), refs: new Set<string>(), someWorkspace: false, someDm: false };
  const named = (value: unknown, field: string): string | null => {
    const name = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[field] : undefined;
    return typeof name === 'string' ? name.toLowerCase() : null;
  };
  const keep = <S extends Section>(section: S, onBroken: (item: unknown) => void): (Fixtures[S][number] | null)[] =>
    ((record[section] ?? []) as unknown[]).map((item) => {
      const parsed = v.safeParse(items[section], item);
      if (parsed.success) return parsed.output as Fixtures[S][number];
      onBroken(item);
      return null;
    });
  const doc = {
    users: keep('users', (item) => void broken.users.add(named(item, 'username') ?? '')),
    workspaces: keep('workspaces', (item) => {
      broken.someWorkspace = true;
      broken.workspaces.add(named(item, 'name') ?? '');
    }),
    channels: keep('channels', (item) => void broken.channels.add(named(item, 'name') ?? '')),
    dms: keep('dms', () => void (broken.someDm = true)),
    messages: keep('messages', (item) => void broken.refs.add(named(item, 'ref') ?? '')),
  };
  return { doc, broken };
}
