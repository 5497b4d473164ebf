import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { contractSdl, faultySchemas, introspectionJson } from './schemas.js';

/** `parley schema check FILE` as CI runs it: the built CLI (test/global-setup.ts builds it), offline. */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'parley-schema-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function parley(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/cli/main.js', ...args], { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe.concurrent('parley schema check', () => {
  it('exits 0 on the contract as SDL, with a JUnit report', async () => {
    const output = join(dir, 'ok.xml');
    const run = await parley(['schema', 'check', file('ok.graphql', contractSdl), '--reporter', 'junit', '--output', output]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('PASS');
    const xml = readFileSync(output, 'utf8');
    expect(xml).toContain('tests="10" failures="0"');
  });

  it('exits 1 on a faulty introspection JSON, the JUnit failure naming the coordinate', async () => {
    const fault = faultySchemas.find((schema) => schema.name === 'missing enum value')!;
    const output = join(dir, 'faulty.xml');
    const run = await parley(['schema', 'check', file('faulty.json', introspectionJson(fault.sdl)), '--reporter', 'junit', '--output', output]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('FAIL');
    const xml = readFileSync(output, 'utf8');
    expect(xml).toMatch(/<failure message="SearchKind\.PEOPLE: the spec says SearchKind has PEOPLE; the target has no such value" type="MUST">/);
  });

  it('prints the pretty report to stdout by default, with the coordinate', async () => {
    const fault = faultySchemas.find((schema) => schema.name === 'changed default')!;
    const run = await parley(['schema', 'check', file('default.graphql', fault.sdl)]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(fault.coordinate);
  });

  it.each([
    ['a missing file', ['schema', 'check', join(dir, 'nope.graphql')], 'cannot read the schema file'],
    ['a file that is no schema', ['schema', 'check', 'package.json'], 'without an introspection result'],
  ])('exits 2 on %s, with one sentence', async (_name, args, said) => {
    const run = await parley(args);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(said);
  });
});
