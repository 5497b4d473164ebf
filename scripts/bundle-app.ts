/**
 * What the page bundles share (scripts/build-graphiql.ts, scripts/build-console.ts): an esbuild
 * browser bundle of one app folder under src/, written to dist/<name>/<name>.js and .css, and
 * skipped when it is newer than its sources, the lock file and the script that builds it.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Loader } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface AppBundle {
  /** The bundle's name: dist/<name>/<name>.js and <name>.css. */
  readonly name: string;
  /** The app's folder under src/ (its entry is main.tsx). */
  readonly app: string;
  /** The script that builds it (its `import.meta.url`): a change to it rebuilds. */
  readonly script: string;
  /** Loaders for assets the app's stylesheets pull in (fonts, icons). */
  readonly loader?: Readonly<Record<string, Loader>>;
}

function outputs(bundle: AppBundle): string[] {
  return ['js', 'css'].map((ext) => `${root}dist/${bundle.name}/${bundle.name}.${ext}`);
}

function newestInput(bundle: AppBundle): number {
  const appDir = `${root}src/${bundle.app}`;
  const inputs = [
    ...readdirSync(appDir, { recursive: true, encoding: 'utf8' }).map((name) => `${appDir}/${name}`),
    `${root}package-lock.json`,
    fileURLToPath(bundle.script),
    fileURLToPath(import.meta.url),
  ];
  return Math.max(...inputs.map((file) => statSync(file).mtimeMs));
}

function upToDate(bundle: AppBundle): boolean {
  const files = outputs(bundle);
  if (!files.every((file) => existsSync(file))) return false;
  return Math.min(...files.map((file) => statSync(file).mtimeMs)) >= newestInput(bundle);
}

/** Builds the bundle unless it is up to date (or `force`); resolves with whether it built. */
export async function buildApp(bundle: AppBundle, force = false): Promise<boolean> {
  if (!force && upToDate(bundle)) return false;
  await build({
    entryPoints: { [bundle.name]: `${root}src/${bundle.app}/main.tsx` },
    outdir: `${root}dist/${bundle.name}`,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome111', 'firefox111', 'safari16'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    ...(bundle.loader ? { loader: bundle.loader } : {}),
    legalComments: 'linked',
    logLevel: 'warning',
  });
  return true;
}

/** Runs {@link buildApp} when `script` is the command run (`npx tsx scripts/build-<name>.ts [--force]`), saying what it built. */
export async function buildAppFromCommandLine(bundle: AppBundle): Promise<void> {
  if (bundle.script !== `file://${process.argv[1]}`) return;
  const started = performance.now();
  const built = await buildApp(bundle, process.argv.includes('--force'));
  if (built) console.log(`${bundle.name} bundle built in ${Math.round(performance.now() - started)} ms (dist/${bundle.name})`);
}
