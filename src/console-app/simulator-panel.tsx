import { memo, useEffect, useState, type FormEvent } from 'react';
import { devGet, devSend } from './api.js';
import { ErrorLine, OutcomeLine, useAction } from './outcome.js';
import type { SimulatorStatus, StateAnswer } from './types.js';
import { useLoad } from './use-load.js';

/**
 * The simulator: start a built-in scenario (`POST /dev/simulator`), stop it (`DELETE
 * /dev/simulator`), and what runs now (`GET /dev/simulator`, then `event: simulator` on the stream).
 */
export const SimulatorPanel = memo(function SimulatorPanel({ streamed }: { readonly streamed: SimulatorStatus | null }) {
  const status = useLoad(() => devGet<SimulatorStatus>('/simulator'), []);
  const state = useLoad(() => devGet<StateAnswer>('/state'), []);
  const [current, setCurrent] = useState<SimulatorStatus | null>(null);
  const [scenario, setScenario] = useState('');
  const [seed, setSeed] = useState('');
  const [rate, setRate] = useState('');
  const [conversation, setConversation] = useState('');
  const [outcome, run] = useAction();

  useEffect(() => setCurrent(status.data), [status.data]);
  useEffect(() => {
    if (streamed) setCurrent((known) => ({ ...streamed, scenarios: streamed.scenarios ?? known?.scenarios ?? [] }));
  }, [streamed]);
  const scenarios = current?.scenarios ?? [];
  useEffect(() => {
    if (scenario === '' && scenarios[0]) setScenario(scenarios[0].name);
  }, [scenarios, scenario]);

  function start(event: FormEvent): void {
    event.preventDefault();
    void run(async () => {
      const body = { scenario, ...(seed ? { seed: Number(seed) } : {}), ...(rate ? { ratePerMinute: Number(rate) } : {}), ...(conversation ? { conversation } : {}) };
      const started = await devSend<SimulatorStatus>('POST', '/simulator', body);
      setCurrent(started);
      return `running ${started.scenario ?? scenario}`;
    });
  }

  function stop(): void {
    void run(async () => {
      setCurrent(await devSend<SimulatorStatus>('DELETE', '/simulator'));
      return 'stopped';
    });
  }

  const described = scenarios.find((one) => one.name === scenario)?.description;
  return (
    <section aria-label="Simulator" className="panel simulator">
      <ErrorLine error={status.error} />
      <p aria-label="Simulator status" role="status">
        {current?.running
          ? `Running ${current.scenario ?? ''}${current.ratePerMinute ? ` at ${current.ratePerMinute}/min` : ''}${current.seed !== null ? `, seed ${current.seed}` : ''}: ${current.actions} actions since ${current.startedAt ? new Date(current.startedAt).toLocaleTimeString() : 'start'}`
          : 'Not running.'}
      </p>
      <form onSubmit={start} className="grid">
        <label>
          Scenario{' '}
          <select aria-label="Scenario" value={scenario} onChange={(event) => setScenario(event.target.value)}>
            {scenarios.map((one) => (
              <option key={one.name} value={one.name}>
                {one.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Seed <input aria-label="Seed" type="number" step={1} value={seed} onChange={(event) => setSeed(event.target.value)} placeholder="random" />
        </label>
        <label>
          Actions per minute <input aria-label="Actions per minute" type="number" min={0} step="any" value={rate} onChange={(event) => setRate(event.target.value)} placeholder="the scenario's" />
        </label>
        <label>
          Only in conversation{' '}
          <select aria-label="Only in conversation" value={conversation} onChange={(event) => setConversation(event.target.value)}>
            <option value="">any</option>
            {state.data?.workspaces.flatMap((workspace) =>
              workspace.conversations.map((one) => (
                <option key={one.id} value={one.id}>
                  {workspace.name} · {one.title ?? one.id}
                </option>
              )),
            )}
          </select>
        </label>
        <button type="submit" disabled={scenario === ''}>
          Start simulator
        </button>
        <button type="button" onClick={stop} disabled={!current?.running}>
          Stop simulator
        </button>
      </form>
      {described ? <p className="muted">{described}</p> : null}
      <OutcomeLine outcome={outcome} label="Simulator outcome" />
    </section>
  );
});
