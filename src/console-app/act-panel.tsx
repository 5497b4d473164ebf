import { memo, useEffect, useMemo, useState } from 'react';
import { devGet, devSend, graphql } from './api.js';
import { clientMessageId, DELETE, EDIT, MARK_READ, REACT, SEND, TYPING } from './act-operations.js';
import { ErrorLine, OutcomeLine, useAction } from './outcome.js';
import type { MessagesAnswer, SessionAnswer, StateAnswer } from './types.js';
import { useLoad } from './use-load.js';

/**
 * Act as anyone: pick a user (`POST /dev/sessions` signs them in, no password), pick one of their
 * conversations, then send, edit, delete, react, type or mark as read. Each act is an ordinary
 * GraphQL mutation to `/graphql` with that user's token, so permissions and events hold and
 * every app subscribed sees it live. "Open GraphiQL as …" opens GraphiQL signed in as them.
 */
export const ActPanel = memo(function ActPanel({ stateVersion }: { readonly stateVersion: number }) {
  const state = useLoad(() => devGet<StateAnswer>('/state'), [stateVersion]);
  const [userId, setUserId] = useState('');
  const [session, setSession] = useState<SessionAnswer | null>(null);
  const [conversationId, setConversationId] = useState('');
  const [text, setText] = useState('');
  const [target, setTarget] = useState('');
  const [emoji, setEmoji] = useState(':+1:');
  const [outcome, run, busy] = useAction();

  const conversations = useMemo(
    () =>
      (state.data?.workspaces ?? []).flatMap((workspace) =>
        workspace.conversations
          .filter((conversation) => conversation.memberIds.includes(userId))
          .map((conversation) => ({ id: conversation.id, label: `${workspace.name} · ${conversation.title ? `#${conversation.title}` : conversation.memberIds.map((id) => state.data?.users.find((user) => user.id === id)?.username ?? id).join(', ')}` })),
      ),
    [state.data, userId],
  );
  const messages = useLoad(
    () => (conversationId ? devGet<MessagesAnswer>('/messages', { conversation: conversationId, limit: 20 }) : Promise.resolve(null)),
    [conversationId, stateVersion],
  );
  const live = (messages.data?.messages ?? []).filter((message) => !message.deleted);

  // A new user: sign in as them and drop what belonged to the last one.
  useEffect(() => {
    setSession(null);
    setConversationId('');
    setTarget('');
    if (!userId) return;
    void run(async () => {
      const started = await devSend<SessionAnswer>('POST', '/sessions', { user: userId });
      setSession(started);
      return `signed in as ${started.username}`;
    });
  }, [userId, run]);

  useEffect(() => {
    if (conversationId === '' && conversations[0]) setConversationId(conversations[0].id);
  }, [conversations, conversationId]);

  function act(name: string, document: string, variables: Record<string, unknown>, done: string): void {
    if (!session) return;
    void run(async () => {
      await graphql(session.accessToken, document, variables, name);
      return `${session.username}: ${done}`;
    });
  }

  const ready = session !== null && conversationId !== '' && !busy;
  return (
    <section aria-label="Act as a user" className="panel act">
      <div className="row">
        <label>
          Act as{' '}
          <select aria-label="Act as" value={userId} onChange={(event) => setUserId(event.target.value)}>
            <option value="">pick a user…</option>
            {state.data?.users.map((user) => (
              <option key={user.id} value={user.id}>
                {user.username} ({user.displayName})
              </option>
            ))}
          </select>
        </label>
        {session ? (
          <a href={session.graphiqlUrl} target="_blank" rel="noopener">
            Open GraphiQL as {session.username}
          </a>
        ) : null}
      </div>
      <ErrorLine error={state.error} />
      <label>
        Conversation{' '}
        <select aria-label="Conversation" value={conversationId} onChange={(event) => setConversationId(event.target.value)} disabled={!session}>
          {conversations.map((conversation) => (
            <option key={conversation.id} value={conversation.id}>
              {conversation.label}
            </option>
          ))}
        </select>
      </label>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() === '') return;
          act('SendMessage', SEND, { input: { conversationId, clientMessageId: clientMessageId(), content: text } }, 'message sent');
          setText('');
        }}
      >
        <label className="wide">
          Text <textarea aria-label="Text" value={text} onChange={(event) => setText(event.target.value)} rows={2} />
        </label>
        <button type="submit" disabled={!ready}>
          Send
        </button>
      </form>
      <fieldset disabled={!ready}>
        <legend>On one message</legend>
        <label>
          Target message{' '}
          <select aria-label="Target message" value={target} onChange={(event) => setTarget(event.target.value)}>
            <option value="">pick a message…</option>
            {live.map((message) => (
              <option key={message.id} value={message.id}>
                #{message.sequence} {message.authorUsername ?? message.authorId}: {(message.content ?? '').slice(0, 60)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={!target || text.trim() === ''} onClick={() => act('EditMessage', EDIT, { id: target, content: text }, 'message edited')}>
          Edit to the text
        </button>
        <button type="button" disabled={!target} onClick={() => act('DeleteMessage', DELETE, { id: target }, 'message deleted')}>
          Delete
        </button>
        <label>
          Emoji <input aria-label="Emoji" value={emoji} onChange={(event) => setEmoji(event.target.value)} size={4} />
        </label>
        <button type="button" disabled={!target || emoji === ''} onClick={() => act('AddReaction', REACT, { messageId: target, emoji }, `reacted ${emoji}`)}>
          React
        </button>
      </fieldset>
      <div className="row">
        <button type="button" disabled={!ready} onClick={() => act('SetTyping', TYPING, { conversationId, active: true }, 'typing')}>
          Start typing
        </button>
        <button type="button" disabled={!ready} onClick={() => act('SetTyping', TYPING, { conversationId, active: false }, 'stopped typing')}>
          Stop typing
        </button>
        <button
          type="button"
          disabled={!ready || !messages.data?.messages[0]}
          onClick={() => act('MarkConversationAsRead', MARK_READ, { conversationId, sequence: messages.data?.messages[0]?.sequence ?? 0 }, 'conversation marked as read')}
        >
          Mark as read
        </button>
      </div>
      <OutcomeLine outcome={outcome} label="Act outcome" />
    </section>
  );
});
