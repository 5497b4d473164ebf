import { useState } from 'react';
import { devGet } from './api.js';
import { IdCell } from './copy-button.js';
import { ErrorLine } from './outcome.js';
import type { NotificationRow, UserRow } from './types.js';
import { useLoad } from './use-load.js';

function Notifications({ userId }: { readonly userId: string }) {
  const answer = useLoad(() => devGet<{ notifications: readonly NotificationRow[] }>('/notifications', { user: userId }), [userId]);
  if (answer.error) return <ErrorLine error={answer.error} />;
  if (!answer.data) return <p>Loading notifications…</p>;
  if (answer.data.notifications.length === 0) return <p>No notifications.</p>;
  return (
    <table aria-label="Notifications">
      <thead>
        <tr>
          <th>Kind</th>
          <th>Read</th>
          <th>When</th>
          <th>Id</th>
        </tr>
      </thead>
      <tbody>
        {answer.data.notifications.map((notification) => (
          <tr key={notification.id} className={notification.read ? 'muted' : undefined}>
            <td>{notification.kind}</td>
            <td>{notification.read ? 'read' : 'unread'}</td>
            <td>{new Date(notification.createdAt).toLocaleString()}</td>
            <td>
              <IdCell name="notificationId" id={notification.id} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The users of `GET /dev/state`; "Notifications" shows one user's (`GET /dev/notifications?user=`). */
export function PeopleView({ users }: { readonly users: readonly UserRow[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-label="Users" className="people">
      <table aria-label="Users">
        <thead>
          <tr>
            <th>User</th>
            <th>Email</th>
            <th>Online</th>
            <th>Id</th>
            <th></th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>
                {user.displayName} (@{user.username})
              </td>
              <td>{user.email}</td>
              <td>{user.online ? '●' : ''}</td>
              <td>
                <IdCell name="userId" id={user.id} />
              </td>
              <td>
                <button type="button" className="small" aria-pressed={open === user.id} aria-label={`Notifications of ${user.username}`} onClick={() => setOpen(open === user.id ? null : user.id)}>
                  Notifications
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open ? <Notifications userId={open} /> : null}
    </section>
  );
}
