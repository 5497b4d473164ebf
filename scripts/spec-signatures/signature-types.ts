/**
 * The shape of `test/contract/spec-signatures.json`: what SPEC.md promises about the
 * GraphQL schema, reduced to the names and type references the contract test compares.
 */

/** An argument or input field: its type and, when the spec gives one, its default. */
export interface ValueSignature {
  /** Type reference as written in GraphQL SDL, e.g. `[ID!]!`. */
  type: string;
  /** Default value literal exactly as written in the spec, e.g. `[]`, `{}`, `ALL`. */
  default?: string;
}

/** A root field (query, mutation or subscription): its arguments and what it returns. */
export interface OperationSignature {
  args: Record<string, ValueSignature>;
  /** Return (payload) type reference, e.g. `MessagePage!`. */
  type: string;
}

/** Everything extracted from SPEC.md, one record per kind of definition. */
export interface SpecSignatures {
  enums: Record<string, string[]>;
  inputs: Record<string, Record<string, ValueSignature>>;
  mutation: Record<string, OperationSignature>;
  objects: Record<string, Record<string, string>>;
  query: Record<string, OperationSignature>;
  scalars: string[];
  subscription: Record<string, OperationSignature>;
}
