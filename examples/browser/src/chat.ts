import { request, subscriptions } from './api.js';
import { startFiles } from './files.js';

export interface Message {
  readonly id: string;
  readonly sequence: number;
  readonly content: string | null;
  readonly senderId: string;
}

const MESSAGE_FIELDS = 'id sequence content senderId';
const LOGIN = 'mutation Login($input: LoginInput!) { login(input: $input) { accessToken user { id displayName } } }';
const WORKSPACES = 'query Workspaces { workspaces { id name } }';
const CONVERSATIONS = 'query Conversations($workspaceId: ID!) { conversations(workspaceId: $workspaceId) { nodes { id title } } }';
const MESSAGES = `query Messages($conversationId: ID!) { messages(conversationId: $conversationId, first: 20) { nodes { ${MESSAGE_FIELDS} } } }`;
const SEND = `mutation SendMessage($input: SendMessageInput!) { sendMessage(input: $input) { ${MESSAGE_FIELDS} } }`;
const CREATED = `subscription MessageCreated($conversationId: ID!) { messageCreated(conversationId: $conversationId) { ${MESSAGE_FIELDS} } }`;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Shows each message once, in sequence order, whether it came from the page, a send or the subscription. */
function messageList(list: HTMLUListElement, me: string) {
  const shown = new Map<string, HTMLLIElement>();
  return (message: Message): void => {
    if (shown.has(message.id)) return;
    const item = document.createElement('li');
    item.dataset['sequence'] = String(message.sequence);
    const sender = document.createElement('b');
    sender.textContent = message.senderId === me ? 'you' : 'member';
    item.append(sender, message.content ?? '(deleted)');
    const after = [...shown.values()].find((other) => Number(other.dataset['sequence']) > message.sequence);
    list.insertBefore(item, after ?? null);
    shown.set(message.id, item);
  };
}

/** Logs in as alice, shows #general's newest messages, and adds each new one live. */
export async function startChat(): Promise<void> {
  const status = $<HTMLParagraphElement>('status');
  const { login } = await request<{ login: { accessToken: string; user: { id: string; displayName: string } } }>(LOGIN, {
    input: { email: 'alice@acme.test', password: 'parley-demo' },
  });
  const token = login.accessToken;
  const { workspaces } = await request<{ workspaces: { id: string; name: string }[] }>(WORKSPACES, {}, token);
  const workspace = workspaces[0]!;
  const { conversations } = await request<{ conversations: { nodes: { id: string; title: string | null }[] } }>(CONVERSATIONS, { workspaceId: workspace.id }, token);
  const general = conversations.nodes.find((conversation) => conversation.title === 'general')!;

  const show = messageList($<HTMLUListElement>('messages'), login.user.id);
  const signedIn = `signed in as ${login.user.displayName}`;
  // The status speaks once the page is drawn, and says "live" once graphql-ws's connection is acknowledged.
  let drawn = false;
  let live = false;
  const showStatus = (): void => {
    if (drawn) status.textContent = `${signedIn}${live ? ' · live' : ''}`;
  };
  const client = subscriptions(token, () => {
    live = true;
    showStatus();
  });
  // Subscribe before reading the page, so nothing sent in between is missed (show() drops repeats).
  client.subscribe<{ messageCreated: Message }>(
    { query: CREATED, variables: { conversationId: general.id } },
    { next: ({ data }) => data && show(data.messageCreated), error: (error) => (status.textContent = `subscription failed: ${String(error)}`), complete: () => {} },
  );
  const { messages } = await request<{ messages: { nodes: Message[] } }>(MESSAGES, { conversationId: general.id }, token);
  messages.nodes.forEach(show);

  $<HTMLHeadingElement>('title').textContent = `#${general.title} in ${workspace.name}`;
  startFiles(token, general.id);
  drawn = true;
  showStatus();
  const composer = $<HTMLFormElement>('composer');
  const text = $<HTMLInputElement>('text');
  composer.hidden = false;
  composer.addEventListener('submit', (event) => {
    event.preventDefault();
    const content = text.value.trim();
    if (!content) return;
    text.value = '';
    const input = { conversationId: general.id, clientMessageId: crypto.randomUUID(), content };
    request<{ sendMessage: Message }>(SEND, { input }, token).then(({ sendMessage }) => show(sendMessage), (error: unknown) => (status.textContent = String(error)));
  });
}
