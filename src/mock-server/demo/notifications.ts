import type { PasswordHash, UserRecord } from '../state/accounts/records.js';
import type { ConversationRecord } from '../state/conversations/records.js';
import type { MockState } from '../state/mock-state.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Who and where the demo notifications happen. */
export interface NotificationScene {
  readonly workspaceId: string;
  readonly alice: UserRecord;
  readonly bob: UserRecord;
  readonly carol: UserRecord;
  readonly random: ConversationRecord;
  readonly design: ConversationRecord;
  /** The DM of alice and bob. */
  readonly dm: ConversationRecord;
  readonly password: PasswordHash;
}

/**
 * alice's notifications for the notification screens: the last week, made at start-up at the real
 * time (like the invitations), through the domain so every rule holds. The loaded history made
 * none (it is months old; see `Notifications.pause`). Fixed texts, so the content is the same on
 * every start; ids and times are those of the start.
 *
 * What alice gets, oldest first: nadia joined Acme (read), a mention in #random (read), bob's reply
 * in their DM (read), a mention in #design, carol's reply in #design, a mention in #random, bob's
 * reply in #random that also mentions her (one notification), and a mention of her and carol.
 * Nadia (nadia@acme.test) is a real account that joined Acme as a GUEST six days ago (a guest joins
 * no channel, so the seeded channels keep their members); bob, an admin, is told of her too. Her
 * account is made at start-up, so its id is random like every record made then. `backdate`
 * moves the state's clock back while a record is made.
 */
export function addDemoNotifications(state: MockState, scene: NotificationScene, backdate: (ms: number, make: () => void) => void): void {
  const { alice, bob, carol, random, design, dm } = scene;
  let sent = 0;
  const say = (ago: number, sender: UserRecord, conversation: ConversationRecord, content: string, replyTo?: string): string => {
    let id = '';
    backdate(ago, () => {
      id = state.messages.send({ conversationId: conversation.id, clientMessageId: `demo-notification-${++sent}`, content, replyToMessageId: replyTo ?? null }, sender.id).id;
    });
    return id;
  };
  /** alice reads her newest notification, `ago` before now. */
  const aliceReads = (ago: number): void => {
    const newest = state.notificationInbox.page(alice.id, null, 1).nodes[0]!.id;
    backdate(ago, () => state.notificationInbox.markRead(newest, alice.id));
  };

  backdate(6 * DAY + 3 * HOUR, () => {
    const nadia = state.users.insert({ username: 'nadia', displayName: 'Nadia Rahman', email: 'nadia@acme.test' }, scene.password);
    state.users.arrange(nadia.id, { emailVerifiedAt: state.clock.now() });
    state.workspaces.addMember(scene.workspaceId, nadia.id, 'GUEST');
    state.notifications.workspaceJoined(state.workspaces.find(scene.workspaceId)!, nadia.id);
  });
  aliceReads(6 * DAY + 2 * HOUR);

  say(5 * DAY + 2 * HOUR, bob, random, '@alice could you review the Q3 roadmap draft before Thursday?');
  aliceReads(5 * DAY + HOUR);

  const hiring = say(4 * DAY + 6 * HOUR, alice, dm, 'Can you send me the latest hiring numbers when you have a minute?');
  say(4 * DAY + 5 * HOUR, bob, dm, 'Here they are: two offers out, one accepted, three final interviews next week.', hiring);
  aliceReads(4 * DAY + 4 * HOUR);

  say(3 * DAY + HOUR, carol, design, '@alice the new onboarding mockups are ready for your review.');

  const icons = say(2 * DAY + 4 * HOUR, alice, design, 'I pushed the new icon set to the shared folder.');
  say(2 * DAY + 3 * HOUR, carol, design, "Looks great, I'll use them in the settings screen.", icons);

  say(DAY + 2 * HOUR, carol, random, 'Lunch and learn on Friday: @alice, are you presenting the launch plan?');

  const call = say(3 * HOUR, alice, random, 'Who is joining the offsite planning call this afternoon?');
  say(2 * HOUR, bob, random, "I'm in, @alice. I'll bring the budget sheet.", call);

  say(40 * MINUTE, bob, random, '@alice @carol the release checklist is green, shall we ship?');
}
