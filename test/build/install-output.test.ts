import { describe, expect, it } from 'vitest';
import { engineWarnings, npmWarnings } from '../consumers/consumer-project/install-output.js';

/** The consumer tests' EBADENGINE check reads npm 11's warning as npm prints it (issue 28, on Node 20). */
it("finds npm's EBADENGINE warnings in an install's output, and nothing in a clean one", () => {
  const warned = `npm warn EBADENGINE Unsupported engine {
npm warn EBADENGINE   package: '@whatwg-node/promise-helpers@2.0.2',
npm warn EBADENGINE   required: { node: '>=22.15.0' },
npm warn EBADENGINE   current: { node: 'v20.20.2', npm: '11.19.1' }
npm warn EBADENGINE }

added 512 packages in 2m
`;
  expect(engineWarnings(warned)).toEqual(['@whatwg-node/promise-helpers@2.0.2 requires node >=22.15.0']);
  expect(engineWarnings(warned + warned.replace('@whatwg-node/promise-helpers@2.0.2', 'other@1.0.0'))).toHaveLength(2);
  expect(engineWarnings('npm warn install-scripts 2 packages have install scripts not yet covered by allowScripts:\nadded 63 packages in 19s\n')).toEqual([]);
  expect(engineWarnings('npm WARN EBADENGINE something else')).toHaveLength(1);
});

/** Issue 39: an install of the packed Parley prints no warning of Parley's own, in the whole output. */
describe("npm's warnings in an install's output, but npm's own and msw's", () => {
  // npm 11.19's output for the tarball of a package.json that kept `prepare`, into a project with msw.
  const frame = (...packages: string[]) =>
    [
      '',
      'added 160 packages in 34s',
      `npm warn install-scripts ${packages.length} ${packages.length === 1 ? 'package has' : 'packages have'} install scripts not yet covered by allowScripts:`,
      ...packages.map((line) => `npm warn install-scripts   ${line}`),
      'npm warn install-scripts',
      'npm warn install-scripts Run `npm install-scripts ls` to review, or `npm install-scripts approve <pkg>` to allow.',
      '',
    ].join('\n');
  const msw = 'msw@2.15.0 (postinstall: node -e "import(\'./config/scripts/postinstall.js\').catch(() => void 0)")';

  it("finds Parley's install script in the list, and lets msw's and npm's frame pass", () => {
    expect(npmWarnings(frame(msw, 'parley@0.1.0 (prepare: npm run build --silent)'))).toEqual(['install-scripts   parley@0.1.0 (prepare: npm run build --silent)']);
    expect(npmWarnings(frame(msw))).toEqual([]);
    expect(npmWarnings('\nadded 160 packages in 34s\n')).toEqual([]);
  });

  it('counts every other warning: an install script of any other package, EBADENGINE, deprecations, any case', () => {
    expect(npmWarnings(frame('esbuild@0.28.2 (postinstall: node install.js)'))).toEqual(['install-scripts   esbuild@0.28.2 (postinstall: node install.js)']);
    expect(npmWarnings("npm warn EBADENGINE Unsupported engine {\nnpm warn EBADENGINE   package: 'x@1.0.0',\n")).toHaveLength(2);
    expect(npmWarnings('npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported')).toEqual([
      'deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported',
    ]);
    expect(npmWarnings('npm WARN ERESOLVE overriding peer dependency')).toEqual(['ERESOLVE overriding peer dependency']);
  });
});
