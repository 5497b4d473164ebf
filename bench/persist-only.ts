/** `npm run bench:persist`: only the --persist section (the full `npm run bench` includes it). */
import { cpus } from 'node:os';
import { measurePersist, persistOptionsFromEnv, persistReport } from './persist.js';
import { table } from './table.js';

const options = persistOptionsFromEnv();
console.log(`Parley --persist: Node ${process.version}, ${cpus().length} cores`);
const report = persistReport(await measurePersist(options, (line) => process.stderr.write(`  .. ${line}\n`)), options);
console.log(report.lines.join('\n'));
if (report.summary.length > 0) console.log(`\n${table(report.summary)}`);
