import { memo, useState } from 'react';
import type { DevEvents } from './use-dev-events.js';
import type { JournalEntry } from './types.js';

function matches(entry: JournalEntry, operation: string, user: string, failedOnly: boolean): boolean {
  if (operation && !(entry.operationName ?? '').toLowerCase().includes(operation.toLowerCase())) return false;
  if (user && !`${entry.caller?.username ?? ''} ${entry.caller?.id ?? ''}`.toLowerCase().includes(user.toLowerCase())) return false;
  return !failedOnly || entry.errorCodes.length > 0 || (entry.status !== null && entry.status >= 400);
}

/**
 * Live: the request journal as it streams (`GET /dev/events`, `event: journal`; the first rows from
 * `GET /dev/journal`), filtered by operation, user and failures, each row's variables (redacted
 * by the server) on a click; and the domain events as they are published (`event: domain`).
 */
export const LivePanel = memo(function LivePanel({ live }: { readonly live: DevEvents }) {
  const [operation, setOperation] = useState('');
  const [user, setUser] = useState('');
  const [failedOnly, setFailedOnly] = useState(false);
  const [kind, setKind] = useState('');
  const [open, setOpen] = useState<JournalEntry | null>(null);
  const rows = live.journal.filter((entry) => matches(entry, operation, user, failedOnly));
  const events = live.events.filter((event) => !kind || event.kind.toLowerCase().includes(kind.toLowerCase()));
  return (
    <section aria-label="Live" className="panel live">
      <p className="muted">{live.connected ? 'Streaming from /dev/events.' : 'Not connected to /dev/events (reconnecting…).'}</p>
      <h2>Requests</h2>
      <div className="row">
        <label>
          Operation <input aria-label="Operation" value={operation} onChange={(event) => setOperation(event.target.value)} size={16} />
        </label>
        <label>
          User <input aria-label="User" value={user} onChange={(event) => setUser(event.target.value)} size={12} />
        </label>
        <label>
          <input type="checkbox" checked={failedOnly} onChange={(event) => setFailedOnly(event.target.checked)} /> Failures only
        </label>
      </div>
      <div className="scroll">
        <table aria-label="Request journal">
          <thead>
            <tr>
              <th>Time</th>
              <th>Operation</th>
              <th>User</th>
              <th>ms</th>
              <th>Status</th>
              <th>Error code</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry, index) => (
              <tr key={`${entry.time}-${index}`} className={entry.errorCodes.length > 0 ? 'failed' : undefined} aria-selected={open === entry}>
                <td className="nowrap">{new Date(entry.time).toLocaleTimeString()}</td>
                <td>
                  <button type="button" className="link" onClick={() => setOpen(open === entry ? null : entry)}>
                    {entry.operationName ?? `(anonymous ${entry.operationType ?? 'request'})`}
                  </button>{' '}
                  <span className="muted">{entry.transport}</span>
                </td>
                <td>{entry.caller?.username ?? entry.caller?.id ?? ''}</td>
                <td>{entry.durationMs.toFixed(1)}</td>
                <td>{entry.status ?? ''}</td>
                <td>{entry.errorCodes.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open ? (
        <figure>
          <figcaption>Variables of {open.operationName ?? 'the request'} (secrets redacted by the server)</figcaption>
          <pre aria-label="Variables">{JSON.stringify(open.variables, null, 2)}</pre>
        </figure>
      ) : null}
      <h2>Events</h2>
      <label>
        Event kind <input aria-label="Event kind" value={kind} onChange={(event) => setKind(event.target.value)} size={16} />
      </label>
      <div className="scroll">
        <ol aria-label="Events" className="events">
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <code>{new Date(event.at).toLocaleTimeString()}</code> <strong>{event.kind}</strong> <span className="muted">{event.topic}</span>
              <pre>{JSON.stringify(event.payload)}</pre>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
});
