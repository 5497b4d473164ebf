import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeOf } from '../../src/cli/report-output.js';
import { catalogue } from '../../src/conformance/catalogue.js';
import { renderPretty } from '../../src/conformance/reporters/pretty.js';
import { runConformance } from '../../src/conformance/run.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { runCli } from '../support/cli-process.js';
import { readyAccounts } from './support/accounts.js';
import { startProxy, type ProxyHooks, type RunningProxy } from './support/proxy.js';
import { notPassed, RUN_TIMEOUT } from './support/runs.js';

/**
 * No silent skip (issue 25, item 2), through the built CLI as CI runs it: a MUST check skipped
 * for a reason the user did not choose ends the run with exit 2 and one sentence per cause on
 * stderr; the skips the user chose are listed with their cause, and JUnit marks them skipped.
 */

/** Upload URLs that answer 404: the server's upload does not work, so nothing can be attached. */
const brokenUpload: ProxyHooks = {
  response(response, call) {
    const upload = call.fields.includes('createUploadUrl') ? (response.body.data?.['createUploadUrl'] as { uploadUrl?: string } | null | undefined) : undefined;
    if (!upload?.uploadUrl) return undefined;
    return { ...response, body: { ...response.body, data: { ...response.body.data, createUploadUrl: { ...upload, uploadUrl: upload.uploadUrl.replace('/uploads/', '/uploads-gone/') } } } };
  },
};

const needsAttachment = catalogue.filter((check) => check.needs?.includes('attachment')).map((check) => check.id);

let mock: RunningMockServer;
let proxy: RunningProxy;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  proxy = await startProxy({ upstream: mock.origin, hooks: brokenUpload });
});
afterAll(async () => {
  await proxy.close();
  await mock.close();
});

const run = (...args: string[]) => runCli(['conformance', 'run', '--base-url', proxy.origin, '--no-color', ...args], { NO_COLOR: '1' });

// Not concurrent: each test's CLI child is killed after every test (test/support/cli-process.ts).
describe('a MUST check that could not run', () => {
  it('ends the run with exit 2, one sentence per cause on stderr, and a NOT RUN verdict', async () => {
    expect(needsAttachment.length).toBeGreaterThan(0);
    const result = await run();
    expect(result.status, result.stderr).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual([
      `parley conformance: could not run ${needsAttachment.length === 1 ? '1 MUST check' : `${needsAttachment.length} MUST checks`} (${needsAttachment.join(', ')}): needs an uploaded attachment: the server's upload did not work (the PUT to the upload URL answered 404)`,
    ]);
    expect(result.stdout).toMatch(/Could not run \(a MUST check among them ends the run with exit 2\)\n {2}- needs an uploaded attachment: the server's upload did not work/);
    expect(result.stdout).toMatch(/^NOT RUN: \d+ MUST checks? could not run/m);
  }, RUN_TIMEOUT);

  it('passes (exit 0) once the user leaves those checks out, listing them as their choice', async () => {
    const report = await runConformance({ baseUrl: proxy.origin, skip: needsAttachment });
    expect(exitCodeOf(report, 'must'), notPassed(report)).toBe(0);
    expect(report.skips.filter((cause) => cause.kind === 'chosen').map((cause) => cause.cause)).toEqual(needsAttachment.map((id) => `left out by --skip ${id}`));
    const pretty = renderPretty(report, { color: false });
    expect(pretty).toContain(`Skipped by your choice\n  - left out by --skip ${needsAttachment[0]}\n    1 check (1 MUST): ${needsAttachment[0]}`);
    expect(pretty).toMatch(/^PASS: every MUST check passed/m);
  }, RUN_TIMEOUT);
});

describe('skips the user chose', () => {
  it('a credentials file without actor C: its checks are skipped by choice, exit 0, and JUnit marks them <skipped/> with the cause', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-skips-'));
    const credentials = join(dir, 'accounts.json');
    writeFileSync(credentials, JSON.stringify(await readyAccounts(mock.origin, 2)));
    const report = join(dir, 'report.xml');
    const result = await runCli(['conformance', 'run', '--base-url', mock.origin, '--credentials', credentials, '--only', 'errors.*,events.websocket', '--reporter', 'junit', '--output', report], { NO_COLOR: '1' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/skipped \(by your choice\)|\(\d+ by your choice\)/);
    const xml = readFileSync(report, 'utf8');
    const outsider = /<testcase classname="7 Errors" name="errors\.forbidden\.outsider: [^"]*"[^>]*>([\s\S]*?)<\/testcase>/.exec(xml)?.[1] ?? '';
    expect(outsider).toContain('<skipped/>');
    expect(outsider).toContain('skipped (your choice): needs actor C (a third account), and the credentials file gives none');
    // Checks that --only left out are in the report too, skipped by choice: CI shows what was not tested.
    expect(xml).toMatch(/name="messages\.order\.ascending: [^"]*"[^>]*>\s*<skipped\/>\s*<system-out><!\[CDATA\[skipped \(your choice\): not selected by --only errors\.\*,events\.websocket\]\]><\/system-out>/);
  }, RUN_TIMEOUT);
});
