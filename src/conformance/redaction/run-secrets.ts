import type { World } from '../world.js';
import { Secrets, type Secret } from './secrets.js';

/**
 * The secrets a run knows at its end, named: each actor's access token, refresh token and
 * password, then what the checks obtained and registered (`ctx.secret`), in that order, so an
 * actor's own name wins when a server hands the same value out twice.
 */
export function runSecrets(world: World, learned: readonly Secret[], credentialsFile: string | undefined, onSecret?: (secret: Secret) => void): Secrets {
  const secrets = new Secrets(onSecret);
  for (const actor of [world.a, world.b, world.c]) {
    if (!actor) continue;
    const { name, account } = actor;
    secrets.add(actor.authorization.replace(/^Bearer\s+/i, ''), `TOKEN_${name}`, `actor ${name}'s access token`);
    secrets.add(actor.refreshToken, `REFRESH_TOKEN_${name}`, `actor ${name}'s refresh token`);
    const entry = account.kind === 'credentials' ? `accounts[${account.index}] of ${credentialsFile ?? 'the credentials file'}` : null;
    secrets.add(account.password, `PASSWORD_${name}`, entry ? `the password of ${entry}` : `actor ${name}'s password (an account this run registered: see Actors)`);
  }
  for (const { value, variable, meaning } of learned) secrets.add(value, variable, meaning);
  return secrets;
}
