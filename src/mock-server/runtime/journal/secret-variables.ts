import { getNamedType, isInputObjectType, TypeInfo, visit, visitWithTypeInfo, type ASTNode, type DocumentNode, type GraphQLSchema } from 'graphql';
import { secretsOf } from './secret-coordinates.js';

// The engine caches parsed documents, so the same DocumentNode comes back for every request of
// one query text: the walk below runs once per distinct query, not per request.
const byDocument = new WeakMap<DocumentNode, ReadonlySet<string>>();

/**
 * The variables of `document` used in a secret position: as the value of a secret argument or
 * input field (`login(input: { password: $p })`, `refreshToken(refreshToken: $t)`), directly, in
 * a list or in a nested input object, in an operation or a fragment. The journal redacts their
 * values whatever they are called. The set is for the whole document: a variable name is redacted
 * in every operation of it, which hides more, never less.
 */
export function secretVariablesOf(schema: GraphQLSchema, document: DocumentNode): ReadonlySet<string> {
  let found = byDocument.get(document);
  if (found === undefined) {
    found = walk(schema, document);
    byDocument.set(document, found);
  }
  return found;
}

function walk(schema: GraphQLSchema, document: DocumentNode): ReadonlySet<string> {
  const secrets = secretsOf(schema);
  const found = new Set<string>();
  const typeInfo = new TypeInfo(schema);
  // The secret positions we are inside of: a variable anywhere below one is a secret.
  const open: ASTNode[] = [];
  const isSecretArgument = (): boolean => {
    const arg = typeInfo.getArgument();
    if (!arg) return false;
    const directive = typeInfo.getDirective();
    if (directive) return secrets.arguments.has(`@${directive.name}(${arg.name}:)`);
    const field = typeInfo.getFieldDef();
    const parent = typeInfo.getParentType();
    return field != null && parent != null && secrets.arguments.has(`${parent.name}.${field.name}(${arg.name}:)`);
  };
  // graphql-js's visit() walks with its own stack, so a deep document costs no recursion here.
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Argument: {
        enter: (node) => {
          if (isSecretArgument()) open.push(node);
        },
        leave: (node) => {
          if (open.at(-1) === node) open.pop();
        },
      },
      ObjectField: {
        enter: (node) => {
          const parent = getNamedType(typeInfo.getParentInputType());
          if (isInputObjectType(parent) && secrets.inputFields.has(`${parent.name}.${node.name.value}`)) open.push(node);
        },
        leave: (node) => {
          if (open.at(-1) === node) open.pop();
        },
      },
      Variable: (node) => {
        if (open.length > 0) found.add(node.name.value);
      },
    }),
  );
  return found;
}
