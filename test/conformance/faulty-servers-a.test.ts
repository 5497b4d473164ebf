import { describeFaultyServers } from './support/faulty-servers.js';

/** Half of the faulty servers (every other one); the rest run in faulty-servers-b.test.ts. */
describeFaultyServers(0);
