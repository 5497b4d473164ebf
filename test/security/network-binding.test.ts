import { describe, expect, it } from 'vitest';
import { lineStarting, runCli, serveCli } from '../support/cli-process.js';

/**
 * `--host 0.0.0.0` puts the mock on the network: it says so, and `/dev` (the whole state, its
 * tokens and hashes, and the power to replace it) stays off there unless asked for.
 */

const portOf = (lines: readonly string[]) => Number(/:(\d+)\/graphql$/.exec(lineStarting('parley mock listening on ', lines.join('\n'))!)![1]);
const ready = (stdout: string) => stdout.includes('GraphiQL:');

describe('binding beyond loopback', () => {
  it('--host 0.0.0.0 warns on stderr, naming what is exposed, and serves no /dev', async () => {
    const cli = await serveCli(['--port', '0', '--host', '0.0.0.0', '--empty'], ready);
    const port = portOf(cli.lines);
    expect(cli.stderr).toMatch(/warning/i);
    expect(cli.stderr).toContain('0.0.0.0');
    expect(cli.stderr).toContain('/graphql');
    expect(cli.stderr).toContain('--dev-routes');
    expect((await fetch(`http://127.0.0.1:${port}/dev`)).status).toBe(404);
    expect(cli.stdout).not.toContain('dev console:');
  });

  it('--host 0.0.0.0 --dev-routes serves /dev, and the warning says /dev is exposed too', async () => {
    const cli = await serveCli(['--port', '0', '--host', '0.0.0.0', '--empty', '--dev-routes'], (stdout) => stdout.includes('dev console:'));
    expect((await fetch(`http://127.0.0.1:${portOf(cli.lines)}/dev`)).status).toBe(200);
    expect(cli.stderr).toContain('/dev');
  });

  it('the default, 127.0.0.1, prints no warning and serves /dev', async () => {
    const cli = await serveCli(['--port', '0', '--empty'], (stdout) => stdout.includes('dev console:'));
    expect(cli.stderr).toBe('');
    expect((await fetch(`http://127.0.0.1:${portOf(cli.lines)}/dev`)).status).toBe(200);
  });

  it('--allowed-host and --cors-origin are repeatable and reach the server', async () => {
    const cli = await serveCli(['--port', '0', '--empty', '--allowed-host', 'mock.lan', '--allowed-host', 'other.lan', '--cors-origin', 'http://localhost:5173'], ready);
    const { rawRequest } = await import('./raw-http.js');
    const origin = `http://127.0.0.1:${portOf(cli.lines)}`;
    for (const host of ['mock.lan', 'other.lan']) expect((await rawRequest(`${origin}/dev`, 'GET', { host })).status, host).toBe(200);
    expect((await rawRequest(`${origin}/dev`, 'GET', { host: 'evil.example' })).status).toBe(403);
    const named = await rawRequest(`${origin}/dev`, 'GET', { origin: 'http://localhost:5173' });
    expect(named.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it('--help names the new flags', async () => {
    const help = (await runCli(['mock', 'serve', '--help'])).stdout;
    for (const flag of ['--allowed-host', '--cors-origin', '--dev-routes', '--no-dev-routes']) expect(help).toContain(flag);
  });
});
