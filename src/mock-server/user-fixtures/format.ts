// zod's mini build: about 20 kB in a browser bundle where the chained API costs about 440 kB.
import * as z from 'zod/mini';
import { conversationRules } from '../state/conversations/conversations.js';
import { messageRules } from '../state/messages/messages.js';
import { workspaceRules } from '../state/workspaces/workspaces.js';

/**
 * The fixtures format (docs/fixtures-format.md): what a frontend developer writes by hand to start
 * the mock with their own data. Everything refers to users by username, workspaces by name and
 * channels by name; the mock makes the ids. This zod schema is the one source of truth: the
 * loader validates with it, the TypeScript types come from it, and `npm run fixtures:schema`
 * writes `fixtures/parley-fixtures.schema.json` from it for editors (a test keeps them equal).
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

/** A text with a description for editors. */
const text = (description: string, ...checks: Parameters<z.ZodMiniString['check']>) => z.string().check(...checks, z.describe(description));
const userRef = text('A `username` from `users`.', z.minLength(1));
const userRefs = (description: string) => z._default(z.array(userRef), []).check(z.describe(description));
const workspaceRef = text('The `name` of a workspace from `workspaces`. May be left out where only one workspace fits.', z.minLength(1));
const describe = <T extends z.ZodMiniType>(schema: T, description: string): T => schema.check(z.describe(description)) as T;

export const fixtureUser = describe(
  z.strictObject({
    username: text(
      'Unique (case-insensitive). Everything else in the file refers to the user by it.',
      z.regex(USERNAME, 'must be 2 to 32 letters, digits, dots, dashes or underscores, starting with a letter or digit'),
    ),
    displayName: z.optional(text('Shown in the app. Default: the username.', z.minLength(1), z.maxLength(80))),
    email: z.optional(text('What the user logs in with; unique. Default: `<username>@example.test`.', z.maxLength(254), z.regex(EMAIL, 'must be an email address'))),
    password: z.optional(text('Default: the demo password, `parley-demo`.', z.minLength(8), z.maxLength(128))),
    emailVerified: describe(z._default(z.boolean(), true), 'false: the account still has to verify its address (a mail in the outbox; login refuses it when the mock requires verification).'),
  }),
  'An account.',
);

export const fixtureWorkspace = describe(
  z.strictObject({
    name: text('Unique in the file: channels, DMs and messages refer to the workspace by it.', z.minLength(1), z.maxLength(workspaceRules.nameMax)),
    slug: z.optional(text('Default: made from the name, as `generateSlug` does.', z.regex(SLUG, 'must be 1 to 48 lower-case letters, digits or inner dashes'))),
    owner: text('Creates the workspace (and its `general` channel) and owns it.', z.minLength(1)),
    admins: userRefs('Usernames who join as ADMIN.'),
    members: userRefs('Usernames who join as MEMBER.'),
    guests: userRefs('Usernames who join as GUEST: they see only the channels that list them.'),
  }),
  'A workspace. Everyone but guests joins its default channels (`general` and any with `"default": true`).',
);

export const fixtureChannel = describe(
  z.strictObject({
    name: text(
      'Unique in its workspace (case-insensitive); `general` describes the channel every workspace has.',
      z.minLength(1),
      z.maxLength(conversationRules.titleMax),
    ),
    workspace: z.optional(workspaceRef),
    visibility: z._default(z.enum(['public', 'private']), 'public'),
    description: z.optional(z.string().check(z.maxLength(conversationRules.descriptionMax))),
    default: describe(z._default(z.boolean(), false), 'Everyone who joins the workspace (guests excepted) joins it, now and later.'),
    members: userRefs('Usernames in the channel besides its creator; each must be in the workspace.'),
    createdBy: z.optional(text("The channel's OWNER. Default: the first member listed who is not a guest, else the workspace owner.", z.minLength(1))),
  }),
  'A channel of a workspace.',
);

export const fixtureDm = describe(
  z.strictObject({
    between: describe(z.array(userRef).check(z.length(2)), 'The two usernames (the same one twice: a note to self); both must be in the workspace.'),
    workspace: z.optional(workspaceRef),
  }),
  'A direct conversation between two members of a workspace.',
);

export const fixtureMessage = describe(
  z.strictObject({
    channel: z.optional(text('The `name` of the channel it is sent in (or give `dm`).', z.minLength(1))),
    dm: z.optional(describe(z.array(userRef).check(z.length(2)), 'The DM it is sent in, by its two usernames in any order (or give `channel`).')),
    workspace: z.optional(workspaceRef),
    from: text('The sender: a member of the conversation.', z.minLength(1)),
    text: text(`The message text (at most ${messageRules.contentMax} characters; @username mentions notify).`, z.minLength(1)),
    ref: z.optional(text('A name for this message, unique in the file, so that a later message can reply to it.', z.minLength(1))),
    replyTo: z.optional(text('The `ref` of an earlier message in the same conversation.', z.minLength(1))),
    reactions: describe(
      z._default(z.record(z.string().check(z.minLength(1), z.maxLength(messageRules.emojiMax)), z.array(userRef)), {}),
      'Emoji -> the usernames who reacted with it, e.g. {"👍": ["bob", "carol"]}; each a member of the conversation.',
    ),
    at: z.optional(
      text(
        'When it was sent: ISO 8601 with a zone, or relative to load time (-2d, -3h, -1d4h30m, now). Default: spread evenly between its neighbours; see docs/fixtures-format.md.',
        z.regex(AT, 'must be an ISO 8601 time with a zone (2026-01-05T09:30:00Z) or relative to load time (-2d, -3h, -1d4h30m, -90s, now)'),
      ),
    ),
  }),
  'A message. Messages are sent in file order; within a conversation their times must not go backwards.',
);

export const fixturesDocument = describe(
  z.strictObject({
    $schema: z.optional(text('For editors: the path or URL of parley-fixtures.schema.json.')),
    version: describe(z._default(z.literal(FIXTURES_VERSION), FIXTURES_VERSION), 'The format version.'),
    users: z.array(fixtureUser),
    workspaces: z._default(z.array(fixtureWorkspace), []),
    channels: z._default(z.array(fixtureChannel), []),
    dms: z._default(z.array(fixtureDm), []),
    messages: z._default(z.array(fixtureMessage), []),
  }),
  'Parley mock fixtures: users, workspaces, channels, DMs and messages. Format: docs/fixtures-format.md.',
);

/** A fixtures file as written (optional fields may be left out). */
export type FixturesInput = z.input<typeof fixturesDocument>;
/** A fixtures file after validation, defaults filled in. */
export type Fixtures = z.output<typeof fixturesDocument>;
export type FixtureUser = Fixtures['users'][number];
export type FixtureWorkspace = Fixtures['workspaces'][number];
export type FixtureChannel = Fixtures['channels'][number];
export type FixtureDm = Fixtures['dms'][number];
export type FixtureMessage = Fixtures['messages'][number];
