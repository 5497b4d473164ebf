import { useState, type FormEvent } from 'react';
import { devGet } from './api.js';
import { IdCell } from './copy-button.js';
import { OutcomeLine, useAction } from './outcome.js';
import type { SearchAnswer, StateAnswer } from './types.js';

/** Message text search across every workspace: `GET /dev/search?q=`. A hit opens its conversation. */
export function SearchView({ state, onOpen }: { readonly state: StateAnswer | null; readonly onOpen: (conversationId: string) => void }) {
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [outcome, run] = useAction();

  function titleOf(conversationId: string): string {
    for (const workspace of state?.workspaces ?? []) {
      const found = workspace.conversations.find((conversation) => conversation.id === conversationId);
      if (found) return `${workspace.name} · ${found.title ?? found.type}`;
    }
    return conversationId;
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    void run(async () => {
      const found = await devGet<SearchAnswer>('/search', { q: text, limit: 50 });
      setAnswer(found);
      return `${found.results.length} message${found.results.length === 1 ? '' : 's'} found for "${found.query}"`;
    });
  }

  return (
    <section aria-label="Search" className="search">
      <form role="search" onSubmit={submit}>
        <label>
          Search messages <input aria-label="Search messages" type="search" value={text} onChange={(event) => setText(event.target.value)} required maxLength={200} placeholder="text in any conversation" />
        </label>
        <button type="submit">Search</button>
      </form>
      <OutcomeLine outcome={outcome} label="Search outcome" />
      {answer && answer.results.length > 0 ? (
        <table aria-label="Search results">
          <thead>
            <tr>
              <th>Conversation</th>
              <th>Author</th>
              <th>Text</th>
              <th>Id</th>
            </tr>
          </thead>
          <tbody>
            {answer.results.map((result) => (
              <tr key={result.message.id}>
                <td>
                  <button type="button" className="link" onClick={() => onOpen(result.conversationId)}>
                    {titleOf(result.conversationId)}
                  </button>
                </td>
                <td>{result.message.authorUsername ?? result.message.authorId}</td>
                <td>{result.message.content}</td>
                <td>
                  <IdCell name="messageId" id={result.message.id} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
