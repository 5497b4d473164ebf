import { devGet } from './api.js';
import { IdCell } from './copy-button.js';
import { ErrorLine } from './outcome.js';
import type { OutboxAnswer } from './types.js';
import { useLoad } from './use-load.js';

/** Every mail the mock would have sent: `GET /dev/outbox`. */
export function OutboxView({ stateVersion }: { readonly stateVersion: number }) {
  const outbox = useLoad(() => devGet<OutboxAnswer>('/outbox'), [stateVersion]);
  return (
    <section aria-label="Outbox">
      <ErrorLine error={outbox.error} />
      {outbox.data && outbox.data.mails.length === 0 ? <p>No mail sent.</p> : null}
      {outbox.data && outbox.data.mails.length > 0 ? (
        <table aria-label="Outbox">
          <thead>
            <tr>
              <th>To</th>
              <th>Subject</th>
              <th>Link</th>
              <th>Sent</th>
              <th>Id</th>
            </tr>
          </thead>
          <tbody>
            {outbox.data.mails.map((mail) => (
              <tr key={mail.id}>
                <td>{mail.to}</td>
                <td>{mail.subject}</td>
                <td>{mail.link ? <a href={mail.link}>{mail.link}</a> : ''}</td>
                <td>{new Date(mail.sentAt).toLocaleString()}</td>
                <td>
                  <IdCell name="id" id={mail.id} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
