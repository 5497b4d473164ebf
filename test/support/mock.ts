import type { ExecutionMode } from '../../src/mock-server/engine/engine.js';
import { startMockServer, type MockServerOptions, type RunningMockServer } from '../../src/mock-server/mock-server.js';

const modes: readonly ExecutionMode[] = ['adaptive', 'compiled', 'interpreted'];

/** The execution path under test: vitest's projects run test/spec once per path (vitest.config.ts). */
export function executionUnderTest(): ExecutionMode {
  const mode = process.env['PARLEY_EXECUTION'] ?? 'adaptive';
  if (!(modes as readonly string[]).includes(mode)) throw new Error(`PARLEY_EXECUTION must be one of ${modes.join(', ')}, not ${mode}`);
  return mode as ExecutionMode;
}

/** An empty mock on a free port, executing on the path under test. */
export function startTestMock(options: MockServerOptions = {}): Promise<RunningMockServer> {
  return startMockServer({ port: 0, empty: true, execution: executionUnderTest(), ...options });
}
