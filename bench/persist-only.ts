/** `npm run bench:persist`: only the --persist section (the full `npm run bench` includes it). */
import { cpus } from 'node:os';
import { measurePersist, persistOptionsFromEnv, persistReport } from './persist.js';
import { measureUploads, uploadsReport } from './persist-uploads.js';
import { table } from './table.js';

const options = persistOptionsFromEnv();
console.log(`Parley --persist: Node ${process.version}, ${cpus().length} cores`);
// `BENCH_PERSIST_SIZES=` (empty) skips the message sizes: the uploads section alone.
const sizes = options.sizes.filter((size) => size > 0);
if (sizes.length > 0) {
  const report = persistReport(await measurePersist({ ...options, sizes }, (line) => process.stderr.write(`  .. ${line}\n`)), { ...options, sizes });
  console.log(report.lines.join('\n'));
  if (report.summary.length > 0) console.log(`\n${table(report.summary)}`);
}
// Uploads: their bytes are the bulk of what the writer encodes and writes (BENCH_PERSIST_UPLOAD_SECONDS, default 10).
console.log(`\n${uploadsReport(await measureUploads(Number(process.env['BENCH_PERSIST_UPLOAD_SECONDS'] ?? 10))).join('\n')}`);
