import { useEffect, useState } from 'react';
import { devGet, devUrl } from './api.js';
import type { DomainEvent, JournalAnswer, JournalEntry, SimulatorStatus } from './types.js';

/** How many journal entries and events the page keeps (the newest): the page stays small however long it is open. */
export const KEPT = 200;

/** How long the stream's arrivals are gathered before the page renders them. */
const FLUSH_MS = 200;

export interface DevEvents {
  /** Newest first. */
  readonly journal: readonly JournalEntry[];
  /** Newest first. */
  readonly events: readonly DomainEvent[];
  /** The simulator's status as last streamed, or null before any. */
  readonly simulator: SimulatorStatus | null;
  /** Grows with every domain event and state swap: views that show state reload on it. */
  readonly stateVersion: number;
  /** Whether the stream is open. */
  readonly connected: boolean;
}

function parse<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

/**
 * `GET /dev/events` (Server-Sent Events) for the page's life: the journal as requests are recorded,
 * domain events as they are published, the simulator's starts and stops, and `reset` on a state
 * swap. The journal's earlier entries come from `GET /dev/journal` once, at the start (it keeps at most
 * its capacity, 200 by default).
 */
export function useDevEvents(): DevEvents {
  const [journal, setJournal] = useState<readonly JournalEntry[]>([]);
  const [events, setEvents] = useState<readonly DomainEvent[]>([]);
  const [simulator, setSimulator] = useState<SimulatorStatus | null>(null);
  const [stateVersion, setStateVersion] = useState(0);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    let closed = false;
    // What arrived since the last flush: a busy stream (the simulator) renders a few times a second, not once per event.
    let journalIn: JournalEntry[] = [];
    let eventsIn: DomainEvent[] = [];
    let changed = false;
    let flush: ReturnType<typeof setTimeout> | null = null;
    const later = (): void => {
      flush ??= setTimeout(() => {
        flush = null;
        const [entries, domain, swapped] = [journalIn, eventsIn, changed];
        journalIn = [];
        eventsIn = [];
        changed = false;
        if (entries.length > 0) setJournal((kept) => [...entries.reverse(), ...kept].slice(0, KEPT));
        if (domain.length > 0) setEvents((kept) => [...domain.reverse(), ...kept].slice(0, KEPT));
        if (swapped) setStateVersion((version) => version + 1);
      }, FLUSH_MS);
    };
    devGet<JournalAnswer>('/journal').then(
      (answer) => {
        if (!closed) setJournal((streamed) => [...streamed, ...answer.entries].slice(0, KEPT));
      },
      () => undefined,
    );
    const source = new EventSource(devUrl('/events'));
    source.addEventListener('open', () => setConnected(true));
    source.addEventListener('error', () => setConnected(source.readyState === EventSource.OPEN));
    source.addEventListener('journal', (event) => {
      const entry = parse<JournalEntry>(event);
      if (!entry) return;
      journalIn.push(entry);
      later();
    });
    source.addEventListener('domain', (event) => {
      const domain = parse<DomainEvent>(event);
      if (!domain) return;
      eventsIn.push(domain);
      changed = true;
      later();
    });
    source.addEventListener('simulator', (event) => {
      const status = parse<SimulatorStatus>(event);
      if (status) setSimulator(status);
    });
    source.addEventListener('reset', () => {
      changed = true;
      later();
    });
    return () => {
      closed = true;
      if (flush) clearTimeout(flush);
      source.close();
    };
  }, []);

  return { journal, events, simulator, stateVersion, connected };
}
