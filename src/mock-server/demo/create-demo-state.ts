import type { Faker } from '@faker-js/faker';
import { chatText, type ChatMood } from './chat-texts.js';
import { systemClock, type Clock } from '../state/clock.js';
import { flatString, randomIds } from '../state/ids.js';
import { importModule } from '../state/lazy.js';
import { MockState, type MockStateOptions } from '../state/mock-state.js';
import { addDemoAccounts, addDemoOrganisation, addFreshInvitations } from './people.js';
import { addDemoFileLibrary, DemoFiles } from './file-library.js';
import { DEMO_PASSWORD_HASH, DEMO_USERS } from './logins.js';
import { addDemoNotifications } from './notifications.js';
import type { UserRecord } from '../state/accounts/records.js';
import type { ConversationRecord } from '../state/conversations/records.js';
import type { MessageRecord } from '../state/messages/records.js';

export interface DemoDataOptions {
  /** Seeds faker: the same seed gives the same users, ids, texts and times. @default 1 */
  readonly seed?: number;
  /** How many generated members join besides the named four. @default 20 */
  readonly extraMembers?: number;
  /** How many messages `#general` holds. @default 250 */
  readonly generalMessages?: number;
}

/** Demo data starts here; each message advances the clock by 1 to 30 minutes. */
const DEMO_EPOCH = Date.UTC(2026, 0, 5, 8, 30);
const EMOJIS = ['👍', '🎉', '❤️', '😂', '👀', '🚀', ':+1:', ':white_check_mark:'];

/**
 * Builds a state holding the demo workspace "Acme", deterministically from `seed`.
 *
 * What "deterministic" means: ids, names, texts, reactions, replies and timestamps are the same
 * for the same seed and options. Access tokens are random per login; the demo password's hash is
 * a constant ({@link DEMO_PASSWORD_HASH}). Records created after loading get random ids and the
 * real time, like any backend, unless `ids`, `secrets` and `clock` say otherwise (tests that
 * compare two servers build them equal that way).
 */
export async function createDemoState(options: DemoDataOptions & Pick<MockStateOptions, 'tokenLifetimes' | 'ids' | 'secrets' | 'requireVerification' | 'fileQuotaBytes' | 'maxUnusedUploadBytes' | 'maxMessageLength' | 'passwords'> & { clock?: Clock } = {}): Promise<MockState> {
  // `locale/en` loads one locale where the package root loads all of them (docs/benchmarks.md, "Start-up").
  const { faker } = await importModule('@faker-js/faker/locale/en', () => import('@faker-js/faker/locale/en'));
  const password = DEMO_PASSWORD_HASH;
  // From here on everything runs synchronously, so seeding the shared instance cannot interleave
  // with another demo state being built in the same process.
  faker.seed(options.seed ?? 1);
  const runtimeClock = options.clock ?? systemClock;
  const runtimeIds = options.ids ?? randomIds;
  let loading = true;
  let fixtureTime = DEMO_EPOCH;
  /** How far the runtime clock is moved back while demo records that must be fresh are made. */
  let backdated = 0;
  const state = new MockState({
    clock: { now: () => (loading ? fixtureTime : runtimeClock.now() - backdated), setTimer: (at, fire) => runtimeClock.setTimer(at, fire) },
    ids: () => (loading ? flatString(faker.string.uuid()) : runtimeIds()),
    secrets: options.secrets,
    requireVerification: options.requireVerification,
    fileQuotaBytes: options.fileQuotaBytes,
    maxUnusedUploadBytes: options.maxUnusedUploadBytes,
    maxMessageLength: options.maxMessageLength,
    tokenLifetimes: options.tokenLifetimes,
    passwords: options.passwords,
  });
  // The history's notifications would be months old: notifications.ts makes fresh ones.
  state.notifications.pause();
  const tick = () => {
    fixtureTime += faker.number.int({ min: 1, max: 30 }) * 60_000;
  };

  const named = DEMO_USERS.map((user) =>
    state.users.insert({ username: user.username, displayName: user.displayName, email: `${user.username}@acme.test` }, password),
  );
  const [alice, bob, carol, dave] = named as [UserRecord, UserRecord, UserRecord, UserRecord];
  for (const user of named) state.users.arrange(user.id, { emailVerifiedAt: fixtureTime });
  const extras: UserRecord[] = [];
  const taken = new Set<string>(DEMO_USERS.map((user) => user.username));
  while (extras.length < (options.extraMembers ?? 20)) {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const username = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z0-9.]/g, '');
    if (taken.has(username) || username.length < 2 || username.length > 32) continue;
    taken.add(username);
    const extra = state.users.insert({ username, displayName: `${firstName} ${lastName}`, email: `${username}@acme.test` }, password);
    state.users.arrange(extra.id, { emailVerifiedAt: fixtureTime });
    extras.push(extra);
  }

  const people = addDemoAccounts(state, password);
  const acme = state.workspaces.create({ name: 'Acme', slug: 'acme', purposes: ['ENGINEERING', 'DESIGN'], teamSize: 'TEAM_11_50' }, alice.id);
  DEMO_USERS.slice(1).forEach((user, index) => state.workspaces.addMember(acme.id, named[index + 1]!.id, user.role));
  for (const user of extras) state.workspaces.addMember(acme.id, user.id, 'MEMBER');

  addDemoOrganisation(state, acme.id, alice.id, [...named, ...extras], {
    jobTitle: () => faker.person.jobTitle(),
    chance: (probability) => faker.datatype.boolean(probability),
    pick: (items) => faker.helpers.arrayElement(items),
  });

  const general = [...state.conversations.ofMember(alice.id, acme.id)].find((c) => c.isDefault)!;
  state.conversations.arrangeDescription(general, 'Company-wide announcements and work-based matters');
  // dave is a guest: guests join no channel by themselves, so an admin added him to #general.
  state.conversations.addMemberDirectly(general, dave.id);
  const everyone = [alice, bob, carol, dave, ...extras];
  const regulars = everyone.filter((user) => user !== dave);
  const random = state.conversations.createChannel(
    { workspaceId: acme.id, title: 'random', visibility: 'PUBLIC', description: 'Non-work banter and water cooler conversation', memberIds: regulars.map((u) => u.id) },
    bob.id,
  );
  const design = state.conversations.createChannel(
    { workspaceId: acme.id, title: 'design', visibility: 'PRIVATE', description: 'Design reviews', memberIds: [carol.id] },
    alice.id,
  );
  const dm = state.conversations.createDirect(acme.id, bob.id, alice.id);

  const files = new DemoFiles();
  const writer = new ConversationWriter(state, faker, tick, files);
  writer.fill(general, everyone, options.generalMessages ?? 250, { mood: 'work', attachments: 4, deletions: 5 });
  writer.fill(random, regulars, 40, { mood: 'banter', attachments: 1, deletions: 1 });
  writer.fill(design, [alice, carol], 20, { mood: 'design', attachments: 1, deletions: 0 });
  writer.fill(dm, [alice, bob], 12, { mood: 'direct', attachments: 0, deletions: 0 });
  addDemoFileLibrary(state, { workspaceId: acme.id, alice, bob, carol, designId: design.id }, files, tick);

  loading = false;
  state.notifications.resume();
  const backdate = (ms: number, make: () => void): void => {
    backdated = ms;
    try {
      make();
    } finally {
      backdated = 0;
    }
  };
  addFreshInvitations(state, people, { workspaceId: acme.id, ownerId: alice.id, designId: design.id }, backdate);
  addDemoNotifications(state, { workspaceId: acme.id, alice, bob, carol, random, design, dm, password }, backdate);
  return state;
}

/** What the demo's attachments are called (each gets a number and its format's extension). */
const ATTACHMENT_NAMES = ['release-checklist', 'onboarding-flow', 'invoice-export', 'load-test-results', 'pricing-page', 'customer-survey', 'budget-sheet', 'migration-plan', 'security-review', 'team-offsite'];

/** Writes plausible conversation history through the domain services, so every rule holds. */
class ConversationWriter {
  private uploads = 0;

  constructor(
    private readonly state: MockState,
    private readonly faker: Faker,
    private readonly tick: () => void,
    private readonly files: DemoFiles,
  ) {}

  fill(conversation: ConversationRecord, senders: readonly UserRecord[], count: number, extras: { mood: ChatMood; attachments: number; deletions: number }): void {
    const { faker, state } = this;
    const sent: MessageRecord[] = [];
    const withAttachment = new Set(faker.helpers.arrayElements([...Array(count).keys()], extras.attachments));
    for (let index = 0; index < count; index++) {
      this.tick();
      const sender = faker.helpers.arrayElement(senders);
      const earlier = sent.filter((m) => m.deletedAt === null).slice(-20);
      const replyTo = earlier.length > 0 && faker.datatype.boolean(0.15) ? faker.helpers.arrayElement(earlier) : null;
      const message = state.messages.send(
        {
          conversationId: conversation.id,
          clientMessageId: faker.string.uuid(),
          content: chatText(faker, extras.mood),
          replyToMessageId: replyTo?.id ?? null,
          attachments: withAttachment.has(index) ? [this.attachment(sender)] : null,
        },
        sender.id,
      );
      sent.push(message);
      if (faker.datatype.boolean(0.2)) this.react(message, senders);
    }
    // Delete a few, and always one that has a reply, so `replyTo` of a deleted message is on show.
    const repliedTo = new Set(sent.map((m) => m.replyToMessageId));
    const replied = sent.find((m) => repliedTo.has(m.id));
    const victims = new Set(faker.helpers.arrayElements(sent, extras.deletions));
    if (replied && extras.deletions > 0) victims.add(replied);
    for (const message of victims) state.messages.delete(message.id, message.senderId);
  }

  private react(message: MessageRecord, members: readonly UserRecord[]): void {
    for (const emoji of this.faker.helpers.arrayElements(EMOJIS, { min: 1, max: 3 })) {
      for (const user of this.faker.helpers.arrayElements(members, { min: 1, max: 4 })) {
        this.state.messages.addReaction(message.id, emoji, user.id);
      }
    }
  }

  private attachment(sender: UserRecord) {
    // A PNG, a PDF and a text file in turn (file-library.ts), with real bytes.
    const text = [chatText(this.faker, 'work'), chatText(this.faker, 'work'), chatText(this.faker, 'work')].join(' ');
    const file = this.files.attachment(++this.uploads, this.faker.helpers.arrayElement(ATTACHMENT_NAMES), text);
    const upload = this.state.uploads.create({ contentType: file.contentType, scope: 'PRIVATE', fileName: file.fileName }, sender.id);
    this.state.uploads.put(upload.key, file.bytes);
    return { key: upload.key, fileName: file.fileName, contentType: file.contentType, size: file.bytes.byteLength };
  }
}
