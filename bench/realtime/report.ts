import { median } from '../stats.js';
import { table } from '../table.js';
import type { RealtimeOptions, RealtimeRow } from './measure.js';
import type { LoadReport } from './load.js';

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(Math.abs(n) < 10 ? 2 : 1)} ms`;
const share = (n: number) => (Number.isNaN(n) ? '?' : `${Math.round(n * 100)}%`);

/** A figure of one round's report. */
type Figure = (report: LoadReport) => number;

const FIGURES = {
  responseMedian: (r) => r.latency.fromResponse.median,
  responseP99: (r) => r.latency.fromResponse.p99,
  requestMedian: (r) => r.latency.fromRequest.median,
  requestP99: (r) => r.latency.fromRequest.p99,
  messagesPerSecond: (r) => r.throughput.messagesPerSecond,
  eventsPerSecond: (r) => r.throughput.eventsPerSecond,
} satisfies Record<string, Figure>;

/** Figures of the notes, not of the ratio table. */
const NOTES = {
  responseAlone: (r) => r.latency.response.median,
  firstEvent: (r) => r.latency.firstFromRequest.median,
} satisfies Record<string, Figure>;

export interface RealtimeVerdict {
  readonly lines: string[];
  /** Parley's medians over rounds, for the summary. */
  readonly parley: { readonly responseMedian: number; readonly responseP99: number; readonly messagesPerSecond: number; readonly eventsPerSecond: number };
  /** Parley's events/s over anchor (b)'s, median of per-round ratios. */
  readonly eventsOfGraphqlWs: number;
}

/**
 * Parley's figure over the anchor's, round by round (both measured seconds apart), then the
 * median of those. A latency ratio is only shown where the anchor's latency is above zero: an
 * anchor whose events beat its response has nothing to divide by.
 */
function ratio(of: LoadReport[], to: LoadReport[], figure: Figure): string {
  const ratios = of.map((report, i) => {
    const anchor = figure(to[i]!);
    return anchor > 0 ? figure(report) / anchor : Number.NaN;
  });
  return ratios.some(Number.isNaN) ? 'n/a' : `${median(ratios).toFixed(2)}x`;
}

/** The realtime tables and Parley's figures; a pure function of the rows. */
export function realtimeReport(rows: readonly RealtimeRow[], options: RealtimeOptions): RealtimeVerdict {
  const of = (row: RealtimeRow, figure: Figure) => median(row.rounds.map(figure));
  const total = (row: RealtimeRow, pick: (r: LoadReport) => number) => row.rounds.reduce((sum, r) => sum + pick(r), 0);
  const lines = [
    table([
      ['server', 'from response: median', 'p99', 'from request: median', 'p99', 'messages/s', 'events/s', 'lost', 'out of order', 'CPU server', 'CPU load'],
      ...rows.map((row) => [
        row.server,
        ms(of(row, FIGURES.responseMedian)),
        ms(of(row, FIGURES.responseP99)),
        ms(of(row, FIGURES.requestMedian)),
        ms(of(row, FIGURES.requestP99)),
        count(of(row, FIGURES.messagesPerSecond)),
        count(of(row, FIGURES.eventsPerSecond)),
        count(total(row, (r) => r.throughput.lost)),
        count(total(row, (r) => r.throughput.outOfOrder)),
        share(median(row.rounds.map((r) => r.throughput.serverCpu ?? Number.NaN))),
        share(median(row.rounds.map((r) => r.throughput.loadCpu))),
      ]),
    ]),
    '',
    table([
      ['Parley (c) vs', 'from response: median', 'p99', 'from request: median', 'p99', 'messages/s', 'events/s'],
      ...rows.slice(0, -1).map((anchor) => {
        const parley = rows.at(-1)!.rounds;
        return [
          anchor.server.slice(0, 3),
          ...Object.values(FIGURES).map((figure) => ratio(parley, anchor.rounds, figure)),
        ];
      }),
    ]),
  ];
  const problems = rows.flatMap((row) => row.rounds.flatMap((r) => (r.problemCount > 0 ? [`  ${row.server}: ${r.problemCount} socket problems, e.g. ${r.problems.join('; ')}`] : [])));
  const first = rows.map((row) => row.rounds[0]!);
  lines.push(
    `  latency: ${options.latencyMessages} messages one at a time, each once the previous one reached all ${count(options.subscribers)}; "from response" is the last`,
    '  subscriber\'s event minus the moment the sendMessage response was complete (negative: the events beat the response),',
    '  "from request" counts from the request\'s start. Latency ratios are Parley / anchor (above 1: Parley slower), n/a where',
    '  the anchor\'s figure is not above 0; throughput ratios are Parley / anchor (below 1: Parley slower).',
    `  from request, medians of response / first event / last event: ${rows.map((row) => `${row.server.slice(0, 3)} ${[NOTES.responseAlone, NOTES.firstEvent, FIGURES.requestMedian].map((figure) => of(row, figure).toFixed(1)).join(' / ')} ms`).join(', ')}`,
    `  messages whose events all beat their response: ${rows.map((row) => `${row.server.slice(0, 3)} ${count(total(row, (r) => r.latency.eventsBeforeResponse))} of ${count(options.latencyMessages * row.rounds.length)}`).join(', ')}`,
    `  throughput: ${options.seconds} s with ${options.inFlight} sendMessage requests in flight; events/s counts to the last event; lost = (subscriber, message)`,
    '  pairs never received, out of order = events not above their subscriber\'s previous sequence. CPU = cores busy over the',
    '  phase (/proc); a load generator near 100% means that server\'s figures are bounded by the listener, not the server.',
    `  event payload bytes: ${rows.map((row, i) => `${row.server.slice(0, 3)} ${first[i]!.payloadBytes}`).join(', ')}; sockets open in ${rows.map((row, i) => `${row.server.slice(0, 3)} ${count(first[i]!.connectMs)} ms`).join(', ')}`,
    ...problems,
  );
  const parley = rows.at(-1)!;
  const graphqlWs = rows.find((row) => row.server.startsWith('(b)'))!;
  return {
    lines,
    parley: {
      responseMedian: of(parley, FIGURES.responseMedian),
      responseP99: of(parley, FIGURES.responseP99),
      messagesPerSecond: of(parley, FIGURES.messagesPerSecond),
      eventsPerSecond: of(parley, FIGURES.eventsPerSecond),
    },
    eventsOfGraphqlWs: median(parley.rounds.map((r, i) => r.throughput.eventsPerSecond / graphqlWs.rounds[i]!.throughput.eventsPerSecond)),
  };
}
