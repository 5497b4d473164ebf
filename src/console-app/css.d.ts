// esbuild bundles stylesheets imported for their side effect into console.css.
declare module '*.css';
