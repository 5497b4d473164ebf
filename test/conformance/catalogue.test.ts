import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/conformance/catalogue.js';
import { rules } from '../../src/conformance/rules.js';

/**
 * Pins the catalogue (STYLE.md: "ids are pinned by a test that checks uniqueness and a snapshot"):
 * an id is permanent, so changing what it stands for (its section, rule or level) must show up
 * here as a deliberate edit, and rules.ts must stay tied to real checks.
 */

const ids = catalogue.map((check) => check.id);

/**
 * Checks no rule of rules.ts lists, and why that is fine: the field checks prove section 2.1
 * and the cross-checks several rules at once, neither of which rules.ts maps (it covers 4.1,
 * 4.2, 5, 7 and 8); SHOULD checks test what the spec leaves open, so no rule states them.
 */
const NOT_IN_RULES: readonly string[] = [
  'fields.ids-are-uuids',
  'fields.datetimes-rfc3339',
  'fields.message-as-sent',
  'fields.reactions.grouped',
  'fields.attachments.as-sent',
  'errors.unknown-conversation',
  'cross.concurrent-sends',
];

describe('the catalogue', () => {
  it('has unique ids', () => {
    const seen = new Set<string>();
    const duplicates = ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
    expect(duplicates).toEqual([]);
  });

  it('has ids of lower-case letters, digits, dots and dashes', () => {
    expect(ids.filter((id) => !/^[a-z0-9.-]+$/.test(id))).toEqual([]);
  });

  it('keeps each id on its section, rule and level', () => {
    expect(catalogue.map(({ id, section, specRef, level }) => ({ id, section, specRef, level }))).toMatchInlineSnapshot(`
      [
        {
          "id": "fields.ids-are-uuids",
          "level": "MUST",
          "section": "2.1",
          "specRef": "2.1 (ID values of conversations and messages are UUIDs)",
        },
        {
          "id": "fields.datetimes-rfc3339",
          "level": "MUST",
          "section": "2.1",
          "specRef": "2 (DateTime is a UTC RFC 3339 date-time)",
        },
        {
          "id": "fields.message-as-sent",
          "level": "MUST",
          "section": "2.1",
          "specRef": "2.1 MessageView",
        },
        {
          "id": "fields.reply-to.summary",
          "level": "MUST",
          "section": "2.1",
          "specRef": "2.1 MessageSummary",
        },
        {
          "id": "fields.reactions.grouped",
          "level": "MUST",
          "section": "2.1",
          "specRef": "2.1 ReactionSummary",
        },
        {
          "id": "fields.attachments.as-sent",
          "level": "MUST",
          "section": "2.1",
          "specRef": "2.1 MessageAttachmentView",
        },
        {
          "id": "messages.newest-first-page",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 rule 3",
        },
        {
          "id": "messages.order.ascending",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 rule 4",
        },
        {
          "id": "messages.empty-conversation",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 rule 4",
        },
        {
          "id": "messages.end-cursor.oldest",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 rule 5",
        },
        {
          "id": "messages.end-cursor.null-when-empty",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 rule 5",
        },
        {
          "id": "messages.has-next-page.older-exist",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 rule 6",
        },
        {
          "id": "messages.has-next-page.exact-boundary",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 rule 6",
        },
        {
          "id": "messages.before.older-only",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 arguments: before",
        },
        {
          "id": "messages.before-over-around",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 rule 2",
        },
        {
          "id": "messages.around.ends-at-anchor",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 arguments: aroundMessageId",
        },
        {
          "id": "messages.around.oldest-anchor",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 arguments: aroundMessageId",
        },
        {
          "id": "messages.first.default-30",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 arguments: first",
        },
        {
          "id": "messages.first.bounds-accepted",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 arguments: first",
        },
        {
          "id": "messages.first.null-rejected",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 arguments: first",
        },
        {
          "id": "messages.soft-deleted.kept",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 rule 7",
        },
        {
          "id": "messages.read-marker.unchanged",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 rule 8",
        },
        {
          "id": "since.after-zero.from-start",
          "level": "MUST",
          "section": "4.2",
          "specRef": "4.2 arguments: afterSequence",
        },
        {
          "id": "since.greater-and-ascending",
          "level": "MUST",
          "section": "4.2",
          "specRef": "4.2 rule 2",
        },
        {
          "id": "since.first.default-50",
          "level": "MUST",
          "section": "4.2",
          "specRef": "4.2 arguments: first",
        },
        {
          "id": "since.first.bounds-accepted",
          "level": "MUST",
          "section": "4.2",
          "specRef": "4.2 arguments: first",
        },
        {
          "id": "since.first.null-rejected",
          "level": "MUST",
          "section": "4.2",
          "specRef": "4.2 arguments: first",
        },
        {
          "id": "since.has-next-page.continue",
          "level": "MUST",
          "section": "4.2",
          "specRef": "4.2 rule 3",
        },
        {
          "id": "since.has-next-page.exact-boundary",
          "level": "MUST",
          "section": "4.2",
          "specRef": "4.2 rule 3",
        },
        {
          "id": "since.end-cursor",
          "level": "MUST",
          "section": "4.2",
          "specRef": "4.2 rule 4",
        },
        {
          "id": "since.end-cursor.per-page",
          "level": "MUST",
          "section": "4.2",
          "specRef": "4.2 rule 4",
        },
        {
          "id": "since.soft-deleted.kept",
          "level": "MUST",
          "section": "4.2",
          "specRef": "4.2 rule 5",
        },
        {
          "id": "since.read-marker.unchanged",
          "level": "MUST",
          "section": "4.2",
          "specRef": "4.2 rule 6",
        },
        {
          "id": "auth.bearer-token.accepted",
          "level": "MUST",
          "section": "5",
          "specRef": "5 rule 1",
        },
        {
          "id": "auth.other-scheme.refused",
          "level": "SHOULD",
          "section": "5",
          "specRef": "5 rule 1",
        },
        {
          "id": "auth.refresh-token",
          "level": "MUST",
          "section": "5",
          "specRef": "5 rule 4",
        },
        {
          "id": "events.websocket",
          "level": "MUST",
          "section": "6",
          "specRef": "6 subscriptions",
        },
        {
          "id": "events.created.delivered",
          "level": "MUST",
          "section": "6",
          "specRef": "6 + 3 (sent: messageCreated)",
        },
        {
          "id": "events.created.in-order",
          "level": "SHOULD",
          "section": "6",
          "specRef": "6 messageCreated; 2.1 MessageView.sequence",
        },
        {
          "id": "events.updated.edit",
          "level": "MUST",
          "section": "6",
          "specRef": "6 + 3 (edited: messageUpdated)",
        },
        {
          "id": "events.updated.reaction",
          "level": "SHOULD",
          "section": "6",
          "specRef": "6 messageUpdated (open: reactions)",
        },
        {
          "id": "events.deleted.state",
          "level": "MUST",
          "section": "6",
          "specRef": "6 + 3 (soft-deleted: messageDeleted)",
        },
        {
          "id": "events.non-member.no-messages",
          "level": "MUST",
          "section": "6",
          "specRef": "6 + 5 rule 3",
        },
        {
          "id": "events.non-member.refused",
          "level": "SHOULD",
          "section": "6",
          "specRef": "6 (open: refusing a non-member outright)",
        },
        {
          "id": "events.no-replay",
          "level": "MUST",
          "section": "6",
          "specRef": "6 no replay",
        },
        {
          "id": "events.reconnect.catch-up",
          "level": "MUST",
          "section": "6",
          "specRef": "6 reconnect",
        },
        {
          "id": "errors.unauthenticated",
          "level": "MUST",
          "section": "7",
          "specRef": "7 row 1",
        },
        {
          "id": "errors.conversation-id.format",
          "level": "MUST",
          "section": "7",
          "specRef": "7 row 2",
        },
        {
          "id": "errors.first.range",
          "level": "MUST",
          "section": "7",
          "specRef": "7 row 3",
        },
        {
          "id": "errors.before.malformed",
          "level": "MUST",
          "section": "7",
          "specRef": "7 row 4",
        },
        {
          "id": "errors.before.other-conversation",
          "level": "MUST",
          "section": "7",
          "specRef": "7 row 4",
        },
        {
          "id": "errors.around.format",
          "level": "MUST",
          "section": "7",
          "specRef": "7 row 5",
        },
        {
          "id": "errors.after-sequence.negative",
          "level": "MUST",
          "section": "7",
          "specRef": "7 row 6",
        },
        {
          "id": "errors.forbidden.workspace-member",
          "level": "MUST",
          "section": "7",
          "specRef": "7 row 7",
        },
        {
          "id": "errors.forbidden.outsider",
          "level": "MUST",
          "section": "7",
          "specRef": "7 row 7",
        },
        {
          "id": "errors.around.not-found",
          "level": "MUST",
          "section": "7",
          "specRef": "7 row 8",
        },
        {
          "id": "errors.unknown-conversation",
          "level": "SHOULD",
          "section": "7",
          "specRef": "7 (open: a conversation that does not exist)",
        },
        {
          "id": "cross.walks-agree",
          "level": "MUST",
          "section": "cross",
          "specRef": "4.1 rules 4-6 with 4.2 rules 2-3",
        },
        {
          "id": "cross.concurrent-sends",
          "level": "MUST",
          "section": "cross",
          "specRef": "2.1 MessageView.sequence with 4.1 and 4.2",
        },
        {
          "id": "model.messages",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1; 2.1; 3; 7; 8 (the model)",
        },
        {
          "id": "model.messages-since",
          "level": "MUST",
          "section": "4.2",
          "specRef": "4.2; 2.1; 3; 7; 8 (the model)",
        },
        {
          "id": "model.credentials",
          "level": "MUST",
          "section": "5",
          "specRef": "5 rules 1-3; 7 rows 1 and 7 (the model)",
        },
        {
          "id": "model.events",
          "level": "MUST",
          "section": "6",
          "specRef": "6 + 3; 6 + 5 rule 3 (the model)",
        },
        {
          "id": "signatures.2.1-message-resources",
          "level": "MUST",
          "section": "2.1",
          "specRef": "2.1 (types and fields)",
        },
        {
          "id": "signatures.2.2-other-types",
          "level": "MUST",
          "section": "2.2",
          "specRef": "2.2 (types and fields)",
        },
        {
          "id": "signatures.2.3-inputs",
          "level": "MUST",
          "section": "2.3",
          "specRef": "2.3 (input types)",
        },
        {
          "id": "signatures.2.4-enums",
          "level": "MUST",
          "section": "2.4",
          "specRef": "2.4 (enumerations)",
        },
        {
          "id": "signatures.2.4-enums.extra-output-values",
          "level": "SHOULD",
          "section": "2.4",
          "specRef": "2.4 (open: values beyond the list)",
        },
        {
          "id": "signatures.4.1-messages",
          "level": "MUST",
          "section": "4.1",
          "specRef": "4.1 signature",
        },
        {
          "id": "signatures.4.2-messages-since",
          "level": "MUST",
          "section": "4.2",
          "specRef": "4.2 signature",
        },
        {
          "id": "signatures.4.3-queries",
          "level": "MUST",
          "section": "4.3",
          "specRef": "4.3 (signatures)",
        },
        {
          "id": "signatures.4.4-mutations",
          "level": "MUST",
          "section": "4.4",
          "specRef": "4.4 (signatures)",
        },
        {
          "id": "signatures.6-subscriptions",
          "level": "MUST",
          "section": "6",
          "specRef": "6 (signatures)",
        },
      ]
    `);
  });
});

describe('rules.ts', () => {
  it('names only checks of the catalogue', () => {
    const known = new Set(ids);
    expect(rules.flatMap((rule) => rule.checks.filter((id) => !known.has(id)).map((id) => `${rule.ref}: ${id}`))).toEqual([]);
  });

  it('gives every rule at least one check, or says why no black-box check can prove it', () => {
    expect(rules.filter((rule) => rule.checks.length === 0 && !rule.outOfReach?.trim()).map((rule) => rule.ref)).toEqual([]);
  });

  it('has unique refs', () => {
    expect(new Set(rules.map((rule) => rule.ref)).size).toBe(rules.length);
  });

  it('uses every check, except the listed ones of section 2.1, the cross-checks and SHOULD checks', () => {
    const used = new Set(rules.flatMap((rule) => rule.checks));
    expect(ids.filter((id) => !used.has(id))).toEqual(NOT_IN_RULES);
    const byId = new Map(catalogue.map((check) => [check.id, check]));
    const unjustified = NOT_IN_RULES.filter((id) => {
      const check = byId.get(id);
      return !check || (check.section !== '2.1' && check.section !== 'cross' && check.level !== 'SHOULD');
    });
    expect(unjustified).toEqual([]);
  });
});
