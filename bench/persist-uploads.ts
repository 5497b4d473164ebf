import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeBase64 } from '../src/mock-server/platform/node-base64.js';
import { bytesToBase64, useNativeBase64 } from '../src/mock-server/state/base64.js';
import { startMock } from './soak/mock-process.js';
import { quantile } from './stats.js';

/**
 * `--persist` under uploads: what one 1.5 MiB upload costs to encode as base64 (the pure-JS
 * encoder the browser bundle keeps, and Node's, which `persist/` installs), then
 * `parley mock serve --persist FILE` while one client PUTs 1.5 MiB files back to back and
 * another asks `/ready` every 100 ms: its latency, and how far the file lags behind what was
 * acknowledged.
 */

export const UPLOAD_BYTES = 1.5 * 1024 * 1024;
const READY_EVERY_MS = 100;
const READY_LIMIT_MS = 2_000;

export interface UploadsResult {
  /** Median of 7 encodings of 1.5 MiB, in ms. */
  readonly encodeJsMs: number;
  readonly encodeNodeMs: number;
  /** The same bytes again (the encoded form kept per upload). */
  readonly encodeNodeAgainMs: number;
  readonly seconds: number;
  readonly uploads: number;
  readonly readyP50Ms: number;
  readonly readyP99Ms: number;
  readonly readyMaxMs: number;
  readonly readyChecks: number;
  /** Checks that took longer than 2 s (or failed). */
  readonly readySlow: number;
}

function median(run: () => unknown): number {
  const times: number[] = [];
  for (let n = 0; n < 7; n += 1) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return quantile(times, 0.5);
}

/** The encodings, in this process (the pure-JS one first: installing Node's is for the whole process). */
function measureEncoding(): Pick<UploadsResult, 'encodeJsMs' | 'encodeNodeMs' | 'encodeNodeAgainMs'> {
  const fresh = () => new Uint8Array(randomBytes(UPLOAD_BYTES));
  const bytes = fresh();
  const encodeJsMs = median(() => bytesToBase64(bytes));
  useNativeBase64(nodeBase64);
  const arrays = Array.from({ length: 7 }, fresh);
  let next = 0;
  const encodeNodeMs = median(() => bytesToBase64(arrays[next++]!));
  bytesToBase64(bytes);
  const encodeNodeAgainMs = median(() => bytesToBase64(bytes));
  return { encodeJsMs, encodeNodeMs, encodeNodeAgainMs };
}

async function gql<T>(url: string, query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** The CLI with --persist, one uploading client and the /ready checks, for `seconds`. */
async function measureServing(seconds: number): Promise<Omit<UploadsResult, 'encodeJsMs' | 'encodeNodeMs' | 'encodeNodeAgainMs'>> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-bench-uploads-'));
  // The uploads are never used: past the default cap on unused bytes (100 MiB) every PUT would be refused.
  const mock = await startMock(['--empty', '--persist', join(dir, 'state.json'), '--max-unused-upload-bytes', String(4 * 1024 ** 3)]).catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  try {
    const { url, origin } = mock;
    const input = { displayName: 'Bench', email: 'bench@example.test', password: 'correct horse battery', username: 'bench' };
    await gql(url, 'mutation($input: RegisterInput!) { register(input: $input) }', { input });
    const { login } = await gql<{ login: { accessToken: string } }>(url, 'mutation($input: LoginInput!) { login(input: $input) { accessToken } }', { input: { email: input.email, password: input.password } });
    const body = new Uint8Array(randomBytes(UPLOAD_BYTES));
    const until = Date.now() + seconds * 1000;
    let uploads = 0;
    const uploading = (async () => {
      while (Date.now() < until) {
        const { createUploadUrl } = await gql<{ createUploadUrl: { uploadUrl: string } }>(
          url,
          'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { uploadUrl } }',
          { i: { contentType: 'image/png', scope: 'PUBLIC', fileName: 'bench.png' } },
          login.accessToken,
        );
        const response = await fetch(createUploadUrl.uploadUrl, { method: 'PUT', body, headers: { 'content-type': 'image/png' } });
        if (response.status !== 200) throw new Error(`PUT answered ${response.status}`);
        uploads += 1;
      }
    })();
    const latencies: number[] = [];
    let slow = 0;
    const checks: Promise<void>[] = [];
    while (Date.now() < until) {
      const start = performance.now();
      checks.push(
        fetch(`${origin}/ready`, { signal: AbortSignal.timeout(30_000) }).then(
          async (response) => {
            await response.arrayBuffer();
            const ms = performance.now() - start;
            latencies.push(ms);
            if (response.status !== 200 || ms > READY_LIMIT_MS) slow += 1;
          },
          () => {
            slow += 1;
          },
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, READY_EVERY_MS));
    }
    await Promise.all([uploading, ...checks]);
    return {
      seconds,
      uploads,
      readyP50Ms: quantile(latencies, 0.5),
      readyP99Ms: quantile(latencies, 0.99),
      readyMaxMs: Math.max(...latencies),
      readyChecks: checks.length,
      readySlow: slow,
    };
  } finally {
    await mock.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureUploads(seconds = 10): Promise<UploadsResult> {
  return { ...measureEncoding(), ...(await measureServing(seconds)) };
}

export function uploadsReport(result: UploadsResult): string[] {
  const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
  return [
    `base64 of 1.5 MiB: pure JS ${ms(result.encodeJsMs)}, Node ${ms(result.encodeNodeMs)}, Node again (kept) ${ms(result.encodeNodeAgainMs)}`,
    `mock serve --persist, one client PUTting 1.5 MiB files for ${result.seconds} s: ${result.uploads} uploads; /ready every ${READY_EVERY_MS} ms: p50 ${ms(result.readyP50Ms)}, p99 ${ms(result.readyP99Ms)}, max ${ms(result.readyMaxMs)}, ${result.readySlow} of ${result.readyChecks} over ${READY_LIMIT_MS / 1000} s`,
  ];
}
