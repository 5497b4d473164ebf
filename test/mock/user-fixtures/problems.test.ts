import { describe, expect, it } from 'vitest';
import { checkFixtures, fixturesFromText, loadFixtures, FixturesError } from '../../../src/mock-server/user-fixtures/index.js';

const NOW = Date.UTC(2026, 2, 10, 12, 0);

/** A valid file; each row below breaks it in one way. */
function base() {
  return {
    users: [{ username: 'alice' }, { username: 'bob' }, { username: 'carol' }, { username: 'dave' }, { username: 'erin' }] as Record<string, unknown>[],
    workspaces: [{ name: 'Acme', owner: 'alice', members: ['bob', 'carol'], guests: ['dave'] }] as Record<string, unknown>[],
    channels: [{ name: 'design', visibility: 'private', members: ['carol'] }] as Record<string, unknown>[],
    dms: [{ between: ['alice', 'bob'] }] as Record<string, unknown>[],
    messages: [
      { channel: 'general', from: 'alice', text: 'hi', ref: 'hi' },
      { channel: 'general', from: 'bob', text: 'hello', replyTo: 'hi', reactions: { '👍': ['carol'] } },
      { channel: 'design', from: 'carol', text: 'sketch', ref: 'sketch' },
      { dm: ['bob', 'alice'], from: 'bob', text: 'psst' },
    ] as Record<string, unknown>[],
  } as Record<string, unknown> & ReturnType<typeof shape>;
}
function shape() {
  return { users: [] as Record<string, unknown>[], workspaces: [] as Record<string, unknown>[], channels: [] as Record<string, unknown>[], dms: [] as Record<string, unknown>[], messages: [] as Record<string, unknown>[] };
}

type Doc = ReturnType<typeof base>;
const problemsOf = (doc: unknown): string[] => {
  const checked = checkFixtures(doc, NOW);
  return checked.ok ? [] : checked.problems.map((problem) => `${problem.path}: ${problem.message}`);
};

it('the base file of the table has no problem', () => {
  expect(problemsOf(base())).toEqual([]);
});

/** [what is wrong, how the file is broken, every problem expected]. */
const shapeRows: [string, (doc: Doc) => unknown, string[]][] = [
  ['not an object', () => [], [': expected an object, but got a list']],
  ['users missing', (doc) => ({ ...doc, users: undefined }), ['users: required']],
  ['an unknown top-level field', (doc) => ({ ...doc, channel: [] }), ['channel: unknown field (see docs/fixtures-format.md for the fields there are)']],
  ['a misspelt field', (doc) => { doc.messages[0] = { channel: 'general', form: 'alice', text: 'hi', ref: 'hi' }; return doc; }, [
    'messages[0].from: required',
    'messages[0].form: unknown field (see docs/fixtures-format.md for the fields there are)',
  ]],
  ['two unknown fields in one item', (doc) => { doc.users[4] = { username: 'erin', nmae: 'Erin', emial: 'erin@example.test' }; return doc; }, [
    'users[4].nmae: unknown field (see docs/fixtures-format.md for the fields there are)',
    'users[4].emial: unknown field (see docs/fixtures-format.md for the fields there are)',
  ]],
  ['a list where an item belongs', (doc) => { (doc.users as unknown[])[4] = []; return doc; }, ['users[4]: expected an object, but got a list']],
  ['a username against the rule', (doc) => { doc.users.push({ username: 'e' }); return doc; }, ['users[5].username: must be 2 to 32 letters, digits, dots, dashes or underscores, starting with a letter or digit']],
  ['a wrong type', (doc) => { doc.users[1] = { username: 'bob', emailVerified: 'yes' }; return doc; }, ['users[1].emailVerified: expected true or false, but got the text "yes"']],
  ['a short password', (doc) => { doc.users[1] = { username: 'bob', password: 'short' }; return doc; }, ['users[1].password: must have at least 8 characters']],
  ['an unknown visibility', (doc) => { doc.channels[0]!.visibility = 'secret'; return doc; }, ['channels[0].visibility: must be "public" or "private", but got the text "secret"']],
  ['a DM of three', (doc) => { doc.dms[0] = { between: ['alice', 'bob', 'carol'] }; return doc; }, ['dms[0].between: must have exactly 2 items']],
  ['an empty text', (doc) => { doc.messages[0]!.text = ''; return doc; }, ['messages[0].text: must not be empty']],
  ['a time in no known form', (doc) => { doc.messages[0]!.at = 'yesterday'; return doc; }, [
    'messages[0].at: must be an ISO 8601 time with a zone (2026-01-05T09:30:00Z) or relative to load time (-2d, -3h, -1d4h30m, -90s, now)',
  ]],
  ['another version', (doc) => ({ ...doc, version: 2 }), ['version: must be 1, but got number 2']],
  ['an empty emoji', (doc) => { doc.messages[1]!.reactions = { '': ['carol'] }; return doc; }, ['messages[1].reactions[""]: must not be empty']],
  ['a reaction that is no list', (doc) => { doc.messages[1]!.reactions = { '👍': 'carol' }; return doc; }, ['messages[1].reactions["👍"]: expected a list, but got the text "carol"']],
];

const referenceRows: [string, (doc: Doc) => unknown, string[]][] = [
  ['a username twice (in any case)', (doc) => { doc.users.push({ username: 'Alice' }); return doc; }, ['users[5].username: "Alice" is listed twice in users', 'users[5].username: the email alice@example.test is also the email of users[0]']],
  ['an email twice', (doc) => { doc.users[1] = { username: 'bob', email: 'Alice@example.test' }; return doc; }, ['users[1].email: the email alice@example.test is also the email of users[0]']],
  ['an unknown workspace member', (doc) => { doc.workspaces[0]!.members = ['bob', 'carol', 'zed']; return doc; }, ['workspaces[0].members[2]: no user "zed" in users']],
  ['a member listed twice in a workspace', (doc) => { doc.workspaces[0]!.admins = ['bob']; return doc; }, ['workspaces[0].members[0]: "bob" is already in this workspace (workspaces[0].admins[0])']],
  ['a workspace name twice', (doc) => { doc.workspaces.push({ name: 'acme', owner: 'erin' }); doc.channels[0]!.workspace = 'Acme'; return doc; }, ['workspaces[1].name: "acme" is already the name of workspaces[0]']],
  ['a slug twice', (doc) => {
    doc.workspaces[0]!.slug = 'acme';
    doc.workspaces.push({ name: 'Acme Two', slug: 'acme', owner: 'erin' });
    doc.channels[0]!.workspace = 'Acme';
    for (const message of doc.messages.slice(0, 2)) message.workspace = 'Acme';
    return doc;
  }, ['workspaces[1].slug: "acme" is already the slug of workspaces[0]']],
  ['an unknown workspace', (doc) => { doc.channels[0]!.workspace = 'Acm'; return doc; }, ['channels[0].workspace: no workspace "Acm" in workspaces', 'messages[2].channel: no channel "design" in channels']],
  ['a channel of two workspaces that names none', (doc) => { doc.workspaces.push({ name: 'Side', owner: 'erin' }); return doc; }, [
    'channels[0].workspace: required: the file has more than one workspace: "Acme" and "Side"',
    'messages[0].workspace: required: there is a channel "general" in "Acme" and "Side"',
    'messages[1].workspace: required: there is a channel "general" in "Acme" and "Side"',
    'messages[2].channel: no channel "design" in channels',
  ]],
  ['a channel with no workspace to go in', (doc) => ({ users: doc.users, channels: doc.channels }), ['channels[0]: a channel needs a workspace, and workspaces is empty']],
  ['a channel name twice (in any case)', (doc) => { doc.channels.push({ name: 'Design' }); return doc; }, ['channels[1].name: workspace "Acme" already has a channel "design" (channels[0])']],
  ['a private general', (doc) => { doc.channels.push({ name: 'general', visibility: 'private' }); return doc; }, ['channels[1].visibility: general is the public default channel every workspace has; it cannot be private']],
  ['a channel member outside the workspace', (doc) => { doc.channels[0]!.members = ['carol', 'erin']; return doc; }, ['channels[0].members[1]: "erin" is not a member of workspace "Acme"']],
  ['a guest creating a channel', (doc) => { doc.channels[0]!.createdBy = 'dave'; return doc; }, ['channels[0].createdBy: "dave" is a guest of workspace "Acme", and guests cannot create channels']],
  ['a DM member outside the workspace', (doc) => { doc.dms.push({ between: ['alice', 'erin'], workspace: 'Acme' }); return doc; }, ['dms[1].between[1]: "erin" is not a member of workspace "Acme"']],
  ['a DM between users who share no workspace', (doc) => { doc.dms.push({ between: ['alice', 'erin'] }); return doc; }, ['dms[1]: "alice" and "erin" share no workspace']],
  ['a DM twice', (doc) => { doc.dms.push({ between: ['bob', 'alice'] }); return doc; }, ['dms[1]: the DM between bob and alice is already dms[0]']],
  ['a message sent nowhere', (doc) => { delete doc.messages[0]!.channel; return doc; }, ['messages[0]: say where it is sent: give channel (a name) or dm (two usernames)']],
  ['a message sent to a channel and a DM', (doc) => { doc.messages[3]!.channel = 'general'; return doc; }, ['messages[3]: give channel or dm, not both']],
  ['an unknown channel', (doc) => { doc.messages[0]!.channel = '#general'; return doc; }, ['messages[0].channel: no channel "#general" in channels (write the name without #)']],
  ['a DM the file does not declare', (doc) => { doc.messages[3] = { dm: ['alice', 'carol'], from: 'alice', text: 'hey' }; return doc; }, ['messages[3].dm: no DM between alice and carol in dms']],
  ['a sender who is no user', (doc) => { doc.messages[3]!.from = 'bobby'; return doc; }, ['messages[3].from: no user "bobby" in users']],
  ['a sender who is not in the conversation', (doc) => { doc.messages[2]!.from = 'bob'; return doc; }, ['messages[2].from: "bob" is not a member of #design']],
  ['a guest writing in a channel that does not list them', (doc) => { doc.messages[0]!.from = 'dave'; return doc; }, ['messages[0].from: "dave" is not a member of #general']],
  ['a reply to an unknown ref', (doc) => { doc.messages[1]!.replyTo = 'hii'; return doc; }, ['messages[1].replyTo: no message has the ref "hii"']],
  ['a reply to a later message', (doc) => { doc.messages[0]!.replyTo = 'sketch'; return doc; }, ['messages[0].replyTo: "sketch" is messages[2], which is this message or comes later; a reply comes after what it replies to']],
  ['a reply across conversations', (doc) => { doc.messages[3]!.replyTo = 'hi'; return doc; }, ['messages[3].replyTo: "hi" is messages[0] in #general, not in the DM between alice and bob; a reply stays in its conversation']],
  ['a ref twice', (doc) => { doc.messages[2]!.ref = 'hi'; return doc; }, ['messages[2].ref: "hi" is already the ref of messages[0]']],
  ['a reaction by no user', (doc) => { doc.messages[1]!.reactions = { '👍': ['carol', 'zed'] }; return doc; }, ['messages[1].reactions["👍"][1]: no user "zed" in users']],
  ['a reaction by a non-member', (doc) => { doc.messages[2]!.reactions = { '🎉': ['bob'] }; return doc; }, ['messages[2].reactions["🎉"][0]: "bob" is not a member of #design']],
  ['a time that does not exist', (doc) => { doc.messages[0]!.at = '2026-02-30T10:00:00Z'; return doc; }, ['messages[0].at: "2026-02-30T10:00:00Z" is not a real time']],
  ['times going backwards in a conversation', (doc) => { doc.messages[0]!.at = '-1h'; doc.messages[1]!.at = '-2h'; return doc; }, [
    'messages[1].at: 2026-03-10T10:00:00.000Z is earlier than messages[0] (2026-03-10T11:00:00.000Z) in #general; the messages of a conversation go in time order',
  ]],
];

describe('every kind of problem is reported with its JSON path', () => {
  describe('shape (the format)', () => {
    it.each(shapeRows)('%s', (_name, breakIt, expected) => {
      expect(problemsOf(breakIt(base()))).toEqual(expected);
    });
  });
  describe('references (what JSON Schema cannot say)', () => {
    it.each(referenceRows)('%s', (_name, breakIt, expected) => {
      expect(problemsOf(breakIt(base()))).toEqual(expected);
    });
  });
});

describe('one error for all of them', () => {
  it('problems of shape and of references come together; what a wrong item names is no second problem', () => {
    const doc = base();
    // alice's entry is wrong (a short password): the many references to alice are not reported again.
    doc.users[0] = { username: 'alice', password: 'short' };
    doc.channels[0]!.visibility = 'hidden';
    doc.messages[2]!.replyTo = 'nothing';
    doc.messages[3]!.from = 'bobby';
    expect(problemsOf(doc)).toEqual([
      'users[0].password: must have at least 8 characters',
      'channels[0].visibility: must be "public" or "private", but got the text "hidden"',
      'messages[2].replyTo: no message has the ref "nothing"',
      'messages[3].from: no user "bobby" in users',
    ]);
  });

  it('loadFixtures throws one FixturesError (BAD_USER_INPUT) listing every problem, one per line', async () => {
    const doc = base();
    doc.messages[0]!.from = 'bobby';
    doc.messages[2]!.from = 'bob';
    doc.dms.push({ between: ['alice', 'erin'], workspace: 'Acme' });
    const error = await loadFixtures(doc).then(() => null, (thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(FixturesError);
    expect((error as FixturesError).code).toBe('BAD_USER_INPUT');
    expect((error as FixturesError).message).toBe(
      'the fixtures have 3 problems:\n' +
        '  dms[1].between[1]: "erin" is not a member of workspace "Acme"\n' +
        '  messages[0].from: no user "bobby" in users\n' +
        '  messages[2].from: "bob" is not a member of #design',
    );
  });

  it('fixturesFromText answers problems instead of throwing, JSON syntax included', async () => {
    const syntax = await fixturesFromText('{ "users": [ }');
    expect(syntax.ok).toBe(false);
    expect(!syntax.ok && syntax.problems[0]!.message).toMatch(/^not JSON: /);
    const bad = await fixturesFromText(JSON.stringify({ users: [{ username: 'alice' }, { username: 'alice' }] }));
    expect(bad).toEqual({ ok: false, problems: [{ path: 'users[1].username', message: '"alice" is listed twice in users' }, { path: 'users[1].username', message: 'the email alice@example.test is also the email of users[0]' }] });
    const good = await fixturesFromText(JSON.stringify(base()));
    expect(good.ok && good.state.tables.messages.size).toBe(4);
  });

  it('a rule only the domain checks still names the item: a text of blanks', async () => {
    const doc = base();
    doc.messages[3]!.text = '   ';
    const result = await fixturesFromText(JSON.stringify(doc));
    expect(result).toEqual({ ok: false, problems: [{ path: 'messages[3]', message: 'input.content must not be empty unless the message carries files' }] });
  });
});
