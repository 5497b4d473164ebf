import type { RunReport } from '../types.js';
import { renderHtml } from './html.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderPretty, type FailOn } from './pretty.js';

export { curlFor } from './curl.js';
export { renderHtml, type HtmlOptions } from './html.js';
export { renderJson } from './json.js';
export { renderJunit } from './junit.js';
export { bySection, sectionOrder } from './sections.js';
export { renderPretty, renderProgress, summaryLine, verdictLine, type FailOn, type PrettyOptions } from './pretty.js';

/** The reporters `parley conformance run --reporter` offers. */
export { reporterNames, type ReporterName } from './names.js';
import type { ReporterName } from './names.js';


/**
 * Renders a report with the named reporter. A pure function; no trailing newline.
 *
 * @param options.color ANSI colour (pretty only).
 * @param options.failOn which failures the pretty and HTML verdicts count as failing the run. @default 'must'
 * @example render('junit', report, { color: false })
 */
export function render(name: ReporterName, report: RunReport, options: { readonly color: boolean; readonly failOn?: FailOn }): string {
  switch (name) {
    case 'pretty':
      return renderPretty(report, options);
    case 'json':
      return renderJson(report);
    case 'junit':
      return renderJunit(report);
    case 'html':
      return renderHtml(report, options.failOn === undefined ? {} : { failOn: options.failOn });
  }
}
