import { expect, it } from 'vitest';
import { engineWarnings } from '../consumers/consumer-project/install-output.js';

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
