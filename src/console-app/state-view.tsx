import { memo, useEffect, useMemo, useState } from 'react';
import { devGet } from './api.js';
import { MessagesView } from './messages-view.js';
import { ErrorLine } from './outcome.js';
import { OutboxView } from './outbox-view.js';
import { PeopleView } from './people-view.js';
import { SearchView } from './search-view.js';
import type { StateAnswer, UserRow } from './types.js';
import { useLoad } from './use-load.js';
import { WorkspaceView } from './workspace-view.js';

/** The performance mark set when the state first shows: the Chromium test reads the page's load time from it. */
export const STATE_SHOWN_MARK = 'parley-console:state-shown';

/**
 * The state browser: `GET /dev/state` (workspaces → conversations, users, counts), message search,
 * a conversation's messages, members, files, notifications and the outbox. Reloads when the live
 * stream reports a change (at most once a second).
 */
export const StateView = memo(function StateView({ stateVersion }: { readonly stateVersion: number }) {
  const state = useLoad(() => devGet<StateAnswer>('/state'), [stateVersion]);
  const [open, setOpen] = useState<string | null>(null);
  // Closed sections load nothing.
  const [usersOpen, setUsersOpen] = useState(false);
  const [outboxOpen, setOutboxOpen] = useState(false);
  const users = useMemo(() => new Map<string, UserRow>((state.data?.users ?? []).map((user) => [user.id, user])), [state.data]);
  const shown = state.data !== null;
  useEffect(() => {
    if (shown && performance.getEntriesByName(STATE_SHOWN_MARK).length === 0) performance.mark(STATE_SHOWN_MARK);
  }, [shown]);

  const openTitle = useMemo(() => {
    for (const workspace of state.data?.workspaces ?? []) {
      const found = workspace.conversations.find((conversation) => conversation.id === open);
      if (found) return found.title ? `#${found.title}` : found.memberIds.map((id) => users.get(id)?.username ?? id).join(', ');
    }
    return open ?? '';
  }, [open, state.data, users]);

  return (
    <div className="state">
      <SearchView state={state.data} onOpen={setOpen} />
      <ErrorLine error={state.error} />
      {state.data ? (
        <p className="counts" aria-label="Counts">
          {Object.entries(state.data.counts)
            .map(([name, count]) => `${count} ${name}`)
            .join(' · ')}
          {state.data.truncated ? ' · (lists truncated)' : ''}
        </p>
      ) : (
        <p>Loading the state…</p>
      )}
      {open ? <MessagesView conversationId={open} title={openTitle} stateVersion={stateVersion} /> : null}
      <h2>Workspaces</h2>
      {state.data?.workspaces.map((workspace) => (
        <WorkspaceView key={workspace.id} workspace={workspace} users={users} onOpen={setOpen} />
      ))}
      <details onToggle={(event) => setUsersOpen(event.currentTarget.open)}>
        <summary>Users ({state.data?.users.length ?? 0})</summary>
        {usersOpen ? <PeopleView users={state.data?.users ?? []} /> : null}
      </details>
      <details onToggle={(event) => setOutboxOpen(event.currentTarget.open)}>
        <summary>Outbox</summary>
        {outboxOpen ? <OutboxView stateVersion={stateVersion} /> : null}
      </details>
    </div>
  );
});
