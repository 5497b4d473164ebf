import { Kind, parse, print, valueFromASTUntyped, visit, type ArgumentNode, type DocumentNode, type FieldNode, type OperationDefinitionNode, type ValueNode } from 'graphql';
import type { GraphQLRequest } from './proxy.js';

/**
 * Reading and rewriting the arguments of a GraphQL request, whether the client passed them as
 * variables or as literals, so a fault or a variant can change what a root field receives.
 */

/** An argument as a root field receives it: absent (its default applies), or a value (maybe null). */
export type ArgumentState = { readonly present: false } | { readonly present: true; readonly value: unknown };

/** Parsed documents by text: the suite sends a handful of documents thousands of times. */
const documents = new Map<string, DocumentNode | null>();

function parsed(query: string): DocumentNode | null {
  let document = documents.get(query);
  if (document === undefined) {
    try {
      document = parse(query);
    } catch {
      document = null;
    }
    if (documents.size >= 1_000) documents.clear();
    documents.set(query, document);
  }
  return document;
}

function operationOf(document: DocumentNode, operationName: string | null | undefined): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
}

function rootFieldNodes(operation: OperationDefinitionNode): FieldNode[] {
  return operation.selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD);
}

/** The root field names of the operation (`['messages']`); empty when the document does not parse. */
export function rootFields(query: string, operationName?: string | null): string[] {
  const document = parsed(query);
  const operation = document && operationOf(document, operationName);
  return operation ? rootFieldNodes(operation).map((field) => field.name.value) : [];
}

function literal(value: unknown): ValueNode {
  if (value === null || value === undefined) return { kind: Kind.NULL };
  if (typeof value === 'boolean') return { kind: Kind.BOOLEAN, value };
  if (typeof value === 'number') return Number.isInteger(value) ? { kind: Kind.INT, value: String(value) } : { kind: Kind.FLOAT, value: String(value) };
  if (typeof value === 'string') return { kind: Kind.STRING, value };
  throw new Error(`cannot write ${JSON.stringify(value)} as a GraphQL literal`);
}

/** The state of `argument` of root field `field` (the first such field), resolving variables. */
export function argumentOf(request: GraphQLRequest, field: string, argument: string): ArgumentState {
  const document = parsed(request.query);
  const operation = document && operationOf(document, request.operationName);
  const node = operation && rootFieldNodes(operation).find((f) => f.name.value === field);
  const arg = node?.arguments?.find((a) => a.name.value === argument);
  if (!arg) return { present: false };
  if (arg.value.kind !== Kind.VARIABLE) return { present: true, value: valueFromASTUntyped(arg.value) };
  const name = arg.value.name.value;
  return name in request.variables ? { present: true, value: request.variables[name] } : { present: false };
}

/**
 * Rewrites `argument` of every root field named `field`: `change` gets what the field would
 * receive and returns what it should receive instead. A variable is changed in `variables`
 * (deleted for `present: false`); a literal, or a missing argument, in the document.
 */
export function rewriteArgument(request: GraphQLRequest, field: string, argument: string, change: (current: ArgumentState) => ArgumentState): GraphQLRequest {
  const document = parsed(request.query);
  const operation = document && operationOf(document, request.operationName);
  if (!document || !operation) return request;
  const variables: Record<string, unknown> = { ...request.variables };
  let documentChanged = false;
  const targets = new Set(rootFieldNodes(operation).filter((node) => node.name.value === field));
  const rewritten = visit(document, {
    Field(node) {
      if (!targets.has(node)) return undefined;
      const arg = node.arguments?.find((a) => a.name.value === argument);
      if (arg?.value.kind === Kind.VARIABLE) {
        const name = arg.value.name.value;
        const next = change(name in variables ? { present: true, value: variables[name] } : { present: false });
        if (next.present) variables[name] = next.value;
        else delete variables[name];
        return undefined;
      }
      const next = change(arg ? { present: true, value: valueFromASTUntyped(arg.value) } : { present: false });
      const others = (node.arguments ?? []).filter((a) => a !== arg);
      if (!arg && !next.present) return undefined;
      if (arg && next.present && next.value === valueFromASTUntyped(arg.value)) return undefined;
      documentChanged = true;
      const replaced: ArgumentNode[] = next.present ? [...others, { kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: argument }, value: literal(next.value) }] : others;
      return { ...node, arguments: replaced };
    },
  });
  return { ...request, query: documentChanged ? print(rewritten) : request.query, variables };
}

/** Sets `argument` of root field `field` to `value`. */
export function withArgument(request: GraphQLRequest, field: string, argument: string, value: unknown): GraphQLRequest {
  return rewriteArgument(request, field, argument, () => ({ present: true, value }));
}

/** Leaves `argument` of root field `field` out, so the server's default (or nothing) applies. */
export function withoutArgument(request: GraphQLRequest, field: string, argument: string): GraphQLRequest {
  return rewriteArgument(request, field, argument, () => ({ present: false }));
}
