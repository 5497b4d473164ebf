import { MiB, type Attack } from '../attack.js';

/**
 * Wrong passwords: 1,000 wrong-password logins for one account, 8 at a time (as fast as one client
 * goes). After 10 failures the address is locked and answered `RATE_LIMITED` before any hashing.
 */

const ATTEMPTS = 1_000;
const IN_FLIGHT = 8;
/** scrypt with N = 16384, r = 8 works in 16 MiB; libuv runs 4 at once. */
const HASHING = 4 * 16 * MiB;

export const wrongPasswords: Attack = {
  name: 'wrong passwords: 1,000 logins for one account, 8 in flight',
  args: () => ['--empty'],
  why: 'keeps one throttle entry; in flight: 4 password hashes at once (scrypt, 16 MiB each, on libuv\'s 4 threads)',
  keeps: () => 0,
  inFlight: HASHING,
  async prepare({ client }) {
    await client.register('soak-passwords');
    return async () => {
      const codes = new Map<string, number>();
      let next = 0;
      const one = async () => {
        while (next < ATTEMPTS) {
          const answer = await client.post('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email: 'soak-passwords@example.test', password: `wrong ${next++}` } });
          const code = answer.errors?.[0]?.extensions?.code ?? (answer.data ? 'logged in' : String(answer.status));
          codes.set(code, (codes.get(code) ?? 0) + 1);
        }
      };
      const start = performance.now();
      await Promise.all(Array.from({ length: IN_FLIGHT }, one));
      const seconds = (performance.now() - start) / 1000;
      return { summary: `${[...codes].map(([code, n]) => `${n} x ${code}`).join(', ')} in ${seconds.toFixed(1)} s` };
    };
  },
};
