import { describe, expect, it } from 'vitest';
import { importModule, lazyModule, ModuleLoadError } from '../../../src/mock-server/state/lazy.js';

/**
 * Issue 28: under Jest, a lazy `import()` failed with a thrown `{ code: 'ERR_REQUIRE_ESM' }`, and
 * the log said only `NonErrorThrown`. A dependency that does not load now names itself and the fix.
 */
describe('a dependency that does not load', () => {
  it("names the module and, for Jest's refusal of ES modules, the fix", async () => {
    const error = await importModule('@noble/hashes/scrypt.js', () => Promise.reject({ code: 'ERR_REQUIRE_ESM' })).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ModuleLoadError);
    expect(error).toBeInstanceOf(Error);
    const { message, specifier, name } = error as ModuleLoadError;
    expect(name).toBe('ModuleLoadError');
    expect(specifier).toBe('@noble/hashes/scrypt.js');
    expect(message).toContain('Parley could not load @noble/hashes/scrypt.js (ERR_REQUIRE_ESM)');
    expect(message).toContain("Parley's CommonJS build");
    expect(message).toContain('transformIgnorePatterns');
  });

  it('recognises the other ways Jest refuses an ES module', async () => {
    const refusals = [
      new TypeError('A dynamic import callback was invoked without --experimental-vm-modules'),
      Object.assign(new Error('Must use import to load ES Module: /x/node_modules/jose/dist/webapi/jwt/sign.js'), { code: 'ERR_REQUIRE_ESM' }),
      new SyntaxError('Cannot use import statement outside a module'),
    ];
    for (const cause of refusals) {
      const error = (await importModule('jose/jwt/sign', () => Promise.reject(cause)).catch((thrown: unknown) => thrown)) as ModuleLoadError;
      expect(error.message).toContain('Parley could not load jose/jwt/sign');
      expect(error.message).toContain('transformIgnorePatterns');
      expect(error.cause).toBe(cause);
    }
  });

  it('otherwise names the package to check, with the cause', async () => {
    const cause = Object.assign(new Error("Cannot find module 'flexsearch'\nRequire stack: ..."), { code: 'MODULE_NOT_FOUND' });
    const error = (await importModule('flexsearch', () => Promise.reject(cause)).catch((thrown: unknown) => thrown)) as ModuleLoadError;
    expect(error.message).toBe(
      "Parley could not load flexsearch (Error: Cannot find module 'flexsearch'). Check that flexsearch is installed where Parley is (npm ls flexsearch); reinstalling Parley's dependencies (npm install) brings it back.",
    );
    const scoped = (await importModule('@faker-js/faker/locale/en', () => Promise.reject('gone')).catch((thrown: unknown) => thrown)) as ModuleLoadError;
    expect(scoped.message).toContain('(gone)');
    expect(scoped.message).toContain('npm ls @faker-js/faker)');
  });

  it('loads once on success, like lazy()', async () => {
    let loads = 0;
    const load = lazyModule('slugify', async () => ++loads);
    expect(await load()).toBe(1);
    expect(await load()).toBe(1);
  });
});
