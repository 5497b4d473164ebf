import { expect } from 'vitest';
import type { RunningMockServer } from '../../../src/mock-server/mock-server.js';
import type { ManualClock } from '../../../src/mock-server/state/clock.js';
import { gql, ok } from '../../support/client.js';
import { createWorkspace, joinWorkspace, registerActor, type Actor } from '../../support/world.js';

/** What the file library tests share: one server on a manual clock, and people to fill workspaces with. */

export const ENTRY_FIELDS =
  'id kind fileName contentType size createdAt deletedAt uploaderId uploaderName conversationId conversationTitle conversationType folderId folderName isPinned allowDownload canManage visibility';

export const LIBRARY = `query($w: ID!, $i: FileLibraryInput) { fileLibrary(workspaceId: $w, input: $i) { items { ${ENTRY_FIELDS} } page pageSize totalCount } }`;
export const SUMMARY =
  'query($w: ID!) { fileLibrarySummary(workspaceId: $w) { documents { count bytes } images { count bytes } media { count bytes } totalCount trashedCount usedBytes quotaBytes } }';

export interface Entry {
  readonly id: string;
  readonly kind: 'ATTACHMENT' | 'STORED';
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
  readonly createdAt: string;
  readonly deletedAt: string | null;
  readonly uploaderId: string;
  readonly uploaderName: string;
  readonly conversationId: string | null;
  readonly conversationTitle: string | null;
  readonly conversationType: 'CHANNEL' | 'DIRECT' | null;
  readonly folderId: string | null;
  readonly folderName: string | null;
  readonly isPinned: boolean;
  readonly allowDownload: boolean;
  readonly canManage: boolean;
  readonly visibility: 'WORKSPACE' | 'CHANNEL' | null;
}

export interface Page {
  readonly items: Entry[];
  readonly page: number;
  readonly pageSize: number;
  readonly totalCount: number;
}

export interface People {
  /** Owner of every workspace the tests make. */
  readonly owner: Actor;
  readonly admin: Actor;
  readonly member: Actor;
  /** A second plain member, for what one member sees and another does not. */
  readonly other: Actor;
  readonly guest: Actor;
  /** In none of the tests' workspaces. */
  readonly outsider: Actor;
}

export async function registerPeople(url: string): Promise<People> {
  const [owner, admin, member, other, guest, outsider] = await Promise.all(
    ['owner', 'admin', 'member', 'other', 'guest', 'outsider'].map((name) => registerActor(url, name)),
  );
  return { owner: owner!, admin: admin!, member: member!, other: other!, guest: guest!, outsider: outsider! };
}

/** A new workspace of `people.owner` with the admin, both members and the guest in it. */
export async function newWorkspace(url: string, people: People): Promise<string> {
  const workspaceId = await createWorkspace(url, people.owner);
  await joinWorkspace(url, people.owner, workspaceId, people.admin, 'ADMIN');
  await joinWorkspace(url, people.owner, workspaceId, people.member, 'MEMBER');
  await joinWorkspace(url, people.owner, workspaceId, people.other, 'MEMBER');
  await joinWorkspace(url, people.owner, workspaceId, people.guest, 'GUEST');
  return workspaceId;
}

export function libraryOf(mock: RunningMockServer) {
  return async (actor: Actor, workspaceId: string, input: Record<string, unknown> = {}): Promise<Page> =>
    ok(await gql<{ fileLibrary: Page }>(mock.url, LIBRARY, { w: workspaceId, i: input }, actor.token)).fileLibrary;
}

/** File names of every entry `actor` gets for `input`, in order, after checking that totalCount counts them all. */
export function namesOf(mock: RunningMockServer) {
  const library = libraryOf(mock);
  return async (actor: Actor, workspaceId: string, input: Record<string, unknown> = {}): Promise<string[]> => {
    const page = await library(actor, workspaceId, { pageSize: 100, ...input });
    expect(page.totalCount).toBe(page.items.length);
    return page.items.map((entry) => entry.fileName);
  };
}

/** Moves the manual clock one second on, so that each file made next is strictly newer. */
export function ticker(clock: ManualClock): () => void {
  return () => clock.advance(1000);
}
