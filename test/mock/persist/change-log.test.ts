import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../../../src/mock-server/runtime/create-runtime.js';
import { createDemoState } from '../../../src/mock-server/demo/create-demo-state.js';
import { loadStateFile, StateFileWriter, type PersistOptions } from '../../../src/mock-server/persist/state-file.js';
import type { MockState } from '../../../src/mock-server/state/mock-state.js';
import { exportSnapshot, restoreSnapshot } from '../../../src/mock-server/state/snapshot/index.js';

/**
 * The --persist log against the live state, in process: every kind of change the areas make in
 * place, written as row changes, replays to the same snapshot document, through compactions and
 * a state swap. (The writer's debounce is 0 and each step is flushed: no timers are waited for.)
 */

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'parley-log-')), 'state.json');
const documentOf = (state: MockState) => JSON.stringify(exportSnapshot(state));
const recovered = async (file: string) => documentOf((await loadStateFile(file, {}))!.state);

async function persisted(options: Omit<PersistOptions, 'file'> = {}) {
  const file = tempFile();
  const runtime = createRuntime(await createDemoState());
  const writer = new StateFileWriter(runtime, { file, debounceMs: 0, ...options });
  await writer.writeNow();
  return { file, runtime, writer };
}

const idOf = (state: MockState, email: string) => state.tables.usersByEmail.get(email)!;

/** One change of every kind the areas make in place (and some they make by set and delete), each followed by a flush. */
async function changeEverything(state: MockState, step: () => Promise<void>): Promise<void> {
  const alice = idOf(state, 'alice@acme.test');
  const bob = idOf(state, 'bob@acme.test');
  const [workspace] = state.workspaces.listForMember(alice);
  const general = state.conversations.channelsVisibleTo(workspace!.id, alice).find((channel) => channel.members.has(bob))!;
  const sent = state.messages.send({ conversationId: general.id, clientMessageId: 'log-1', content: 'hello @bob' }, alice);
  await step();
  state.messages.edit(sent.id, 'hello again @bob', alice);
  state.messages.addReaction(sent.id, 'tada', bob);
  await step();
  state.messages.removeReaction(sent.id, 'tada', bob);
  state.conversations.markAsRead(general.id, sent.sequence, bob);
  await step();
  // Nothing later rewrites alice's membership: this step alone must carry her read marker.
  const reply = state.messages.send({ conversationId: general.id, clientMessageId: 'log-2', content: 'hi' }, bob);
  await step();
  state.conversations.markAsRead(general.id, reply.sequence, alice);
  await step();
  state.conversationSettings.setMuted(general.id, true, bob);
  state.conversationSettings.setPinned(general.id, true, bob);
  await step();
  state.conversationSettings.update({ id: general.id, description: 'where everyone is' }, alice);
  const channel = state.conversations.createChannel({ workspaceId: workspace!.id, title: 'log-test', visibility: 'PUBLIC' }, alice);
  state.conversations.joinChannel(channel.id, bob);
  await step();
  state.workspaces.update({ id: workspace!.id, name: 'Acme, logged' }, alice);
  const department = state.departments.create(workspace!.id, { name: 'Logging', leadUserId: bob }, alice);
  state.departments.update(workspace!.id, department.department.id, { name: 'Logs', leadUserId: null }, alice);
  state.workspaces.changeRole(workspace!.id, bob, 'MEMBER', alice);
  await step();
  for (const notification of state.notificationInbox.page(bob, null, 50).nodes.slice(0, 2)) state.notificationInbox.markRead(notification.id, bob);
  state.notificationInbox.markAllRead(bob);
  state.notificationInbox.clearRead(bob);
  state.messages.delete(sent.id, alice);
  await step();
  const tokens = state.sessions.open(bob, true);
  state.sessions.refresh(tokens.refreshToken);
  await step();
  state.departments.delete(workspace!.id, department.department.id, alice);
  state.workspaces.removeMember(workspace!.id, idOf(state, 'carol@acme.test'), alice);
  await step();
}

describe('the --persist change log', () => {
  it('replays to the live state: every kind of change, flushed one step at a time', async () => {
    const { file, runtime, writer } = await persisted();
    await changeEverything(runtime.state, () => writer.flush());
    // As after kill -9: the writer is not closed.
    expect(await recovered(file)).toBe(documentOf(runtime.state));
    await writer.close();
  });

  it('replays to the live state through compactions under way and after a state swap', async () => {
    const { file, runtime, writer } = await persisted({ compactAfterBytes: 0 });
    const state = runtime.state;
    const alice = idOf(state, 'alice@acme.test');
    const general = state.conversations.channelsVisibleTo(state.workspaces.listForMember(alice)[0]!.id, alice)[0]!;
    let sent = 0;
    // Each step also appends about 160 kB, so the log outgrows the base (about 300 kB) every
    // other step: bases are written while the steps go on, and flushes land in them.
    await changeEverything(state, async () => {
      for (let n = 0; n < 4; n += 1) state.messages.send({ conversationId: general.id, clientMessageId: `big-${(sent += 1)}`, content: 'y'.repeat(39_000) }, alice);
      await writer.flush();
    });
    const compactions = writer.size.bases - 1;
    runtime.replaceState(restoreSnapshot(exportSnapshot(await createDemoState({ seed: 2 }))));
    await changeEverything(runtime.state, () => writer.flush());
    await writer.flush();
    expect(await recovered(file)).toBe(documentOf(runtime.state));
    await writer.close();
    expect(compactions).toBeGreaterThan(0);
  });

  it('keeps the file within about twice a fresh one, however many changes it has seen', async () => {
    const { file, runtime, writer } = await persisted({ compactAfterBytes: 0 });
    const state = runtime.state;
    const alice = idOf(state, 'alice@acme.test');
    const general = state.conversations.channelsVisibleTo(state.workspaces.listForMember(alice)[0]!.id, alice)[0]!;
    const sent = state.messages.send({ conversationId: general.id, clientMessageId: 'edit-me', content: 'draft' }, alice);
    for (let n = 0; n < 400; n += 1) {
      state.messages.edit(sent.id, `draft ${n} ${'x'.repeat(2_000)}`, alice);
      await writer.flush();
      const { baseBytes, logBytes } = writer.size;
      expect(statSync(file).size).toBe(baseBytes + logBytes);
    }
    await writer.close();
    const fresh = await persisted();
    fresh.runtime.replaceState(state);
    await fresh.writer.flush();
    const freshBytes = statSync(fresh.file).size;
    expect(statSync(file).size).toBeLessThanOrEqual(2 * freshBytes + 10_000);
    expect(await recovered(file)).toBe(documentOf(state));
    await fresh.writer.close();
  }, 30_000);
});
