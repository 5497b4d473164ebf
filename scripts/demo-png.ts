/**
 * Encodes the demo's PNG images (`DEMO_PNG_SPECS` in src/mock-server/demo/file-bytes.ts) with
 * fast-png and writes them, base64, to src/mock-server/demo/png-base64.ts, which the demo data reads
 * at start-up instead of encoding them every time. Run after changing a spec:
 *
 *   npx tsx scripts/demo-png.ts
 *
 * test/mock/files/demo-files.test.ts checks that the file holds exactly what this writes.
 */
import { writeFileSync } from 'node:fs';
import { encode } from 'fast-png';
import { DEMO_PNG_SPECS, demoPngImage } from '../src/mock-server/demo/file-bytes.js';

export function demoPngModule(): string {
  const entries = Object.entries(DEMO_PNG_SPECS).map(([name, spec]) => `  ${name}:\n    '${Buffer.from(encode(demoPngImage(spec))).toString('base64')}',`);
  return `// Written by scripts/demo-png.ts (fast-png's encoding of DEMO_PNG_SPECS); do not edit by hand.\nexport const DEMO_PNG_BASE64 = {\n${entries.join('\n')}\n} as const;\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL('../src/mock-server/demo/png-base64.ts', import.meta.url), demoPngModule());
}
