import { ErrorCode } from '../../../schema/error-codes.js';

/** A wait drawn uniformly from `minMs` to `maxMs` (whole milliseconds, both included). */
export interface LatencyRange {
  readonly minMs: number;
  readonly maxMs: number;
}

/** What chaos does to one named operation. */
export interface OperationChaos {
  /** Replaces the all-operations latency for this operation. */
  readonly latency?: LatencyRange;
  /**
   * How often the operation fails, from 0 (never) to 1 (always).
   * @default 1 when `errorCode` is given
   */
  readonly failureRate?: number;
  /** The code a failure carries. @default INTERNAL_SERVER_ERROR when only `failureRate` is given */
  readonly errorCode?: ErrorCode;
}

/**
 * Behaviour injected into the HTTP and MSW doors to test a frontend's loading and error states
 * (`POST /dev/chaos`, `parley.chaos.set`). Operation names are those of the client's documents
 * (`query Messages ...`), so any name is accepted.
 *
 * @example { "seed": 7, "latency": { "minMs": 200, "maxMs": 800 },
 *            "operations": { "SendMessage": { "errorCode": "FORBIDDEN" }, "Messages": { "failureRate": 0.3 } } }
 */
export interface ChaosSettings {
  /** Seeds the draws of latencies and failures, so a run can be repeated. @default 1 */
  readonly seed?: number;
  /** A latency for every operation (named operations may have their own). */
  readonly latency?: LatencyRange;
  readonly operations?: Readonly<Record<string, OperationChaos>>;
}

/** A body that is not valid chaos settings: a code, the field at fault and a sentence. */
export class ChaosSettingsError extends Error {
  readonly code = ErrorCode.BAD_USER_INPUT;
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** The longest latency chaos accepts: longer than any client's timeout is worth testing. */
export const MAX_LATENCY_MS = 120_000;

const ERROR_CODES = new Set<string>(Object.values(ErrorCode));

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function onlyKeys(value: Record<string, unknown>, allowed: readonly string[], field: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      const where = field === '' ? key : `${field}.${key}`;
      throw new ChaosSettingsError(`${where} is not a chaos setting; expected one of ${allowed.join(', ')}`, where);
    }
  }
}

function describe(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

function latencyOf(value: unknown, field: string): LatencyRange {
  if (!isRecord(value)) throw new ChaosSettingsError(`${field} must be an object { "minMs": n, "maxMs": n }, but got ${describe(value)}`, field);
  onlyKeys(value, ['minMs', 'maxMs'], field);
  const bound = (key: 'minMs' | 'maxMs'): number => {
    const ms = value[key];
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > MAX_LATENCY_MS) {
      throw new ChaosSettingsError(`${field}.${key} must be a whole number of milliseconds from 0 to ${MAX_LATENCY_MS}, but got ${describe(ms)}`, `${field}.${key}`);
    }
    return ms;
  };
  const range = { minMs: bound('minMs'), maxMs: bound('maxMs') };
  if (range.maxMs < range.minMs) throw new ChaosSettingsError(`${field}.maxMs must not be below ${field}.minMs (${range.minMs}), but got ${range.maxMs}`, `${field}.maxMs`);
  return range;
}

function operationOf(value: unknown, field: string): OperationChaos {
  if (!isRecord(value)) throw new ChaosSettingsError(`${field} must be an object with latency, failureRate or errorCode, but got ${describe(value)}`, field);
  onlyKeys(value, ['latency', 'failureRate', 'errorCode'], field);
  const { latency, failureRate, errorCode } = value;
  if (latency === undefined && failureRate === undefined && errorCode === undefined) {
    throw new ChaosSettingsError(`${field} must set latency, failureRate or errorCode`, field);
  }
  if (failureRate !== undefined && (typeof failureRate !== 'number' || !(failureRate >= 0 && failureRate <= 1))) {
    throw new ChaosSettingsError(`${field}.failureRate must be a number from 0 to 1, but got ${describe(failureRate)}`, `${field}.failureRate`);
  }
  if (errorCode !== undefined && (typeof errorCode !== 'string' || !ERROR_CODES.has(errorCode))) {
    throw new ChaosSettingsError(`${field}.errorCode must be one of the schema's error codes (${[...ERROR_CODES].join(', ')}), but got ${describe(errorCode)}`, `${field}.errorCode`);
  }
  return {
    ...(latency === undefined ? {} : { latency: latencyOf(latency, `${field}.latency`) }),
    ...(failureRate === undefined ? {} : { failureRate }),
    ...(errorCode === undefined ? {} : { errorCode: errorCode as ErrorCode }),
  };
}

/**
 * Checks a body that claims to be {@link ChaosSettings} and returns it in its plain form;
 * anything else throws a {@link ChaosSettingsError} naming the field.
 */
export function parseChaosSettings(value: unknown): ChaosSettings {
  if (!isRecord(value)) throw new ChaosSettingsError(`the chaos settings must be a JSON object, but got ${describe(value)}`, '');
  onlyKeys(value, ['seed', 'latency', 'operations'], '');
  const { seed, latency, operations } = value;
  if (seed !== undefined && (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)) {
    throw new ChaosSettingsError(`seed must be a whole number from 0 to ${0xffffffff}, but got ${describe(seed)}`, 'seed');
  }
  if (operations !== undefined && !isRecord(operations)) {
    throw new ChaosSettingsError(`operations must be an object from operation names to settings, but got ${describe(operations)}`, 'operations');
  }
  const checked: [string, OperationChaos][] = [];
  for (const [name, settings] of Object.entries(operations ?? {})) {
    if (name === '') throw new ChaosSettingsError('operations must not have an empty operation name', 'operations');
    checked.push([name, operationOf(settings, `operations.${name}`)]);
  }
  // fromEntries defines own properties: an operation named `__proto__` is kept as one, not taken for the prototype.
  const named: Record<string, OperationChaos> = Object.fromEntries(checked);
  return {
    ...(seed === undefined ? {} : { seed }),
    ...(latency === undefined ? {} : { latency: latencyOf(latency, 'latency') }),
    ...(Object.keys(named).length === 0 ? {} : { operations: named }),
  };
}
