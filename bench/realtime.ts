/** `npm run bench:realtime`: only the realtime section (the full `npm run bench` includes it). */
import { cpus } from 'node:os';
import { measureRealtime } from './realtime/measure.js';
import { realtimeHeading, realtimeOptionsFromEnv } from './realtime/options.js';
import { realtimeReport } from './realtime/report.js';

const options = realtimeOptionsFromEnv();
console.log(`Parley realtime: Node ${process.version}, ${cpus().length} cores`);
console.log(realtimeHeading(options).join('\n'));
const rows = await measureRealtime(options, (line) => process.stderr.write(`  .. ${line}\n`));
console.log(realtimeReport(rows, options).lines.join('\n'));
