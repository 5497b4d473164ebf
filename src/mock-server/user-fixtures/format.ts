import * as v from 'valibot';
import { conversationRules } from '../state/conversations/conversations.js';
import { messageRules } from '../state/messages/messages.js';
import { workspaceRules } from '../state/workspaces/workspaces.js';

/**
 * The fixtures format (docs/fixtures-format.md): what a frontend developer writes by hand to start
 * the mock with their own data. Everything refers to users by username, workspaces by name and
 * channels by name; the mock makes the ids. This valibot schema is the one source of truth: the
 * loader validates with it, the TypeScript types come from it, and `npm run fixtures:schema`
 * writes `fixtures/parley-fixtures.schema.json` from it for editors (a test keeps them equal).
 * valibot takes a list where an object belongs and names one unknown field per object:
 * shape-problems.ts words both as the loader promises (every problem, "expected an object").
 */

/** The only version so far; a file may leave it out. */
export const FIXTURES_VERSION = 1;

/** accountRules.username, spelled without the `i` flag (JSON Schema patterns have no flags). */
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._-]{1,31}$/;
/** The domain's email rule (state/accounts/users.ts). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** state/workspaces/slugs.ts. */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;
/**
 * An absolute time (ISO 8601 with a zone: `2026-01-05T09:30:00Z`, `2026-01-05T10:30+01:00`) or one
 * relative to when the file is loaded (`-2d`, `-3h`, `-1d4h30m`, `-90s`, `now`).
 */
export const AT = /^(?:\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})|-(?=\d)(?:\d+d)?(?:\d+h)?(?:\d+m)?(?:\d+s)?|now)$/;

/** A check on a text (a length, a pattern). */
type TextCheck = v.PipeItem<string, string, v.BaseIssue<unknown>>;
/** A text with a description for editors. */
const text = (description: string, ...checks: TextCheck[]) => v.pipe(v.string(), ...checks, v.description<string, string>(description));
const userRef = text('A `username` from `users`.', v.minLength(1));
const userRefs = (description: string) => v.pipe(v.optional(v.array(userRef), []), v.description(description));
const workspaceRef = text('The `name` of a workspace from `workspaces`. May be left out where only one workspace fits.', v.minLength(1));

export const fixtureUser = v.pipe(
  v.strictObject({
    username: text(
      'Unique (case-insensitive). Everything else in the file refers to the user by it.',
      v.regex(USERNAME, 'must be 2 to 32 letters, digits, dots, dashes or underscores, starting with a letter or digit'),
    ),
    displayName: v.optional(text('Shown in the app. Default: the username.', v.minLength(1), v.maxLength(80))),
    email: v.optional(text('What the user logs in with; unique. Default: `<username>@example.test`.', v.maxLength(254), v.regex(EMAIL, 'must be an email address'))),
    password: v.optional(text('Default: the demo password, `parley-demo`.', v.minLength(8), v.maxLength(128))),
    emailVerified: v.pipe(
      v.optional(v.boolean(), true),
      v.description('false: the account still has to verify its address (a mail in the outbox; login refuses it when the mock requires verification).'),
    ),
  }),
  v.description('An account.'),
);

export const fixtureWorkspace = v.pipe(
  v.strictObject({
    name: text('Unique in the file: channels, DMs and messages refer to the workspace by it.', v.minLength(1), v.maxLength(workspaceRules.nameMax)),
    slug: v.optional(text('Default: made from the name, as `generateSlug` does.', v.regex(SLUG, 'must be 1 to 48 lower-case letters, digits or inner dashes'))),
    owner: text('Creates the workspace (and its `general` channel) and owns it.', v.minLength(1)),
    admins: userRefs('Usernames who join as ADMIN.'),
    members: userRefs('Usernames who join as MEMBER.'),
    guests: userRefs('Usernames who join as GUEST: they see only the channels that list them.'),
  }),
  v.description('A workspace. Everyone but guests joins its default channels (`general` and any with `"default": true`).'),
);

export const fixtureChannel = v.pipe(
  v.strictObject({
    name: text(
      'Unique in its workspace (case-insensitive); `general` describes the channel every workspace has.',
      v.minLength(1),
      v.maxLength(conversationRules.titleMax),
    ),
    workspace: v.optional(workspaceRef),
    visibility: v.optional(v.picklist(['public', 'private']), 'public'),
    description: v.optional(v.pipe(v.string(), v.maxLength(conversationRules.descriptionMax))),
    default: v.pipe(v.optional(v.boolean(), false), v.description('Everyone who joins the workspace (guests excepted) joins it, now and later.')),
    members: userRefs('Usernames in the channel besides its creator; each must be in the workspace.'),
    createdBy: v.optional(text("The channel's OWNER. Default: the first member listed who is not a guest, else the workspace owner.", v.minLength(1))),
  }),
  v.description('A channel of a workspace.'),
);

export const fixtureDm = v.pipe(
  v.strictObject({
    between: v.pipe(v.array(userRef), v.length(2), v.description('The two usernames (the same one twice: a note to self); both must be in the workspace.')),
    workspace: v.optional(workspaceRef),
  }),
  v.description('A direct conversation between two members of a workspace.'),
);

export const fixtureMessage = v.pipe(
  v.strictObject({
    channel: v.optional(text('The `name` of the channel it is sent in (or give `dm`).', v.minLength(1))),
    dm: v.optional(v.pipe(v.array(userRef), v.length(2), v.description('The DM it is sent in, by its two usernames in any order (or give `channel`).'))),
    workspace: v.optional(workspaceRef),
    from: text('The sender: a member of the conversation.', v.minLength(1)),
    text: text(`The message text (at most ${messageRules.contentMax} characters; @username mentions notify).`, v.minLength(1)),
    ref: v.optional(text('A name for this message, unique in the file, so that a later message can reply to it.', v.minLength(1))),
    replyTo: v.optional(text('The `ref` of an earlier message in the same conversation.', v.minLength(1))),
    reactions: v.pipe(
      v.optional(v.record(v.pipe(v.string(), v.minLength(1), v.maxLength(messageRules.emojiMax)), v.array(userRef)), {}),
      v.description('Emoji -> the usernames who reacted with it, e.g. {"👍": ["bob", "carol"]}; each a member of the conversation.'),
    ),
    at: v.optional(
      text(
        'When it was sent: ISO 8601 with a zone, or relative to load time (-2d, -3h, -1d4h30m, now). Default: spread evenly between its neighbours; see docs/fixtures-format.md.',
        v.regex(AT, 'must be an ISO 8601 time with a zone (2026-01-05T09:30:00Z) or relative to load time (-2d, -3h, -1d4h30m, -90s, now)'),
      ),
    ),
  }),
  v.description('A message. Messages are sent in file order; within a conversation their times must not go backwards.'),
);

export const fixturesDocument = v.pipe(
  v.strictObject({
    $schema: v.optional(text('For editors: the path or URL of parley-fixtures.schema.json.')),
    version: v.pipe(v.optional(v.literal(FIXTURES_VERSION), FIXTURES_VERSION), v.description('The format version.')),
    users: v.array(fixtureUser),
    workspaces: v.optional(v.array(fixtureWorkspace), []),
    channels: v.optional(v.array(fixtureChannel), []),
    dms: v.optional(v.array(fixtureDm), []),
    messages: v.optional(v.array(fixtureMessage), []),
  }),
  v.description('Parley mock fixtures: users, workspaces, channels, DMs and messages. Format: docs/fixtures-format.md.'),
);

/** A fixtures file as written (optional fields may be left out). */
export type FixturesInput = v.InferInput<typeof fixturesDocument>;
/** A fixtures file after validation, defaults filled in. */
export type Fixtures = v.InferOutput<typeof fixturesDocument>;
export type FixtureUser = Fixtures['users'][number];
export type FixtureWorkspace = Fixtures['workspaces'][number];
export type FixtureChannel = Fixtures['channels'][number];
export type FixtureDm = Fixtures['dms'][number];
export type FixtureMessage = Fixtures['messages'][number];
