import fc from 'fast-check';

/**
 * Hostile HTTP requests for the fuzzer: broken JSON, wrong content types and methods, wrong and
 * absurd variable values, huge and deeply nested values, alias and fragment bombs, unicode and
 * control characters, unknown fields and operations, and well-formed mutations with bad input.
 */
export interface HostileRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** What the generator meant to send, for the failure report. */
  readonly kind: string;
}

export interface FuzzTargets {
  readonly token: string;
  readonly conversationId: string;
  readonly messageId: string;
  readonly workspaceId: string;
}

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 });
const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom('', ' ', '\u0000', '\u202e', '\ud800', '💥'.repeat(1000), 'x'.repeat(50_000), '../../etc/passwd', "'; DROP TABLE messages; --", '{"$gt": ""}'),
);
const absurdNumber = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, -1e308, 0.5, 1e-9),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
/** Deep values are built in a loop: the generator must not be what overflows. */
const deep = (depth: number, wrap: (inner: unknown) => unknown = (inner) => [inner]): unknown => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = wrap(value);
  return value;
};
/** Around the nesting limit (64) and far past it, up to `max`: JSON.stringify of the body must stay within its own stack. */
const depthUpTo = (max: number) => fc.oneof(fc.integer({ min: 60, max: 70 }), fc.integer({ min: 100, max }));
const nestingDepth = depthUpTo(3000);
const deepValue = fc.oneof(
  nestingDepth.map((depth) => deep(depth)),
  depthUpTo(1500).map((depth) => deep(depth, (inner) => ({ a: inner }))),
  depthUpTo(700).map((depth) => deep(depth, (inner) => [{ key: inner, text: '\ud800' }])),
);
/** Strings that are not well-formed Unicode, or that hide what they are (controls, zero-width, bidi). */
const malformedText = fc.oneof(
  fc.constantFrom('\ud800', '\udfff', 'lone \ud83d half', 'reversed \ude00\ud83d pair', 'invoice\u202efdp.exe', 'zero\u200bwidth', 'nul\u0000', '\ufeffbom', 'isolate\u2067'),
  fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 4 }),
);
/**
 * Lone surrogates in the document itself, in every place the lexer reads differently: a string
 * literal (raw, or as a fixed-width, braced or reversed-pair escape), a block string, a comment,
 * and each kind of name. Otherwise a real operation, so that only the surrogate can refuse it.
 */
function loneSurrogateDocuments(targets: FuzzTargets): fc.Arbitrary<string> {
  const raw = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\ude00\ud83d');
  const escaped = fc.constantFrom('\\uD800', '\\uDFFF', '\\u{D800}', '\\u{DFFF}', '\\uDE00\\uD83D', '\\uD83D x', '\\uD83D\\u0041');
  const c = targets.conversationId;
  const inString = (x: string) => [
    `{ messages(conversationId: "${x}") { nodes { id } } }`,
    `mutation { editMessage(id: "${targets.messageId}", content: "edited ${x}") { id } }`,
    `mutation { sendMessage(input: {conversationId: "${c}", clientMessageId: "${x}", content: "hi ${x}"}) { id } }`,
    `query($c: ID = "${x}") { messages(conversationId: $c) { nodes { id } } }`,
  ];
  const anywhere = (x: string) => [
    ...inString(x),
    `{ messages(conversationId: """${x}""") { nodes { id } } }`,
    `mutation { editMessage(id: "${targets.messageId}", content: """block ${x} string""") { id } }`,
    `# comment ${x} then\n{ health }`,
    `{ heal${x}th }`,
    `{ a${x}: health }`,
    `{ messages(conversationId${x}: "${c}") { nodes { id } } }`,
    `query Op${x} { health }`,
    `query($c${x}: ID!) { messages(conversationId: $c${x}) { nodes { id } } }`,
    `{ ...F${x} } fragment F${x} on Query { health }`,
    `{ ... on Query${x} { health } }`,
    `{ health @skip${x}(if: false) }`,
    `mutation { createWorkspace(input: {name: "n", slug: "s-1", purposes: [DESIGN${x}]}) { id } }`,
  ];
  const pick = (all: string[], at: number) => all[at % all.length]!;
  return fc.oneof(fc.tuple(raw, fc.nat()).map(([x, at]) => pick(anywhere(x), at)), fc.tuple(escaped, fc.nat()).map(([x, at]) => pick(inString(x), at)));
}

/** Names every plain object inherits or treats specially: a lookup by request text must find none of them. */
export const prototypeName = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__');

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  malformedText,
  absurdNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 4 }),
  deepValue,
  fc.constant(Array.from({ length: 20_000 }, (_, i) => i)),
);

/** Mostly plausible, sometimes hostile: a request must get far enough in to reach late checks. */
const mostly = <T>(plausible: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ arbitrary: plausible, weight: 3 }, { arbitrary: hostileValue, weight: 1 });
const text = fc.oneof(fc.string({ minLength: 1, maxLength: 60 }), fc.string({ minLength: 100, maxLength: 2000 }), malformedText, fc.constantFrom('hello', 'x'.repeat(40_000), 'x'.repeat(40_001), 'a\u0000b', '   ', 'ok 👍'));

/** A literal nested `depth` deep: a list, an object, or both in turn. */
function deepLiteral(depth: number, kind: 'list' | 'object' | 'mixed'): string {
  const open = (level: number) => (kind === 'list' || (kind === 'mixed' && level % 2 === 0) ? '[' : '{a: ');
  const close = (level: number) => (kind === 'list' || (kind === 'mixed' && level % 2 === 0) ? ']' : '}');
  const levels = Array.from({ length: depth }, (_, level) => level);
  return `${levels.map(open).join('')}1${levels.reverse().map(close).join('')}`;
}

const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 8 },
  fc.constantFrom('text/plain', 'application/graphql', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', ''),
  printable,
);
const accept = fc.constantFrom('application/json', 'application/graphql-response+json', '*/*', 'text/html', 'application/xml', '');

/** Documents: real operations, unknown ones, syntax garbage, and bombs. */
function documents(targets: FuzzTargets): fc.Arbitrary<{ query: unknown; variables?: unknown; operationName?: unknown }> {
  const field = fc.constantFrom('health', 'me { id }', 'workspaces { id }', 'nope', '__typename', '__schema { types { name } }');
  return fc.oneof(
    fc.record({ query: fc.constantFrom('query($c: ID!, $f: Int, $b: String, $a: ID) { messages(conversationId: $c, first: $f, before: $b, aroundMessageId: $a) { nodes { id content } endCursor hasNextPage } }'), variables: fc.record({ c: mostly(fc.constant(targets.conversationId)), f: mostly(fc.integer({ min: -5, max: 120 })), b: hostileValue, a: mostly(fc.constant(targets.messageId)) }, { requiredKeys: ['c'] }) }),
    fc.record({ query: fc.constant('query($c: ID!, $s: Int!, $f: Int) { messagesSince(conversationId: $c, afterSequence: $s, first: $f) { nodes { id } } }'), variables: fc.record({ c: mostly(fc.constant(targets.conversationId)), s: mostly(fc.integer({ min: -3, max: 10 })), f: mostly(fc.integer({ min: -5, max: 120 })) }) }),
    fc.record({ query: fc.constant('mutation($i: SendMessageInput!) { sendMessage(input: $i) { id } }'), variables: fc.record({ i: mostly(fc.record({ conversationId: mostly(fc.constant(targets.conversationId)), clientMessageId: mostly(fc.uuid()), content: mostly(text), replyToMessageId: mostly(fc.constant(targets.messageId)), attachments: mostly(fc.constant([])) }, { requiredKeys: ['conversationId', 'clientMessageId', 'content'] })) }) }),
    fc.record({ query: fc.constant('mutation($id: ID!, $c: String!) { editMessage(id: $id, content: $c) { id } }'), variables: fc.record({ id: mostly(fc.constant(targets.messageId)), c: mostly(text) }) }),
    fc.record({ query: fc.constant('mutation($i: CreateWorkspaceInput!) { createWorkspace(input: $i) { id } }'), variables: fc.record({ i: mostly(fc.record({ name: mostly(text), slug: mostly(fc.stringMatching(/^[a-z0-9-]{1,50}$/)), purposes: mostly(fc.constant(['DESIGN'])) })) }) }),
    fc.record({ query: fc.constant('mutation($i: RegisterInput!) { register(input: $i) }'), variables: fc.record({ i: mostly(fc.record({ displayName: mostly(text), email: mostly(fc.emailAddress()), password: mostly(fc.string({ minLength: 6, maxLength: 140 })), username: mostly(fc.stringMatching(/^[a-z0-9._-]{1,34}$/)) })) }) }),
    fc.record({ query: fc.constant('mutation($m: ID!, $e: String!) { addReaction(messageId: $m, emoji: $e) { id } }'), variables: fc.record({ m: mostly(fc.constant(targets.messageId)), e: mostly(fc.constantFrom('👍', ':+1:', 'two words', '', 'x'.repeat(65))) }) }),
    fc.record({ query: fc.constant('mutation($c: ID!, $s: Int!) { markConversationAsRead(conversationId: $c, sequence: $s) { id } }'), variables: fc.record({ c: mostly(fc.constant(targets.conversationId)), s: mostly(fc.integer({ min: -3, max: 10 })) }) }),
    fc.record({ query: fc.array(field, { minLength: 1, maxLength: 5 }).map((fields) => `{ ${fields.join(' ')} }`) }),
    fc.record({ query: fc.integer({ min: 1, max: 3000 }).map((n) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: health`).join(' ')} }`) }),
    fc.record({ query: fc.integer({ min: 2, max: 40 }).map((n) => `{ ...F${n - 1} } ${Array.from({ length: n }, (_, i) => (i === 0 ? 'fragment F0 on Query { health }' : `fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`)).join(' ')}`) }),
    fc.record({ query: fc.integer({ min: 1, max: 200 }).map((n) => `{ __type(name: "Query") { ${'fields { type { '.repeat(n)}name${' } }'.repeat(n)} } }`) }),
    // Deep list and object literals, in a real argument and in one that does not exist, and deep selections:
    // the nesting limit must refuse them before the parser recurses.
    fc.record({ query: fc.tuple(nestingDepth, fc.constantFrom('list', 'object', 'mixed') as fc.Arbitrary<'list' | 'object' | 'mixed'>, fc.boolean()).map(([depth, kind, real]) => (real ? `{ messages(conversationId: ${deepLiteral(depth, kind)}) { nodes { id } } }` : `{ health(x: ${deepLiteral(depth, kind)}) }`)) }),
    fc.record({ query: nestingDepth.map((depth) => `${'{ a '.repeat(depth)}${'}'.repeat(depth)}`) }),
    fc.record({ query: fc.constant('mutation($i: CreateWorkspaceInput!) { createWorkspace(input: $i) { id } }'), variables: fc.record({ i: fc.record({ name: malformedText, slug: fc.stringMatching(/^[a-z0-9-]{1,50}$/) }), extra: deepValue }, { requiredKeys: ['i'] }) }),
    fc.record({ query: fc.oneof(nasty, hostileValue), variables: fc.oneof(hostileValue, fc.constant(undefined)), operationName: fc.oneof(hostileValue, fc.constant(undefined)) }),
    fc.record({ query: fc.constant('query A { health } query B { me { id } }'), operationName: fc.oneof(fc.constantFrom('A', 'B', 'C'), malformedText, hostileValue) }),
    fc.record({ query: loneSurrogateDocuments(targets), operationName: fc.oneof(fc.constant(undefined), fc.constantFrom('Op', 'Op\ud800')) }, { requiredKeys: ['query'] }),
    // A lone surrogate in a variable's name or in an input object's key, the value itself well formed.
    fc.record({
      query: fc.constant('mutation($i: CreateWorkspaceInput!) { createWorkspace(input: $i) { id } }'),
      variables: fc.tuple(malformedText, fc.stringMatching(/^[a-z0-9-]{1,50}$/), fc.boolean()).map(([key, slug, nested]) => (nested ? { i: { name: 'keys', slug, [key]: 'x' } } : { i: { name: 'keys', slug }, [key]: 1 })),
    }),
    // Deep list types and default values in variable definitions; long chains of fragment spreads
    // (each one bracket deep, up to past the token limit), whose recursion no bracket count sees.
    fc.record({ query: fc.tuple(nestingDepth, fc.boolean()).map(([depth, inType]) => (inType ? `query($v: ${'['.repeat(depth)}Int${']'.repeat(depth)}) { health }` : `query($v: [Int] = ${deepLiteral(depth, 'list')}) { health }`)) }),
    fc.record({ query: fc.integer({ min: 50, max: 700 }).map((n) => `{ ...F${n - 1} } ${Array.from({ length: n }, (_, i) => (i === 0 ? 'fragment F0 on Query { health }' : `fragment F${i} on Query { __typename ...F${i - 1} }`)).join(' ')}`) }),
  );
}

export function hostileRequests(targets: FuzzTargets): fc.Arbitrary<HostileRequest> {
  const authorization = fc.oneof(
    { arbitrary: fc.constant(`Bearer ${targets.token}`), weight: 6 },
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: fc.constantFrom('Bearer', 'Basic abc', `bearer ${targets.token}`, `Basic ${targets.token}`), weight: 1 },
    { arbitrary: printable, weight: 1 },
  );
  const headers = (type: string, acc: string, auth: string | undefined) => ({
    ...(type === '' ? {} : { 'content-type': type }),
    ...(acc === '' ? {} : { accept: acc }),
    ...(auth === undefined ? {} : { authorization: auth }),
  });
  const graphqlPost = fc.record({ doc: documents(targets), type: contentType, acc: accept, auth: authorization }).map(({ doc, type, acc, auth }): HostileRequest => ({
    method: 'POST',
    path: '/graphql',
    headers: headers(type, acc, auth),
    body: JSON.stringify(doc),
    kind: 'graphql document',
  }));
  const brokenJson = fc.record({ doc: documents(targets), cut: fc.nat(), junk: nasty, type: contentType, auth: authorization }).map(({ doc, cut, junk, type, auth }): HostileRequest => {
    const text = JSON.stringify(doc);
    return { method: 'POST', path: '/graphql', headers: headers(type, 'application/json', auth), body: text.slice(0, cut % (text.length + 1)) + junk, kind: 'broken JSON' };
  });
  const getRequest = fc.record({ doc: documents(targets), acc: accept, auth: authorization }).map(({ doc, acc, auth }): HostileRequest => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(doc)) if (value !== undefined) params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    return { method: 'GET', path: `/graphql?${params.toString().slice(0, 6000)}`, headers: headers('', acc, auth), kind: 'GET' };
  });
  const otherMethods = fc.record({ method: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS') as fc.Arbitrary<HostileRequest['method']>, path: fc.constantFrom('/graphql', '/ready', '/uploads/nope', '/', '/%E0%A4%A'), body: nasty }).map(
    ({ method, path, body }): HostileRequest => ({ method, path, headers: { 'content-type': 'application/json' }, ...(method === 'OPTIONS' ? {} : { body }), kind: `${method} ${path}` }),
  );
  // Names every plain object inherits, wherever a request's text picks an entry of a table: an
  // asset, a dev route, an operation (chaos settings are keyed by operation name).
  const prototypeRequest = fc.record({ name: prototypeName, where: fc.constantFrom('asset', 'dev', 'operation'), auth: authorization }).map(({ name, where, auth }): HostileRequest => {
    if (where === 'asset') return { method: 'GET', path: `/graphiql/${name}`, headers: {}, kind: 'GET /graphiql/<inherited name>' };
    if (where === 'dev') return { method: 'GET', path: `/dev/${name}`, headers: {}, kind: 'GET /dev/<inherited name>' };
    return { method: 'POST', path: '/graphql', headers: headers('application/json', 'application/json', auth), body: JSON.stringify({ query: `query ${name} { health }`, operationName: name }), kind: 'operation with an inherited name' };
  });
  // Reading the journal walks the variables of every request kept, refused ones included.
  const journalRead = fc.constant<HostileRequest>({ method: 'GET', path: '/dev/journal?limit=20', headers: {}, kind: 'GET /dev/journal' });
  return fc.oneof({ arbitrary: graphqlPost, weight: 6 }, { arbitrary: brokenJson, weight: 2 }, { arbitrary: getRequest, weight: 1 }, { arbitrary: otherMethods, weight: 1 }, { arbitrary: journalRead, weight: 1 }, { arbitrary: prototypeRequest, weight: 1 });
}
