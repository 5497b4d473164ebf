import { randomBytes, randomUUID } from 'node:crypto';
import { TargetUnreachable, type Credential, type Target } from './target.js';
import { sendRespectingRateLimits } from './rate-limit.js';
import type { Exchange } from './types.js';
import type { Actor, SentMessage, World } from './world.js';

/** Provisioning could not build the world; the run cannot go on (exit 2). Says which step failed. */
export class ProvisioningFailed extends Error {
  override readonly name = 'ProvisioningFailed';
}

/** Accounts for servers that cannot self-register (`--credentials FILE`). */
export interface CredentialsFile {
  readonly accounts: readonly ({ readonly email: string; readonly password: string } | { readonly accessToken: string; readonly refreshToken?: string })[];
}

const MAIN_MESSAGES = 120;
const ACTOR_NAMES = ['A', 'B', 'C'] as const;

interface Step {
  readonly target: Target;
  readonly world: { runId: string };
}

function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Runs one provisioning operation and returns its data, or fails provisioning naming the step. */
async function call<T>(step: Step, what: string, query: string, variables: Record<string, unknown>, as: Credential | null): Promise<T> {
  const exchange: Exchange = await sendRespectingRateLimits(step.target, query, variables, as);
  const body = parseJson<{ data?: T | null; errors?: { message?: string }[] }>(exchange.response.body);
  if (!body?.data || body.errors?.length) {
    const said = body?.errors?.[0]?.message ?? `${exchange.response.status} ${exchange.response.contentType ?? ''} ${exchange.response.body.slice(0, 200)}`;
    const codes = exchange.response.errorCodes.filter(Boolean).join(', ');
    throw new ProvisioningFailed(`provisioning failed at ${what}: the server answered ${JSON.stringify(said)}${codes ? ` (${codes})` : ''}`);
  }
  return body.data;
}

async function actorFromLogin(step: Step, name: Actor['name'], email: string, password: string, account: Actor['account']): Promise<Actor> {
  const data = await call<{ login: { accessToken: string; refreshToken: string; user: { id: string } } }>(
    step, `login of actor ${name}`,
    'mutation Login($input: LoginInput!) { login(input: $input) { accessToken refreshToken user { id } } }',
    { input: { email, password } }, null,
  );
  return { name, id: data.login.user.id, variable: `TOKEN_${name}`, authorization: `Bearer ${data.login.accessToken}`, refreshToken: data.login.refreshToken, account };
}

async function actorFromToken(step: Step, name: Actor['name'], index: number, accessToken: string, refreshToken: string | null): Promise<Actor> {
  const credential = { authorization: `Bearer ${accessToken}` };
  const data = await call<{ me: { id: string } }>(step, `me of actor ${name}`, 'query Me { me { id } }', {}, credential);
  return { name, id: data.me.id, variable: `TOKEN_${name}`, authorization: credential.authorization, refreshToken, account: { kind: 'credentials', index, password: null } };
}

async function registerActor(step: Step, name: Actor['name']): Promise<Actor> {
  const tag = `${step.world.runId}${name.toLowerCase()}`;
  const email = `parley-${tag}@example.com`;
  const password = `Pw-${randomBytes(9).toString('base64url')}`;
  await call(step, `register of actor ${name}`, 'mutation Register($input: RegisterInput!) { register(input: $input) }', {
    input: { displayName: `Parley ${name}`, email, password, username: `parley_${tag}` },
  }, null);
  return actorFromLogin(step, name, email, password, { kind: 'registered', email, password });
}

async function actors(step: Step, credentials: CredentialsFile | undefined): Promise<(Actor | null)[]> {
  if (!credentials) return Promise.all(ACTOR_NAMES.map((name) => registerActor(step, name)));
  return Promise.all(
    ACTOR_NAMES.map((name, index) => {
      const account = credentials.accounts[index];
      if (!account) return null;
      return 'accessToken' in account
        ? actorFromToken(step, name, index, account.accessToken, account.refreshToken ?? null)
        : actorFromLogin(step, name, account.email, account.password, { kind: 'credentials', index, password: account.password });
    }),
  );
}

const EXISTING_FIELDS = 'nodes { id sequence clientMessageId senderId content replyToMessageId type }';

/**
 * What a conversation holds right after creation (some servers post SYSTEM messages), read with
 * messagesSince, or messages if that fails. When neither works the conversation is taken as empty,
 * with a note: the checks of those queries then fail with their evidence, instead of the run
 * ending before any check.
 */
async function preexisting(step: Step, as: Actor, conversationId: string, notes: string[]): Promise<SentMessage[]> {
  const attempts: [string, string][] = [
    ['messagesSince', `query Existing($c: ID!) { messagesSince(conversationId: $c, afterSequence: 0) { ${EXISTING_FIELDS} } }`],
    ['messages', `query Existing($c: ID!) { messages(conversationId: $c) { ${EXISTING_FIELDS} } }`],
  ];
  for (const [field, query] of attempts) {
    try {
      const data = await call<Record<string, { nodes: SentMessage[] }>>(step, `${field} on a new conversation`, query, { c: conversationId }, as);
      if (Array.isArray(data[field]?.nodes)) return data[field]!.nodes;
    } catch (error) {
      if (!(error instanceof ProvisioningFailed)) throw error;
    }
  }
  if (!notes.some((note) => note.startsWith('What a new conversation holds'))) {
    notes.push('What a new conversation holds could not be read with messagesSince or messages; provisioning took new conversations as empty.');
  }
  return [];
}

const SEND = 'mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { id sequence clientMessageId senderId replyToMessageId } }';

async function send(step: Step, as: Actor, conversationId: string, content: string, extra: Record<string, unknown> = {}): Promise<SentMessage> {
  const clientMessageId = `parley-${step.world.runId}-${randomUUID()}`;
  const data = await call<{ sendMessage: Omit<SentMessage, 'content'> }>(step, `sendMessage by ${as.name}`, SEND, { input: { conversationId, clientMessageId, content, ...extra } }, as);
  return { ...data.sendMessage, content, type: 'TEXT' };
}

async function createChannel(step: Step, as: Actor, workspaceId: string, title: string, memberIds: string[], visibility: 'PRIVATE' | 'PUBLIC' = 'PRIVATE'): Promise<string> {
  const data = await call<{ createChannel: { id: string } }>(
    step, `createChannel ${title}`,
    'mutation CreateChannel($input: CreateChannelInput!) { createChannel(input: $input) { id } }',
    { input: { workspaceId, title: `${title}-${step.world.runId}`, visibility, memberIds } }, as,
  );
  return data.createChannel.id;
}

/** Uploads one small file and attaches it; null (with a note) when the server's upload does not work. */
async function attach(step: Step, a: Actor, conversationId: string, notes: string[]): Promise<{ attachment: NonNullable<World['attachment']>; message: SentMessage } | { problem: string }> {
  const fileName = `parley-${step.world.runId}.txt`;
  const bytes = new TextEncoder().encode(`Parley conformance upload ${step.world.runId}\n`);
  try {
    const upload = await call<{ createUploadUrl: { key: string; uploadUrl: string } }>(step, 'createUploadUrl',
      'mutation Upload($input: CreateUploadUrlInput!) { createUploadUrl(input: $input) { key uploadUrl } }',
      { input: { contentType: 'text/plain', scope: 'PRIVATE', fileName } }, a);
    const status = await step.target.put(upload.createUploadUrl.uploadUrl, bytes, 'text/plain');
    if (status >= 300) throw new ProvisioningFailed(`the PUT to the upload URL answered ${status}`);
    const message = await send(step, a, conversationId, 'a file', { attachments: [{ key: upload.createUploadUrl.key, fileName, contentType: 'text/plain', size: bytes.byteLength }] });
    return { attachment: { messageId: message.id, fileName, contentType: 'text/plain', size: bytes.byteLength }, message };
  } catch (error) {
    if (!(error instanceof ProvisioningFailed) && !(error instanceof TargetUnreachable)) throw error;
    notes.push(`Attachment checks are skipped: the upload did not work (${error.message}).`);
    return { problem: `the server's upload did not work (${error.message})` };
  }
}

/**
 * Builds the world through the public API only, with exactly the operations docs/conformance.md lists
 * ("What it needs from your server"), in a fresh workspace with a unique slug.
 */
export async function provision(target: Target, credentials: CredentialsFile | undefined, notes: string[]): Promise<World> {
  const runId = randomBytes(5).toString('hex');
  const step: Step = { target, world: { runId } };
  const [a, b, c] = await actors(step, credentials);
  if (!a) throw new ProvisioningFailed('provisioning needs at least one account (actor A)');
  if (!b) notes.push('Checks that need actor B (a workspace member outside the conversation) are skipped: no second account.');
  if (!c) notes.push('Checks that need actor C (a user outside the workspace) are skipped: no third account.');

  const workspace = await call<{ createWorkspace: { id: string } }>(step, 'createWorkspace',
    'mutation CreateWorkspace($input: CreateWorkspaceInput!) { createWorkspace(input: $input) { id } }',
    { input: { name: `Parley conformance ${runId}`, slug: `parley-${runId}` } }, a);
  const workspaceId = workspace.createWorkspace.id;
  if (b) {
    const link = await call<{ createWorkspaceInviteLink: { token: string } }>(step, 'createWorkspaceInviteLink',
      'mutation Invite($w: ID!) { createWorkspaceInviteLink(workspaceId: $w, role: MEMBER) { token } }', { w: workspaceId }, a);
    await call(step, 'joinWorkspace by B', 'mutation Join($t: String!) { joinWorkspace(token: $t) { id } }', { t: link.createWorkspaceInviteLink.token }, b);
  }

  const [mainId, otherId, emptyId, publicChannelId, sharedId] = await Promise.all([
    createChannel(step, a, workspaceId, 'main', []),
    createChannel(step, a, workspaceId, 'other', []),
    createChannel(step, a, workspaceId, 'empty', []),
    createChannel(step, a, workspaceId, 'public', [], 'PUBLIC'),
    b
      ? call<{ createDirectConversation: { id: string } }>(step, 'createDirectConversation',
          'mutation Direct($w: ID!, $p: ID!) { createDirectConversation(workspaceId: $w, participantId: $p) { id } }', { w: workspaceId, p: b.id }, a,
        ).then((data) => data.createDirectConversation.id)
      : Promise.resolve(null),
  ]);

  const [mainBefore, otherBefore, emptyBefore] = await Promise.all([preexisting(step, a, mainId, notes), preexisting(step, a, otherId, notes), preexisting(step, a, emptyId, notes)]);
  // main: sent one after another, so sequences follow the order sent.
  const ours: SentMessage[] = [];
  for (let i = 1; i <= MAIN_MESSAGES; i++) {
    const replyTo = i === 12 ? ours[4]! : i === 40 ? ours[30]! : null;
    ours.push(await send(step, a, mainId, `message ${i} of run ${runId}`, replyTo ? { replyToMessageId: replyTo.id } : {}));
  }
  const messages: SentMessage[] = [...mainBefore, ...ours];
  const at = (index: number) => mainBefore.length + index; // index of our index-th message in `messages`
  const upload = await attach(step, a, mainId, notes);
  const attached = 'problem' in upload ? null : upload;
  if (attached) messages.push(attached.message);
  // A second file on a message that is then deleted: its attachments must disappear with it.
  const second = attached ? await attach(step, a, mainId, notes) : null;
  const doomed = second && !('problem' in second) ? second : null;
  if (doomed) messages.push(doomed.message);
  // The conversation ends on a live message, as conversations usually do.
  messages.push(await send(step, a, mainId, `the last message of run ${runId}`));
  const edited = ours[7]!;
  await call(step, 'editMessage', 'mutation Edit($id: ID!, $c: String!) { editMessage(id: $id, content: $c) { id } }', { id: edited.id, c: `edited ${runId}` }, a);
  messages[at(7)] = { ...edited, content: `edited ${runId}` };
  const deletedIds = [ours[4]!.id, ours[60]!.id, ours[100]!.id, ...(doomed ? [doomed.message.id] : [])];
  for (const id of deletedIds) {
    await call(step, 'deleteMessage', 'mutation Delete($id: ID!) { deleteMessage(id: $id) { id } }', { id }, a);
    const index = messages.findIndex((m) => m.id === id);
    messages[index] = { ...messages[index]!, content: null };
  }

  await send(step, a, publicChannelId, 'a public message');
  const other: SentMessage[] = [...otherBefore];
  for (let i = 1; i <= 3; i++) other.push(await send(step, a, otherId, `other ${i}`));

  let shared: World['shared'] = null;
  if (b && sharedId) {
    const sharedMessages = [await send(step, a, sharedId, 'react to this'), await send(step, b, sharedId, 'and this')];
    const reacted = sharedMessages[0]!;
    const react = (as: Actor, emoji: string) =>
      call(step, `addReaction by ${as.name}`, 'mutation React($m: ID!, $e: String!) { addReaction(messageId: $m, emoji: $e) { id } }', { m: reacted.id, e: emoji }, as);
    await react(a, '👍');
    await react(b, '👍');
    await react(b, '🎉');
    shared = { id: sharedId, messages: sharedMessages, reactedId: reacted.id, reactions: [{ emoji: '👍', userIds: [a.id, b.id] }, { emoji: '🎉', userIds: [b.id] }] };
  }

  return {
    runId,
    a,
    b: b ?? null,
    c: c ?? null,
    workspaceId,
    main: { id: mainId, messages, deletedIds, repliedDeletedId: ours[4]!.id, editedId: edited.id, deletedAttachmentMessageId: doomed?.message.id ?? null },
    other: { id: otherId, messages: other },
    empty: { id: emptyId, messages: emptyBefore },
    publicChannelId,
    shared,
    attachment: attached?.attachment ?? null,
    ...('problem' in upload ? { attachmentProblem: upload.problem } : {}),
  };
}
