import { shellQuote } from './reporters/curl.js';
import type { ReportActor } from './types.js';
import type { Actor, World } from './world.js';

/** How one-liners name the credentials file when the run was not told its name (a library call). */
const unnamedFile = '"$CREDENTIALS_FILE"';

/**
 * A shell command that logs in with curl and prints one field of the AuthPayload. sed, not jq:
 * curl and sed are on every machine a curl line runs on. `-n ... p` prints nothing when the field
 * is missing, so a failed login leaves the variable empty rather than full of an error body.
 */
function curlLogin(graphqlUrl: string, email: string, password: string, field: 'accessToken' | 'refreshToken'): string {
  const body = JSON.stringify({ query: `mutation($i: LoginInput!) { login(input: $i) { ${field} } }`, variables: { i: { email, password } } });
  return `curl -s ${shellQuote(graphqlUrl)} -H 'content-type: application/json' --data-raw ${shellQuote(body)} | sed -nE 's/.*"${field}" *: *"([^"]*)".*/\\1/p'`;
}

function tokenCommand(baseUrl: string, file: string, actor: Actor['name'], refresh: boolean): string {
  return `npx parley conformance token --base-url ${shellQuote(baseUrl)} --credentials ${file} --actor ${actor}${refresh ? ' --refresh' : ''}`;
}

function reportActor(actor: Actor, urls: { baseUrl: string; graphqlUrl: string }, credentialsFile: string | undefined): ReportActor {
  const set = (variable: string, command: string) => [variable, `export ${variable}="$(${command})"`] as const;
  const { name, account } = actor;
  // A login yields a fresh refresh token; an entry with only an access token has none to give.
  const refreshable = actor.refreshToken !== null;
  if (account.kind === 'registered') {
    return {
      name,
      id: actor.id,
      account: { kind: 'registered', email: account.email, password: account.password },
      obtain: Object.fromEntries([
        set(`TOKEN_${name}`, curlLogin(urls.graphqlUrl, account.email, account.password, 'accessToken')),
        ...(refreshable ? [set(`REFRESH_TOKEN_${name}`, curlLogin(urls.graphqlUrl, account.email, account.password, 'refreshToken'))] : []),
        [`PASSWORD_${name}`, `export PASSWORD_${name}=${shellQuote(account.password)}`],
      ]),
    };
  }
  const file = credentialsFile === undefined ? unnamedFile : shellQuote(credentialsFile);
  return {
    name,
    id: actor.id,
    account: { kind: 'credentials', ...(credentialsFile !== undefined ? { file: credentialsFile } : {}), index: account.index },
    obtain: Object.fromEntries([
      set(`TOKEN_${name}`, tokenCommand(urls.baseUrl, file, name, false)),
      ...(refreshable ? [set(`REFRESH_TOKEN_${name}`, tokenCommand(urls.baseUrl, file, name, true))] : []),
    ]),
  };
}

/**
 * The actors of a run as the report names them, each with the lines that set its variables.
 * `credentialsFile` is how those lines name `--credentials FILE` (as the user typed it).
 */
export function reportActors(world: World, urls: { baseUrl: string; graphqlUrl: string }, credentialsFile: string | undefined): ReportActor[] {
  return [world.a, world.b, world.c].flatMap((actor) => (actor ? [reportActor(actor, urls, credentialsFile)] : []));
}
