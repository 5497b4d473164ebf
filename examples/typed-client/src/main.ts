/**
 * Alice reads #general and talks in it, with every operation typed from Parley's schema.
 *
 *   npm start                                       # Parley, in one terminal
 *   npx tsx examples/typed-client/src/main.ts       # PARLEY_URL=http://host:port to point elsewhere
 */
import { ParleyClient } from './parley-client.js';

const alice = new ParleyClient(process.env['PARLEY_URL'] ?? 'http://127.0.0.1:4000');
const user = await alice.login('alice@acme.test', 'parley-demo');
const general = await alice.channel('general');

const newest = await alice.page({ conversationId: general, first: 5 });
console.log(`${user.displayName} reads #general:`);
for (const message of newest.nodes) console.log(`  #${message.sequence} ${message.content ?? '(deleted)'}`);
if (newest.hasNextPage) {
  const older = await alice.page({ conversationId: general, first: 5, before: newest.endCursor });
  console.log(`  ... and ${older.nodes.length} older on the next page`);
}

// Live: listen first, then send; the event carries the sequence the mutation returned.
const live = alice.messageCreated(general);
const next = live.next();
await new Promise((resolve) => setTimeout(resolve, 200)); // graphql-ws does not acknowledge a subscribe
const sent = await alice.send(general, 'Typed from schema.graphql');
const event = await next;
console.log(`sent #${sent.sequence}; live: #${event.value?.sequence} ${event.value?.content}`);
await live.return(undefined);
await alice.close();
