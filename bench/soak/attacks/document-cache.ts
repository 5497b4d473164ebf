import { MiB, type Attack } from '../attack.js';

/**
 * The document cache: 200 distinct anonymous documents of 1 MB each (`{ health }` and a
 * 1,000,000-character comment with a unique name, just under the 1 MiB body limit), one after
 * another.
 */

const DOCUMENTS = 200;
const PADDING = 'x'.repeat(1_000_000);
/** docs/mock-behaviour.md, "The document cache": 32 MiB of estimated bytes, at or above what each entry holds. */
const BUDGET = 32 * MiB;

export const documentCache: Attack = {
  name: 'document cache: 200 distinct 1 MB documents in turn',
  args: () => ['--empty'],
  why: 'keeps the cache budget (32 MiB of estimates, at or above what entries hold); in flight: one 1 MB body, as bytes and text',
  keeps: () => BUDGET,
  inFlight: 3 * MiB,
  async prepare({ client }) {
    return async () => {
      let answered = 0;
      for (let n = 0; n < DOCUMENTS; n++) {
        const answer = await client.postBody<{ health: unknown }>(JSON.stringify({ query: `query Padded${n} { health } # ${PADDING}` }));
        if (answer.data?.health !== undefined) answered += 1;
      }
      return { summary: `${answered} of ${DOCUMENTS} answered with data` };
    };
  },
};
