import { useState, type ReactNode } from 'react';
import { ActPanel } from './act-panel.js';
import { place } from './api.js';
import { ChaosPanel } from './chaos-panel.js';
import { ClockPanel } from './clock-panel.js';
import { LivePanel } from './live-panel.js';
import { SandboxPicker } from './sandbox-picker.js';
import { SimulatorPanel } from './simulator-panel.js';
import { SnapshotsPanel } from './snapshots-panel.js';
import { StateView } from './state-view.js';
import { useDevEvents } from './use-dev-events.js';
import { useThrottled } from './use-throttled.js';

const TABS = ['State', 'Act as', 'Live', 'Chaos', 'Clock', 'Snapshots', 'Simulator'] as const;
type Tab = (typeof TABS)[number];

/**
 * The dev console: one tab per concern. A tab mounts when first opened and stays mounted (hidden)
 * after, so a form keeps what was typed; the live stream is the page's, so it records while
 * another tab shows.
 */
export function App() {
  const [tab, setTab] = useState<Tab>('State');
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(new Set(['State']));
  const live = useDevEvents();
  const stateVersion = useThrottled(live.stateVersion, 1000);

  function open(next: Tab): void {
    setTab(next);
    setOpened((known) => new Set([...known, next]));
  }

  function panel(name: Tab, content: () => ReactNode): ReactNode {
    if (!opened.has(name)) return null;
    return (
      <div role="tabpanel" id={`panel-${name}`} aria-label={name} hidden={tab !== name} key={name}>
        {content()}
      </div>
    );
  }

  return (
    <>
      <header>
        <h1>Parley dev console{place.sandbox ? <span className="muted"> · sandbox {place.sandbox}</span> : null}</h1>
        <SandboxPicker />
        <a href={`${place.root}/graphql`}>GraphiQL</a>
        <span className={live.connected ? 'dot on' : 'dot'} title={live.connected ? 'live' : 'not connected'} aria-label={live.connected ? 'live' : 'not connected'} />
      </header>
      <nav role="tablist" aria-label="Console">
        {TABS.map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} aria-controls={`panel-${name}`} onClick={() => open(name)}>
            {name}
          </button>
        ))}
      </nav>
      <main>
        {panel('State', () => (
          <StateView stateVersion={stateVersion} />
        ))}
        {panel('Act as', () => (
          <ActPanel stateVersion={stateVersion} />
        ))}
        {panel('Live', () => (
          <LivePanel live={live} />
        ))}
        {panel('Chaos', () => (
          <ChaosPanel />
        ))}
        {panel('Clock', () => (
          <ClockPanel />
        ))}
        {panel('Snapshots', () => (
          <SnapshotsPanel />
        ))}
        {panel('Simulator', () => (
          <SimulatorPanel streamed={live.simulator} />
        ))}
      </main>
    </>
  );
}
