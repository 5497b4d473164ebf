import { z } from 'zod';
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

const userRef = z.string().min(1).describe('A `username` from `users`.');
const userRefs = z.array(userRef);
const workspaceRef = z
  .string()
  .min(1)
  .describe('The `name` of a workspace from `workspaces`. May be left out where only one workspace fits.');

export const fixtureUser = z
  .strictObject({
    username: z
      .string()
      .regex(USERNAME, 'must be 2 to 32 letters, digits, dots, dashes or underscores, starting with a letter or digit')
      .describe('Unique (case-insensitive). Everything else in the file refers to the user by it.'),
    displayName: z.string().min(1).max(80).optional().describe('Shown in the app. Default: the username.'),
    email: z
      .string()
      .max(254)
      .regex(EMAIL, 'must be an email address')
      .optional()
      .describe('What the user logs in with; unique. Default: `<username>@example.test`.'),
    password: z.string().min(8).max(128).optional().describe('Default: the demo password, `parley-demo`.'),
    emailVerified: z.boolean().default(true).describe('false: the account still has to verify its address (see --require-verification).'),
  })
  .describe('An account.');

export const fixtureWorkspace = z
  .strictObject({
    name: z.string().min(1).max(workspaceRules.nameMax).describe('Unique in the file: channels, DMs and messages refer to the workspace by it.'),
    slug: z.string().regex(SLUG, 'must be 1 to 48 lower-case letters, digits or inner dashes').optional().describe('Default: made from the name, as `generateSlug` does.'),
    owner: userRef.describe('Creates the workspace (and its `general` channel) and owns it.'),
    admins: userRefs.default([]).describe('Usernames who join as ADMIN.'),
    members: userRefs.default([]).describe('Usernames who join as MEMBER.'),
    guests: userRefs.default([]).describe('Usernames who join as GUEST: they see only the channels that list them.'),
  })
  .describe('A workspace. Everyone but guests joins its default channels (`general` and any with `"default": true`).');

export const fixtureChannel = z
  .strictObject({
    name: z.string().min(1).max(conversationRules.titleMax).describe('Unique in its workspace (case-insensitive); `general` describes the channel every workspace has.'),
    workspace: workspaceRef.optional(),
    visibility: z.enum(['public', 'private']).default('public'),
    description: z.string().max(conversationRules.descriptionMax).optional(),
    default: z.boolean().default(false).describe('Everyone who joins the workspace (guests excepted) joins it, now and later.'),
    members: userRefs.default([]).describe('Usernames in the channel besides its creator; each must be in the workspace.'),
    createdBy: userRef.optional().describe('The channel\'s OWNER. Default: the first member listed who is not a guest, else the workspace owner.'),
  })
  .describe('A channel of a workspace.');

export const fixtureDm = z
  .strictObject({
    between: z.array(userRef).length(2).describe('The two usernames (the same one twice: a note to self); both must be in the workspace.'),
    workspace: workspaceRef.optional(),
  })
  .describe('A direct conversation between two members of a workspace.');

export const fixtureMessage = z
  .strictObject({
    channel: z.string().min(1).optional().describe('The `name` of the channel it is sent in (or give `dm`).'),
    dm: z.array(userRef).length(2).optional().describe('The DM it is sent in, by its two usernames in any order (or give `channel`).'),
    workspace: workspaceRef.optional(),
    from: userRef.describe('The sender: a member of the conversation.'),
    text: z.string().min(1).describe(`The message text (at most ${messageRules.contentMax} characters; @username mentions notify).`),
    ref: z.string().min(1).optional().describe('A name for this message, unique in the file, so that a later message can reply to it.'),
    replyTo: z.string().min(1).optional().describe('The `ref` of an earlier message in the same conversation.'),
    reactions: z
      .record(z.string().min(1).max(messageRules.emojiMax), userRefs)
      .default({})
      .describe('Emoji -> the usernames who reacted with it, e.g. {"👍": ["bob", "carol"]}; each a member of the conversation.'),
    at: z
      .string()
      .regex(AT, 'must be an ISO 8601 time with a zone (2026-01-05T09:30:00Z) or relative to load time (-2d, -3h, -1d4h30m, -90s, now)')
      .optional()
      .describe('When it was sent: ISO 8601 with a zone, or relative to load time (-2d, -3h, -1d4h30m, now). Default: spread evenly between its neighbours; see docs/fixtures-format.md.'),
  })
  .describe('A message. Messages are sent in file order; within a conversation their times must not go backwards.');

export const fixturesDocument = z
  .strictObject({
    $schema: z.string().optional().describe('For editors: the path or URL of parley-fixtures.schema.json.'),
    version: z.literal(FIXTURES_VERSION).default(FIXTURES_VERSION).describe('The format version.'),
    users: z.array(fixtureUser),
    workspaces: z.array(fixtureWorkspace).default([]),
    channels: z.array(fixtureChannel).default([]),
    dms: z.array(fixtureDm).default([]),
    messages: z.array(fixtureMessage).default([]),
  })
  .describe('Parley mock fixtures: users, workspaces, channels, DMs and messages. Format: docs/fixtures-format.md.');

/** A fixtures file as written (optional fields may be left out). */
export type FixturesInput = z.input<typeof fixturesDocument>;
/** A fixtures file after validation, defaults filled in. */
export type Fixtures = z.output<typeof fixturesDocument>;
export type FixtureUser = Fixtures['users'][number];
export type FixtureWorkspace = Fixtures['workspaces'][number];
export type FixtureChannel = Fixtures['channels'][number];
export type FixtureDm = Fixtures['dms'][number];
export type FixtureMessage = Fixtures['messages'][number];
