// esbuild bundles stylesheets imported for their side effect into graphiql.css.
declare module '*.css';
