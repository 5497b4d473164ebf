import { skipToken, useApolloClient, useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { addMessages, catchUp, isPendingId, pendingMessage } from './cache.js';
import type { Connection } from './client.js';
import {
  CONVERSATIONS,
  LOGIN,
  MESSAGE_CREATED,
  MESSAGES,
  SEND_MESSAGE,
  SET_TYPING,
  TYPING_CHANGED,
  WORKSPACES,
  type Conversation,
  type Member,
} from './operations.js';

interface Me {
  readonly id: string;
  readonly displayName: string;
}

export function App({ connection, setToken }: { connection: Connection; setToken: (token: string) => void }) {
  const [me, setMe] = useState<Me | null>(null);
  if (!me) {
    return (
      <Login
        onLogin={(token, user) => {
          setToken(token);
          setMe(user);
        }}
      />
    );
  }
  return <Chat me={me} connection={connection} />;
}

function Login({ onLogin }: { onLogin: (token: string, me: Me) => void }) {
  const [login, { loading, error }] = useMutation(LOGIN);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const { data } = await login({ variables: { input: { email: String(form.get('email')), password: String(form.get('password')) } } }).catch(() => ({ data: undefined }));
    if (data) onLogin(data.login.accessToken, data.login.user);
  };
  return (
    <form id="login" onSubmit={submit}>
      <h1>Sign in</h1>
      <label>
        Email <input id="email" name="email" type="email" defaultValue="alice@acme.test" />
      </label>
      <label>
        Password <input id="password" name="password" type="password" defaultValue="parley-demo" />
      </label>
      <button type="submit" disabled={loading}>
        Sign in
      </button>
      {error && <p role="alert">{error.message}</p>}
    </form>
  );
}

const conversationName = (conversation: Conversation, me: Me): string =>
  conversation.type === 'CHANNEL'
    ? `#${conversation.title ?? 'untitled'}`
    : conversation.members.filter((member) => member.userId !== me.id).map((member) => member.displayName).join(', ') || 'just you';

function Chat({ me, connection }: { me: Me; connection: Connection }) {
  const workspaces = useQuery(WORKSPACES);
  const workspace = workspaces.data?.workspaces[0];
  const conversations = useQuery(CONVERSATIONS, workspace ? { variables: { workspaceId: workspace.id } } : skipToken);
  const nodes = conversations.data?.conversations.nodes;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = nodes?.find((conversation) => conversation.id === selectedId) ?? nodes?.find((conversation) => conversation.isDefault) ?? nodes?.[0];
  const error = workspaces.error ?? conversations.error;

  return (
    <div className="chat">
      <aside>
        <h2>{workspace?.name ?? '…'}</h2>
        <p id="me">{me.displayName}</p>
        <nav id="channels" aria-label="Conversations">
          <ul>
            {nodes?.map((conversation) => (
              <li key={conversation.id}>
                <button type="button" aria-current={conversation.id === selected?.id ? 'page' : undefined} onClick={() => setSelectedId(conversation.id)}>
                  {conversationName(conversation, me)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <ConnectionBar connection={connection} />
      </aside>
      <main>
        {error && <p role="alert">{error.message}</p>}
        {/* keyed: a conversation's screen (scroll, typing, draft) starts afresh when another is opened */}
        {selected && <ConversationScreen key={selected.id} conversation={selected} title={conversationName(selected, me)} me={me} connection={connection} />}
      </main>
    </div>
  );
}

function useConnectionStatus(connection: Connection) {
  return useSyncExternalStore(
    useCallback((listener: () => void) => connection.onStatus(listener), [connection]),
    () => connection.status(),
  );
}

/** Shows the socket's state, with a button that drops it (to see the catch-up after a reconnect). */
function ConnectionBar({ connection }: { connection: Connection }) {
  const status = useConnectionStatus(connection);
  return (
    <p className="connection">
      <span id="connection" data-status={status}>
        {status}
      </span>{' '}
      {status === 'offline' ? (
        <button type="button" id="reconnect" onClick={() => connection.restore()}>
          Reconnect
        </button>
      ) : (
        <button type="button" id="drop" onClick={() => connection.drop()} disabled={status !== 'live'}>
          Drop connection
        </button>
      )}
    </p>
  );
}

function ConversationScreen({ conversation, title, me, connection }: { conversation: Conversation; title: string; me: Me; connection: Connection }) {
  const members = useMemo(() => new Map(conversation.members.map((member: Member) => [member.userId, member.displayName])), [conversation]);
  return (
    <section className="conversation">
      <h1 id="title">{title}</h1>
      <MessageList conversationId={conversation.id} members={members} me={me} connection={connection} />
      <TypingIndicator conversationId={conversation.id} members={members} me={me} connection={connection} />
      <Composer conversationId={conversation.id} title={title} me={me} />
    </section>
  );
}

/** Where the viewport was before an older page came in: a message and its distance from the top. */
interface Anchor {
  readonly id: string;
  readonly top: number;
  /** The oldest message held when the page was asked for: the page has landed once it changes. */
  readonly oldestId: string | undefined;
}

function MessageList({ conversationId, members, me, connection }: { conversationId: string; members: ReadonlyMap<string, string>; me: Me; connection: Connection }) {
  const client = useApolloClient();
  const { data, error, fetchMore } = useQuery(MESSAGES, { variables: { conversationId } });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const page = data?.messages;
  const nodes = page?.nodes;

  // Live: each new message goes into the same list as the pages (cache.ts drops the echo of our own send).
  useSubscription(MESSAGE_CREATED, {
    variables: { conversationId },
    onData: ({ client, data }) => {
      if (data.data) addMessages(client.cache, conversationId, [data.data.messageCreated]);
    },
  });
  // Catch-up: at each (re)connection, read what was sent while the socket was down.
  useEffect(
    () =>
      connection.onConnected(() => {
        catchUp(client, conversationId).catch((reason: unknown) => console.warn('catch-up failed', reason));
      }),
    [client, connection, conversationId],
  );

  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<Anchor | null>(null);
  const atBottom = useRef(true);

  const loadOlder = async () => {
    const box = scroller.current;
    if (!box || !page?.hasNextPage || loadingOlder) return;
    // The first message in view, and how far below the top of the box it is.
    const boxTop = box.getBoundingClientRect().top;
    const first = [...box.querySelectorAll<HTMLElement>('li[data-id]')].find((item) => item.getBoundingClientRect().bottom > boxTop);
    anchor.current = first ? { id: first.dataset['id']!, top: first.getBoundingClientRect().top - boxTop, oldestId: nodes?.[0]?.id } : null;
    setLoadingOlder(true);
    try {
      await fetchMore({ variables: { before: page.endCursor } });
    } finally {
      setLoadingOlder(false);
    }
  };

  // Before the browser paints: keep the anchored message where it was while older ones are
  // prepended above it (the browser's own scroll anchoring, `overflow-anchor`, is turned off in
  // the CSS: Safari has none, and it would fight this), else follow new messages at the bottom.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const held = anchor.current;
    if (held) {
      const item = box.querySelector<HTMLElement>(`li[data-id="${CSS.escape(held.id)}"]`);
      if (item) box.scrollTop += item.getBoundingClientRect().top - box.getBoundingClientRect().top - held.top;
      if (nodes?.[0]?.id !== held.oldestId) anchor.current = null;
      return;
    }
    if (atBottom.current) box.scrollTop = box.scrollHeight;
  }, [nodes]);

  return (
    <div
      className="messages"
      id="messages"
      ref={scroller}
      onScroll={(event) => {
        const box = event.currentTarget;
        atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 24;
      }}
    >
      {error && <p role="alert">{error.message}</p>}
      {page && (
        <p className="older">
          {page.hasNextPage ? (
            <button type="button" id="load-older" onClick={loadOlder} disabled={loadingOlder}>
              {loadingOlder ? 'Loading…' : 'Load older messages'}
            </button>
          ) : (
            'The start of the conversation.'
          )}
        </p>
      )}
      <ul>
        {nodes?.map((message) => (
          <li key={message.id} data-id={message.id} data-sequence={message.sequence} data-pending={isPendingId(message.id) || undefined}>
            <b className="sender">{message.senderId === me.id ? 'you' : (members.get(message.senderId) ?? 'someone')}</b>{' '}
            <span className="content">{message.deletedAt ? <i>deleted</i> : message.content}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Who else is typing, from `typingChanged` (the server ends a typing state itself after 5 s without news). */
function TypingIndicator({ conversationId, members, me, connection }: { conversationId: string; members: ReadonlyMap<string, string>; me: Me; connection: Connection }) {
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  useSubscription(TYPING_CHANGED, {
    variables: { conversationId },
    onData: ({ data }) => {
      const state = data.data?.typingChanged;
      if (!state || state.userId === me.id) return;
      setTyping((current) => {
        const next = new Set(current);
        if (state.active) next.add(state.userId);
        else next.delete(state.userId);
        return next;
      });
    },
  });
  // A `false` sent while the socket was down never comes: forget who was typing at each reconnect.
  useEffect(() => connection.onConnected(() => setTyping(new Set())), [connection]);
  const names = [...typing].map((userId) => members.get(userId) ?? 'someone');
  return (
    <p id="typing" className="typing" aria-live="polite">
      {names.length === 0 ? '\u00a0' : `${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} typing…`}
    </p>
  );
}

/** Refresh the typing state at most this often while typing (the server forgets it after 5 s). */
const TYPING_REFRESH_MS = 3000;

function Composer({ conversationId, title, me }: { conversationId: string; title: string; me: Me }) {
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sendMessage] = useMutation(SEND_MESSAGE);
  const [setTyping] = useMutation(SET_TYPING);
  const typingSince = useRef(0);

  const typing = (active: boolean) => {
    typingSince.current = active ? Date.now() : 0;
    setTyping({ variables: { conversationId, active } }).catch(() => {});
  };
  // Leaving the conversation ends our typing state there.
  useEffect(() => () => void (typingSince.current && typing(false)), []); // eslint-disable-line react-hooks/exhaustive-deps

  const change = (value: string) => {
    setText(value);
    if (value.trim() && Date.now() - typingSince.current > TYPING_REFRESH_MS) typing(true);
    else if (!value.trim() && typingSince.current) typing(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content) return;
    setText('');
    setFailure(null);
    // The server ends our typing state itself when the message is sent.
    typingSince.current = 0;
    // The client's own id of this send: the optimistic message carries it, and so do the
    // server's answer and the `messageCreated` echo, which cache.ts matches against it.
    const input = { conversationId, clientMessageId: crypto.randomUUID(), content };
    sendMessage({
      variables: { input },
      optimisticResponse: { sendMessage: pendingMessage(input, me.id) },
      update: (cache, { data }) => {
        if (data) addMessages(cache, conversationId, [data.sendMessage]);
      },
    }).catch((error: unknown) => {
      // Apollo has already removed the optimistic message; give the text back.
      setFailure(`Not sent: ${error instanceof Error ? error.message : String(error)}`);
      setText((current) => current || content);
    });
  };

  return (
    <form id="composer" onSubmit={submit}>
      <input id="text" value={text} onChange={(event) => change(event.target.value)} onBlur={() => typingSince.current && typing(false)} autoComplete="off" placeholder={`Message ${title}`} />
      <button type="submit">Send</button>
      {failure && <p role="alert">{failure}</p>}
    </form>
  );
}
