import { iso } from '../../graphql/views/time.js';
import { jsonResponse } from '../respond.js';
import type { DevRoute } from './dev-route.js';

/** `GET /dev/outbox`: every mail the mock would have sent, oldest first. */
export const outboxRoute: DevRoute = {
  path: '/dev/outbox',
  description: 'every mail the mock would have sent (verification, invitations), oldest first',
  methods: {
    GET: ({ host }) => {
      const mails = host.state.outbox.list().map((mail) => ({ id: mail.id, to: mail.to, subject: mail.subject, text: mail.text, token: mail.token, link: mail.link, sentAt: iso(mail.sentAt) }));
      return jsonResponse(200, { mails });
    },
  },
};
