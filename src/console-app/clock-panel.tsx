import { memo, useState, type FormEvent } from 'react';
import { devGet, devSend } from './api.js';
import { ErrorLine, OutcomeLine, useAction } from './outcome.js';
import type { ClockAnswer } from './types.js';
import { useLoad } from './use-load.js';

const MINUTE = 60_000;
const STEPS: readonly { readonly label: string; readonly ms: number }[] = [
  { label: '+1 minute', ms: MINUTE },
  { label: '+1 hour', ms: 60 * MINUTE },
  { label: '+1 day', ms: 24 * 60 * MINUTE },
];

/**
 * Time: the mock's clock (`GET /dev/clock`) moved forward (`POST /dev/clock` with `advanceMs`),
 * firing the timers it passes (typing, token and invitation expiry). Only where the server was
 * started with `--clock controllable` (or a test's manual clock); elsewhere it says so.
 */
export const ClockPanel = memo(function ClockPanel() {
  const clock = useLoad(() => devGet<ClockAnswer>('/clock'), []);
  const [minutes, setMinutes] = useState('');
  const [outcome, run] = useAction();

  function advance(ms: number): void {
    void run(async () => {
      const moved = await devSend<ClockAnswer>('POST', '/clock', { advanceMs: ms });
      clock.reload();
      return `the clock reads ${moved.now}`;
    });
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    const value = Number(minutes);
    if (value > 0) advance(Math.round(value * MINUTE));
  }

  const controllable = clock.data?.controllable ?? false;
  return (
    <section aria-label="Clock" className="panel clock">
      <ErrorLine error={clock.error} />
      {clock.data ? (
        <p>
          The mock&apos;s time: <output aria-label="Mock time">{clock.data.now}</output>
          {clock.data.offsetMs > 0 ? <span className="muted"> ({Math.round(clock.data.offsetMs / MINUTE)} min ahead of real time)</span> : null}
        </p>
      ) : null}
      {clock.data && !controllable ? (
        <p>This server runs on the system clock: start it with <code>--clock controllable</code> to move time from here.</p>
      ) : null}
      <div className="row">
        {STEPS.map((step) => (
          <button key={step.label} type="button" disabled={!controllable} onClick={() => advance(step.ms)}>
            {step.label}
          </button>
        ))}
      </div>
      <form onSubmit={submit} className="row">
        <label>
          Advance by (minutes) <input aria-label="Advance by (minutes)" type="number" min={0} step="any" value={minutes} onChange={(event) => setMinutes(event.target.value)} disabled={!controllable} />
        </label>
        <button type="submit" disabled={!controllable}>
          Advance
        </button>
      </form>
      <OutcomeLine outcome={outcome} label="Clock outcome" />
    </section>
  );
});
