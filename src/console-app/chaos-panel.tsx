import { memo, useState, type FormEvent } from 'react';
import { ErrorCode } from '../schema/error-codes.js';
import { devGet, devSend } from './api.js';
import { ErrorLine, OutcomeLine, useAction } from './outcome.js';
import type { ChaosSettings, LatencyRange, OperationChaos } from './types.js';
import { useLoad } from './use-load.js';

/** Operation names apps commonly send, offered as the form types (any name is accepted). */
const COMMON_OPERATIONS = ['SendMessage', 'Messages', 'Conversations', 'Me', 'Login', 'EditMessage', 'DeleteMessage', 'AddReaction', 'MessageCreated'];

/** `300` or `200–800`. */
function rangeOf(latency: LatencyRange): string {
  return latency.minMs === latency.maxMs ? `${latency.minMs}` : `${latency.minMs}–${latency.maxMs}`;
}

function describeOne(chaos: OperationChaos): string {
  const parts: string[] = [];
  if (chaos.latency) parts.push(`waits ${rangeOf(chaos.latency)} ms`);
  if (chaos.errorCode !== undefined || chaos.failureRate !== undefined) parts.push(`fails ${Math.round((chaos.failureRate ?? 1) * 100)}% with ${chaos.errorCode ?? ErrorCode.INTERNAL_SERVER_ERROR}`);
  return parts.join(', ') || 'nothing';
}

/** A number field's value, or undefined when empty. */
function numberOf(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/**
 * Chaos as a form: latency and failures per operation (`POST /dev/chaos`, the whole settings each
 * time, built from what is in force plus the form), what is in force (`GET /dev/chaos`), and
 * `DELETE /dev/chaos` to turn it all off. An empty operation sets the latency of every operation.
 */
export const ChaosPanel = memo(function ChaosPanel() {
  const chaos = useLoad(() => devGet<ChaosSettings>('/chaos'), []);
  const [operation, setOperation] = useState('SendMessage');
  const [minMs, setMinMs] = useState('');
  const [maxMs, setMaxMs] = useState('');
  const [failureRate, setFailureRate] = useState('');
  const [errorCode, setErrorCode] = useState('');
  const [outcome, run] = useAction();
  const inForce = chaos.data ?? {};
  const operations = Object.entries(inForce.operations ?? {});

  function save(next: ChaosSettings, done: string): void {
    void run(async () => {
      await devSend<ChaosSettings>('POST', '/chaos', next);
      chaos.reload();
      return done;
    });
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    const min = numberOf(minMs);
    const max = numberOf(maxMs) ?? min;
    const latency = min === undefined || max === undefined ? undefined : { minMs: min, maxMs: max };
    const name = operation.trim();
    if (name === '') {
      save({ ...inForce, ...(latency ? { latency } : {}) }, latency ? `every operation waits ${rangeOf(latency)} ms` : 'nothing to change');
      return;
    }
    const rate = numberOf(failureRate);
    const one: OperationChaos = { ...(latency ? { latency } : {}), ...(rate !== undefined ? { failureRate: rate } : {}), ...(errorCode ? { errorCode } : {}) };
    save({ ...inForce, operations: { ...(inForce.operations ?? {}), [name]: one } }, `${name} ${describeOne(one)}`);
  }

  function remove(name: string): void {
    const rest = Object.fromEntries(operations.filter(([other]) => other !== name));
    save({ ...inForce, operations: rest }, `${name} runs normally`);
  }

  function clear(): void {
    void run(async () => {
      await devSend('DELETE', '/chaos');
      chaos.reload();
      return 'chaos off';
    });
  }

  return (
    <section aria-label="Chaos" className="panel chaos">
      <h2>In force</h2>
      <ErrorLine error={chaos.error} />
      <ul aria-label="Chaos in force">
        {inForce.latency ? (
          <li>
            Every operation waits {rangeOf(inForce.latency)} ms
          </li>
        ) : null}
        {operations.map(([name, one]) => (
          <li key={name}>
            <code>{name}</code> {describeOne(one)}{' '}
            <button type="button" className="small" aria-label={`Remove chaos on ${name}`} onClick={() => remove(name)}>
              remove
            </button>
          </li>
        ))}
        {!inForce.latency && operations.length === 0 ? <li>Nothing: every operation runs at full speed and never fails on purpose.</li> : null}
      </ul>
      <button type="button" onClick={clear}>
        Turn chaos off
      </button>
      <h2>Set</h2>
      <form onSubmit={submit} className="grid">
        <label>
          Operation <input aria-label="Operation" value={operation} onChange={(event) => setOperation(event.target.value)} list="parley-operations" placeholder="empty: every operation" />
        </label>
        <datalist id="parley-operations">
          {COMMON_OPERATIONS.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <label>
          Latency from (ms) <input aria-label="Latency from (ms)" type="number" min={0} max={120000} value={minMs} onChange={(event) => setMinMs(event.target.value)} />
        </label>
        <label>
          Latency to (ms) <input aria-label="Latency to (ms)" type="number" min={0} max={120000} value={maxMs} onChange={(event) => setMaxMs(event.target.value)} />
        </label>
        <label>
          Failure rate (0–1) <input aria-label="Failure rate (0–1)" type="number" min={0} max={1} step={0.05} value={failureRate} onChange={(event) => setFailureRate(event.target.value)} />
        </label>
        <label>
          Error code{' '}
          <select aria-label="Error code" value={errorCode} onChange={(event) => setErrorCode(event.target.value)}>
            <option value="">none</option>
            {Object.values(ErrorCode).map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Apply chaos</button>
      </form>
      <OutcomeLine outcome={outcome} label="Chaos outcome" />
    </section>
  );
});
