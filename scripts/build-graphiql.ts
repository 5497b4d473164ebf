/**
 * Bundles the mock's GraphiQL page (src/graphiql-app: graphiql, React, graphql-ws's client) with
 * esbuild into dist/graphiql/graphiql.js and graphiql.css, which the HTTP door serves at
 * /graphiql/... (src/mock-server/http/graphiql-route.ts). Run by `npm run build`; nothing is
 * fetched at run time, so the page works offline.
 *
 *   npx tsx scripts/build-graphiql.ts [--force]
 *
 * Skips the work when the bundle is newer than its sources and the lock file.
 */
import { buildApp, buildAppFromCommandLine, type AppBundle } from './bundle-app.js';

const graphiql: AppBundle = {
  name: 'graphiql',
  app: 'graphiql-app',
  script: import.meta.url,
  // graphiql's stylesheet inlines its fonts; any other asset would be a file next to the bundle.
  loader: { '.woff2': 'dataurl', '.woff': 'dataurl', '.ttf': 'dataurl', '.svg': 'dataurl' },
};

/** Builds the bundle unless it is up to date (or `force`); resolves with whether it built. */
export const buildGraphiQL = (force = false): Promise<boolean> => buildApp(graphiql, force);

await buildAppFromCommandLine(graphiql);
