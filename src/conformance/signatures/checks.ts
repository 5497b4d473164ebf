import { CheckFailure, CheckSkipped, type Check } from '../check.js';
import type { Level } from '../types.js';
import type { Comparison } from './comparison.js';
import { differenceLine, type Difference, type SignatureSection } from './difference.js';

/** A signature check: judges a comparison, in a run (`run`) or offline (`parley schema check`). */
export interface SignatureCheck extends Check {
  readonly section: SignatureSection;
  /** Throws a {@link CheckFailure} with one line per difference; returns when there is none. */
  judge(comparison: Comparison): void;
}

function signatureCheck(id: string, section: SignatureSection, specRef: string, title: string, level: Level = 'MUST', select: (difference: Difference) => boolean = (d) => d.section === section && d.level === 'MUST'): SignatureCheck {
  const judge = (comparison: Comparison) => {
    const found = comparison.differences.filter(select);
    if (found.length === 0) return;
    const what = level === 'MUST' ? 'the signatures the spec states' : 'no value or member beyond the ones the spec lists, in a type clients receive';
    throw new CheckFailure(found.map(differenceLine).join('\n'), `${what} (section ${section}, as schema.graphql writes them)`, { comparedWith: comparison.source });
  };
  return {
    id,
    section,
    specRef,
    level,
    title,
    judge,
    async run(ctx) {
      const source = await ctx.signatures();
      if (!source.available) throw new CheckSkipped(source.reason);
      judge(source.comparison);
    },
  };
}

/**
 * Every signature of SPEC.md, checked on the target's schema (introspected, or given with
 * `--schema`): the types and fields of 2.1 and 2.2, the inputs and defaults of 2.3, the enum
 * values of 2.4, and the operations of 4.1-4.4 and 6 with their arguments and defaults.
 */
export const signatureChecks: readonly SignatureCheck[] = [
  signatureCheck('signatures.2.1-message-resources', '2.1', '2.1 (types and fields)', 'MessageView, MessageSummary, MessageAttachmentView, ReactionSummary and MessagePage have every field, with the spec\'s type'),
  signatureCheck('signatures.2.2-other-types', '2.2', '2.2 (types and fields)', 'every other type of 2.2 (and the DateTime scalar) is there, with every field and the spec\'s type'),
  signatureCheck('signatures.2.3-inputs', '2.3', '2.3 (input types)', 'every input type has the spec\'s fields, types and defaults, and requires nothing more'),
  signatureCheck('signatures.2.4-enums', '2.4', '2.4 (enumerations)', 'every enumeration has every value the spec lists'),
  signatureCheck('signatures.2.4-enums.extra-output-values', '2.4', '2.4 (open: values beyond the list)', 'enumerations that clients receive have no value the spec does not list', 'SHOULD', (d) => d.level === 'SHOULD'),
  signatureCheck('signatures.4.1-messages', '4.1', '4.1 signature', 'messages(aroundMessageId: ID, before: String, conversationId: ID!, first: Int! = 30): MessagePage!'),
  signatureCheck('signatures.4.2-messages-since', '4.2', '4.2 signature', 'messagesSince(afterSequence: Int!, conversationId: ID!, first: Int! = 50): MessagePage!'),
  signatureCheck('signatures.4.3-queries', '4.3', '4.3 (signatures)', 'every query of 4.3 is there, with the spec\'s arguments, defaults and return type'),
  signatureCheck('signatures.4.4-mutations', '4.4', '4.4 (signatures)', 'every mutation of 4.4 is there, with the spec\'s arguments, defaults and return type'),
  signatureCheck('signatures.6-subscriptions', '6', '6 (signatures)', 'every subscription of 6 is there, with the spec\'s argument and payload type'),
];

/** Whether a check of the catalogue is a signature check. */
export function isSignatureCheck(check: Check): check is SignatureCheck {
  return 'judge' in check;
}
