/**
 * A module loaded on first use, once. Start-up pays only for what serving needs at once; a
 * library that one rare operation uses (JWT decoding, CSV, slug folding) loads when that
 * operation first runs.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/**
 * A dependency that did not load: names it, says why, and what to do. Jest without
 * `--experimental-vm-modules` runs no `import()` and requires no ES module, and it throws an
 * object that is not an Error for that (`{ code: 'ERR_REQUIRE_ESM' }`), which alone names nothing.
 */
export class ModuleLoadError extends Error {
  override readonly name = 'ModuleLoadError';

  constructor(
    /** The specifier that failed, as Parley imports it (`@noble/hashes/scrypt.js`). */
    readonly specifier: string,
    cause: unknown,
  ) {
    super(`Parley could not load ${specifier} (${describeFailure(cause)}). ${advice(specifier, cause)}`, { cause });
  }
}

/** The package a specifier belongs to: `@noble/hashes/scrypt.js` -> `@noble/hashes`, `jose/jwt/sign` -> `jose`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** What went wrong, in one line, whatever was thrown. */
export function describeFailure(cause: unknown): string {
  if (cause instanceof Error) return `${cause.name}: ${cause.message.split('\n')[0]}`;
  if (typeof cause === 'object' && cause !== null) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    const parts = [typeof code === 'string' ? code : undefined, typeof message === 'string' ? message.split('\n')[0] : undefined].filter((part) => part !== undefined);
    if (parts.length > 0) return parts.join(': ');
    try {
      return JSON.stringify(cause);
    } catch {
      return Object.prototype.toString.call(cause);
    }
  }
  return String(cause);
}

/** Whether `cause` says the runtime cannot load ESM this way (Jest's runtime without --experimental-vm-modules, mostly). */
function esmRefused(cause: unknown): boolean {
  const text = describeFailure(cause);
  return /ERR_REQUIRE_ESM|ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING|experimental-vm-modules|Must use import to load ES Module|Cannot use import statement|Unexpected token 'export'/.test(text);
}

function advice(specifier: string, cause: unknown): string {
  if (esmRefused(cause)) {
    return (
      'This runtime cannot load ESM here, as Jest cannot without --experimental-vm-modules. ' +
      "Under Jest, let Jest load Parley's CommonJS build, which has its dependencies inside (the exports map of Parley's package.json gives it to CommonJS): " +
      'keep parley out of transformIgnorePatterns and moduleNameMapper in your Jest config. See docs/msw.md, "Jest".'
    );
  }
  const name = packageOf(specifier);
  return `Check that ${name} is installed where Parley is (npm ls ${name}); reinstalling Parley's dependencies (npm install) brings it back.`;
}

/**
 * `load()` (an `import()` of `specifier`), with a failure turned into a {@link ModuleLoadError}
 * that names it. The specifier is given twice because a bundler only follows an `import()` whose
 * argument is a literal.
 */
export async function importModule<T>(specifier: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (cause) {
    throw new ModuleLoadError(specifier, cause);
  }
}

/** A dependency loaded on first use, once ({@link lazy}), whose failure to load names it ({@link importModule}). */
export function lazyModule<T>(specifier: string, load: () => Promise<T>): () => Promise<T> {
  return lazy(() => importModule(specifier, load));
}
