/** A difference between the contract's signatures and the target's: data only, cheap to import. */

/** The spec sections whose signatures are checked (SPEC.md 2.1-2.4, 4.1-4.4 and 6). */
export type SignatureSection = '2.1' | '2.2' | '2.3' | '2.4' | '4.1' | '4.2' | '4.3' | '4.4' | '6';

/**
 * `MUST`: what the spec states is missing or different. `SHOULD`: legal but risky for clients
 * (a value the spec does not list can reach them). `note`: an addition the spec leaves open.
 */
export type DifferenceLevel = 'MUST' | 'SHOULD' | 'note';

/** One difference between the contract and the target, at one schema coordinate. */
export interface Difference {
  readonly section: SignatureSection;
  readonly level: DifferenceLevel;
  /** `Query.browseChannels(first:)`, `ConversationView.members`, `SearchKind.PEOPLE`, `MessageView`. */
  readonly coordinate: string;
  /** What the spec says there, e.g. `default 30`. */
  readonly spec: string;
  /** What the target has there, e.g. `default 20`. */
  readonly target: string;
}

/** One evidence line: the coordinate, what the spec says and what the target has. */
export function differenceLine(difference: Difference): string {
  return `${difference.coordinate}: the spec says ${difference.spec}; the target has ${difference.target}`;
}
