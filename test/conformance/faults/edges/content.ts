import type { Fault } from '../../support/fault.js';
import { rewriteArgument, type ArgumentState } from '../../support/operation.js';
import type { GraphQLRequest } from '../../support/proxy.js';

/**
 * Servers that store a message's text, or its clientMessageId, other than as the client sent it
 * (SPEC.md 2.1). Each rewrites what `sendMessage` and `editMessage` store, so every answer after
 * (the acknowledgement, both queries, the events) shows the altered value, as a server's would.
 * The scripted checks send plain ASCII text and lowercase ids with nothing around them, so none
 * of these changes anything they see.
 */

type Alter = (value: string) => string;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Changes the string member `key` of the input object an argument receives. */
function inInput(key: string, alter: Alter): (state: ArgumentState) => ArgumentState {
  return (state) => (state.present && isObject(state.value) && typeof state.value[key] === 'string' ? { present: true, value: { ...state.value, [key]: alter(state.value[key]) } } : state);
}

function inString(alter: Alter): (state: ArgumentState) => ArgumentState {
  return (state) => (state.present && typeof state.value === 'string' ? { present: true, value: alter(state.value) } : state);
}

/**
 * The request with the stored values altered. An input written inline as a literal object cannot
 * be rewritten (operation.ts writes scalars only); such a request passes as it is.
 */
function storing(request: GraphQLRequest, fields: readonly string[], content: Alter | null, clientMessageId: Alter | null): GraphQLRequest | undefined {
  try {
    let out = request;
    if (fields.includes('sendMessage')) {
      if (content) out = rewriteArgument(out, 'sendMessage', 'input', inInput('content', content));
      if (clientMessageId) out = rewriteArgument(out, 'sendMessage', 'input', inInput('clientMessageId', clientMessageId));
    }
    if (content && fields.includes('editMessage')) out = rewriteArgument(out, 'editMessage', 'content', inString(content));
    return out === request ? undefined : out;
  } catch {
    return undefined;
  }
}

function storesContent(name: string, rule: string, alter: Alter): Fault {
  return { name, rule, breaks: ['model.messages', 'model.messages-since'], hooks: { request: (request, fields) => storing(request, fields, alter, null) } };
}

function storesClientMessageId(name: string, rule: string, alter: Alter): Fault {
  return { name, rule, breaks: ['model.messages', 'model.messages-since'], hooks: { request: (request, fields) => storing(request, fields, null, alter) } };
}

const TEXT_RULE = '2.1 MessageView.content: the text of the message, as the client sent it (or edited it)';

export function makeContentNfc(): Fault {
  return storesContent('content-nfc-normalized', `${TEXT_RULE} (here: stored NFC-normalized, so a decomposed "e\u0301" comes back as "\u00e9")`, (text) => text.normalize('NFC'));
}

export function makeContentTrimmed(): Fault {
  return storesContent('content-trimmed', `${TEXT_RULE} (here: white space around the text is trimmed)`, (text) => text.trim());
}

/** Zero-width and bidirectional format characters, which sanitizers strip against spoofing. */
const FORMAT_MARKS = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g;

export function makeContentMarksStripped(): Fault {
  return storesContent(
    'content-format-marks-stripped',
    `${TEXT_RULE} (here: a sanitizer strips zero-width and bidi format characters, ZWJ U+200D, LRM U+200E and RLM U+200F among them, which breaks emoji ZWJ sequences and right-to-left text)`,
    (text) => text.replace(FORMAT_MARKS, ''),
  );
}

const CUT_AT = 1_000;

/**
 * The first `units` UTF-16 code units of `text`, as a server that cuts there and then encodes
 * the text (as UTF-8, say) stores it: half a surrogate pair at the cut becomes U+FFFD.
 */
function cutAt(text: string, units: number): string {
  const cut = text.slice(0, units);
  return /[\uD800-\uDBFF]$/.test(cut) ? `${cut.slice(0, -1)}\uFFFD` : cut;
}

export function makeContentTruncated(): Fault {
  return storesContent('content-truncated-past-1000', `${TEXT_RULE} (here: text past ${CUT_AT} characters is silently cut off)`, (text) => (text.length > CUT_AT ? cutAt(text, CUT_AT) : text));
}

/**
 * A limit of 1,000 characters counted in code points (what the validation lets through) stored
 * in a column that counts UTF-16 code units: text within the limit but longer in UTF-16 (emoji
 * and other astral characters take two units) is cut, maybe inside a surrogate pair. Text over
 * the limit would be refused by such a server, which the spec leaves open: it passes unchanged.
 */
export function makeContentUtf16Cut(): Fault {
  return storesContent(
    'content-astral-cut-at-1000-utf16-units',
    `${TEXT_RULE} (here: text of at most ${CUT_AT} code points but more than ${CUT_AT} UTF-16 code units, emoji-heavy text, is cut at ${CUT_AT} units, an emoji cut in half becoming U+FFFD)`,
    (text) => (text.length > CUT_AT && [...text].length <= CUT_AT ? cutAt(text, CUT_AT) : text),
  );
}

const ASTRAL = /[\u{10000}-\u{10FFFF}]/u;

/** MySQL's 3-byte `utf8` in non-strict mode: a string is stored up to its first 4-byte character. */
export function makeContentCutAtAstral(): Fault {
  return storesContent(
    'content-cut-at-first-astral-character',
    `${TEXT_RULE} (here: a 3-byte UTF-8 column, MySQL's utf8, keeps the text up to its first character outside the BMP, an emoji, and silently drops the rest)`,
    (text) => {
      const at = text.search(ASTRAL);
      return at < 0 ? text : text.slice(0, at);
    },
  );
}

const ID_RULE = '2.1 MessageView.clientMessageId: the id supplied by the client when sending, used to match optimistic messages and retries';

export function makeClientMessageIdLowercased(): Fault {
  return storesClientMessageId('client-message-id-lowercased', `${ID_RULE} (here: stored lowercased, as a UUID column would, so "Optimistic-Msg" or an uppercase UUID comes back changed)`, (id) => id.toLowerCase());
}

export function makeClientMessageIdTrimmed(): Fault {
  return storesClientMessageId('client-message-id-trimmed', `${ID_RULE} (here: white space around it is trimmed, as the server trims every string input)`, (id) => id.trim());
}

export function makeContentFaults(): Fault[] {
  return [makeContentNfc(), makeContentTrimmed(), makeContentMarksStripped(), makeContentTruncated(), makeContentUtf16Cut(), makeContentCutAtAstral(), makeClientMessageIdLowercased(), makeClientMessageIdTrimmed()];
}
