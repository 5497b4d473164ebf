/** The report formats of `parley conformance run --reporter`. */
export type ReporterName = 'pretty' | 'json' | 'junit' | 'html';

export const reporterNames: readonly ReporterName[] = ['pretty', 'json', 'junit', 'html'];
