import { useEffect, useState } from 'react';
import { devGet, describeError } from './api.js';
import { IdCell } from './copy-button.js';
import { ErrorLine } from './outcome.js';
import type { MessageRow, MessagesAnswer } from './types.js';

const PAGE = 25;

/** One message as a table row: deleted ones are kept, marked and without text. */
export function MessageTableRow({ message }: { readonly message: MessageRow }) {
  return (
    <tr className={message.deleted ? 'deleted' : undefined}>
      <td>{message.sequence}</td>
      <td>{message.authorUsername ?? message.authorId}</td>
      <td>
        {message.deleted ? <em>deleted</em> : message.content}
        {message.editedAt && !message.deleted ? <span className="tag">edited</span> : null}
        {message.reactions.length > 0 ? <span className="reactions">{message.reactions.map((reaction) => `${reaction.emoji} ${reaction.userIds.length}`).join(' ')}</span> : null}
      </td>
      <td className="nowrap">{new Date(message.createdAt).toLocaleTimeString()}</td>
      <td>
        <IdCell name="messageId" id={message.id} />
      </td>
    </tr>
  );
}

export function MessageTable({ messages, caption }: { readonly messages: readonly MessageRow[]; readonly caption: string }) {
  return (
    <table aria-label={caption}>
      <thead>
        <tr>
          <th>#</th>
          <th>Author</th>
          <th>Text</th>
          <th>Sent</th>
          <th>Id</th>
        </tr>
      </thead>
      <tbody>
        {messages.map((message) => (
          <MessageTableRow key={message.id} message={message} />
        ))}
      </tbody>
    </table>
  );
}

/**
 * A conversation's messages, newest first, `GET /dev/messages?conversation=&before=&limit=`:
 * "Older messages" pages back. Reloads its first page when the state changes.
 */
export function MessagesView({ conversationId, title, stateVersion }: { readonly conversationId: string; readonly title: string; readonly stateVersion: number }) {
  const [messages, setMessages] = useState<readonly MessageRow[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    devGet<MessagesAnswer>('/messages', { conversation: conversationId, limit: PAGE }).then(
      (answer) => {
        if (!current) return;
        setMessages(answer.messages);
        setHasMore(answer.hasMore);
        setError(null);
      },
      (failure: unknown) => current && setError(describeError(failure)),
    );
    return () => {
      current = false;
    };
  }, [conversationId, stateVersion]);

  async function older(): Promise<void> {
    const oldest = messages.at(-1);
    if (!oldest) return;
    try {
      const answer = await devGet<MessagesAnswer>('/messages', { conversation: conversationId, before: oldest.sequence, limit: PAGE });
      setMessages((shown) => [...shown, ...answer.messages]);
      setHasMore(answer.hasMore);
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  return (
    <section aria-label={`Messages of ${title}`} className="messages">
      <h3>
        Messages of {title} <IdCell name="conversationId" id={conversationId} />
      </h3>
      <ErrorLine error={error} />
      <MessageTable messages={messages} caption={`Messages of ${title}`} />
      {hasMore ? (
        <button type="button" onClick={() => void older()}>
          Older messages
        </button>
      ) : null}
    </section>
  );
}
