import { ErrorCode } from '../../../schema/error-codes.js';
import { jsonResponse } from '../respond.js';
import { readTextBody, type DevRoute } from './dev-route.js';

/** The largest fixtures file `POST /dev/fixtures` reads. */
const MAX_FIXTURES_BYTES = 16 * 1024 ** 2;

/**
 * `POST /dev/fixtures`: replace the state with one built from a fixtures file (the body, as
 * `--fixtures FILE` reads it; docs/fixtures-format.md). A file with problems is refused with 400,
 * `BAD_USER_INPUT` and every problem with its JSON path (`extensions.problems`), and nothing
 * changes. Open WebSockets close with 1012, as for any swap; `POST /dev/reset` still goes back to
 * the state the server started with.
 */
export const fixturesRoute: DevRoute = {
  path: '/dev/fixtures',
  description: 'POST a fixtures file (docs/fixtures-format.md) to replace the state with its users, workspaces, channels and messages',
  methods: {
    POST: async ({ controls, request }) => {
      const text = await readTextBody(request, MAX_FIXTURES_BYTES);
      if (text instanceof Response) return text;
      const result = await controls.loadFixtures(text);
      if (!result.ok) {
        const { formatProblems } = await import('../../user-fixtures/problems.js');
        const count = result.problems.length === 1 ? '1 problem' : `${result.problems.length} problems`;
        const message = `the fixtures have ${count}:\n${formatProblems(result.problems)}`;
        return jsonResponse(400, { errors: [{ message, extensions: { code: ErrorCode.BAD_USER_INPUT, problems: result.problems } }] });
      }
      const { tables } = result.state;
      return jsonResponse(200, { status: 'loaded', users: tables.users.size, workspaces: tables.workspaces.size, conversations: tables.conversations.size, messages: tables.messages.size });
    },
  },
};
