import type { IntrospectionQuery } from 'graphql';
import { contract } from './contract.js';
import type { Difference, SignatureSection } from './difference.js';
import { signatureDifferences } from './inspector-changes.js';
import { readSchemaText, schemaFromIntrospection } from './schema-source.js';

/** The target's signatures compared with the contract's. */
export interface Comparison {
  /** What was compared: `the introspection of http://…/graphql`, or a file name. */
  readonly source: string;
  readonly differences: readonly Difference[];
}

/** What the signature checks of a run compare, or why they cannot (introspection disabled). */
export type SignatureSource = { readonly available: true; readonly comparison: Comparison } | { readonly available: false; readonly reason: string };

/** Compares a server's SDL or introspection JSON with the contract. Throws `SchemaUnreadable`. */
export async function compareSchemaText(text: string, source: string): Promise<Comparison> {
  const { roots } = contract();
  return { source, differences: await signatureDifferences(contract(), readSchemaText(text, source, roots)) };
}

/** Compares an introspection result with the contract. Throws `SchemaUnreadable`. */
export async function compareIntrospection(result: IntrospectionQuery, source: string): Promise<Comparison> {
  const { roots } = contract();
  return { source, differences: await signatureDifferences(contract(), schemaFromIntrospection(result, roots, source)) };
}

/**
 * The additions the spec leaves open, one note per section: `signatures 4.3: the target adds
 * Query.health2 (an extra field: String)`. Notes, not failures.
 */
export function additionNotes(comparison: Comparison): string[] {
  const bySection = new Map<SignatureSection, string[]>();
  for (const difference of comparison.differences) {
    if (difference.level !== 'note') continue;
    const list = bySection.get(difference.section) ?? [];
    list.push(`${difference.coordinate} (${difference.target})`);
    bySection.set(difference.section, list);
  }
  return [...bySection].map(([section, items]) => `signatures ${section}: the target adds what the spec leaves open (not a failure): ${items.join(', ')}`);
}
