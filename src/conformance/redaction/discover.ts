import { Kind, parse, visit, type ValueNode } from 'graphql';
import type { Frame } from '../types.js';
import { secretArguments, secretInputFieldNames, secretOutputNames } from './secret-fields.js';

/** Called with each secret value found, the stem of its marker, and where it stood (`accessToken`). */
export type Found = (value: string, stem: string, where: string) => void;

/**
 * The contract's layer of redaction: finds the values of fields the contract calls secret
 * (`secret-fields.ts`) in evidence, whether or not the run knew them, so the server's own tokens
 * (a new AuthPayload, an invite link) and any password a request carried are hidden too.
 */

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Walks JSON; where a key is in `names` and holds a string, the string is a secret. Only a string:
 * the same name may key an object (`{"refreshToken": {"accessToken": ..., "user": {"id": ...}}}`
 * is the `refreshToken` mutation's payload), which is walked like any other.
 */
function byKey(value: unknown, names: ReadonlyMap<string, string>, found: Found): void {
  if (Array.isArray(value)) {
    for (const item of value) byKey(item, names, found);
  } else if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      const stem = names.get(key);
      if (stem !== undefined && typeof inner === 'string') found(inner, stem, key);
      else byKey(inner, names, found);
    }
  }
}

/** Which variables a document passes where a secret goes, and the secrets written in it literally. */
interface DocumentSecrets {
  readonly variables: ReadonlyMap<string, { stem: string; where: string }>;
  readonly literals: readonly { value: string; stem: string; where: string }[];
}

// Checks send the same few documents many times: each is parsed once.
const documents = new Map<string, DocumentSecrets>();

function documentSecrets(query: string): DocumentSecrets {
  const known = documents.get(query);
  if (known) return known;
  const variables = new Map<string, { stem: string; where: string }>();
  const literals: { value: string; stem: string; where: string }[] = [];
  const take = (value: ValueNode, stem: string, where: string) => {
    if (value.kind === Kind.VARIABLE) variables.set(value.name.value, { stem, where });
    else for (const text of literalStrings(value)) literals.push({ value: text, stem, where });
  };
  const fields: string[] = [];
  try {
    visit(parse(query), {
      Field: { enter: (node) => void fields.push(node.name.value), leave: () => void fields.pop() },
      Argument(node) {
        const where = `${fields.at(-1) ?? ''}(${node.name.value}:)`;
        const stem = secretArguments.get(where);
        if (stem !== undefined) take(node.value, stem, where);
      },
      ObjectField(node) {
        const stem = secretInputFieldNames.get(node.name.value);
        if (stem !== undefined) take(node.value, stem, node.name.value);
      },
    });
  } catch {
    // Not a document (a check sending garbage on purpose): nothing to read in it.
  }
  const result = { variables, literals };
  if (documents.size < 1000) documents.set(query, result);
  return result;
}

function literalStrings(value: ValueNode): string[] {
  if (value.kind === Kind.STRING) return [value.value];
  if (value.kind === Kind.LIST) return value.values.flatMap(literalStrings);
  if (value.kind === Kind.OBJECT) return value.fields.flatMap((field) => literalStrings(field.value));
  return [];
}

/** A GraphQL request (`{query, variables}`, or a batch of them): literals, variables passed to secret arguments, secret input fields. */
function inRequest(request: unknown, found: Found): void {
  if (Array.isArray(request)) {
    for (const item of request) inRequest(item, found);
    return;
  }
  if (!isObject(request)) return;
  const { query, variables } = request;
  if (typeof query === 'string') {
    const document = documentSecrets(query);
    for (const { value, stem, where } of document.literals) found(value, stem, where);
    if (isObject(variables)) {
      for (const [name, { stem, where }] of document.variables) {
        const value = variables[name];
        if (typeof value === 'string') found(value, stem, where);
      }
    }
  }
  byKey(variables, secretInputFieldNames, found);
}

/** Secrets in a request body sent over HTTP. */
export function secretsInRequestBody(body: string | undefined, found: Found): void {
  inRequest(parseJson(body), found);
}

/** Secrets in a response body: the values of the contract's secret output fields. */
export function secretsInResponseBody(body: string, found: Found): void {
  byKey(parseJson(body), secretOutputNames, found);
}

/** An auth scheme in front of a token (`Bearer xyz`): the token is the secret, the scheme is not. */
const scheme = /^(?:Bearer|Basic|Token|JWT)\s+/i;

/** Keys under which a `connection_init` payload carries credentials: servers read `Authorization`, `authToken`, `token`, `headers.Authorization`, `cookie`... */
const credentialKey = /auth|token|jwt|secret|password|key|cookie|session/i;

function credentialsIn(payload: unknown, found: Found): void {
  if (Array.isArray(payload)) {
    for (const item of payload) credentialsIn(item, found);
  } else if (isObject(payload)) {
    for (const [key, inner] of Object.entries(payload)) {
      if (!credentialKey.test(key)) {
        credentialsIn(inner, found);
        continue;
      }
      if (typeof inner !== 'string') {
        credentialsIn(inner, found);
        continue;
      }
      const token = inner.replace(scheme, '');
      // A scheme alone ("Bearer") is no secret, and taking it for one would mark every "Bearer".
      if (!/^(?:Bearer|Basic|Token|JWT)$/i.test(token)) found(token, 'SECRET', `${key} of a connection_init payload`);
    }
  }
}

/**
 * Secrets in a graphql-ws frame: a sent `subscribe` is a request; a received `next` a response;
 * a `connection_init` payload's credentials, whatever the key the server reads them under.
 */
export function secretsInFrame(frame: Frame, found: Found): void {
  const message = parseJson(frame.text);
  if (!isObject(message)) return;
  if (message['type'] === 'connection_init') {
    credentialsIn(message['payload'], found);
  } else if (frame.direction === 'sent') {
    inRequest(message['payload'], found);
  } else {
    byKey(message['payload'], secretOutputNames, found);
  }
}

/** Query parameters that carry credentials in URLs (a WebSocket URL with `?token=`, a signed link). */
const urlSecret = /[?&](?:token|access_token|accessToken|refresh_token|refreshToken|auth|authorization|jwt|password|api_key|apikey)=([^&#\s"'\\<>]+)/gi;

/** Secrets in the query string of any URL inside `text`. */
export function secretsInUrls(text: string, found: Found): void {
  for (const match of text.matchAll(urlSecret)) found(match[1]!, 'SECRET', 'a URL query parameter');
}
