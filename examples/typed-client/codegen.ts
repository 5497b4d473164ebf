import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * GraphQL Code Generator's client preset: reads every `graphql(...)` call in src/, checks each
 * operation against Parley's schema.graphql (an unknown field, argument or type fails the run) and
 * writes src/gql/, whose `graphql()` returns a TypedDocumentNode per operation. Paths are
 * relative to this folder: run it here (`npx graphql-codegen --config codegen.ts`), or `npm run
 * codegen` at the root, which regenerates this too.
 */
const config: CodegenConfig = {
  schema: '../../schema.graphql',
  documents: ['src/**/*.ts', '!src/gql/**'],
  // Parley is ESM with nodenext resolution: imports between the generated files carry .js.
  emitLegacyCommonJSImports: false,
  generates: {
    'src/gql/': {
      preset: 'client',
      // No fragments here; masking would only add a file.
      presetConfig: { fragmentMasking: false },
      // The client preset writes only the types the operations use (16 kB here, for a 37 kB schema).
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: 'string' } },
    },
  },
};

export default config;
