/**
 * The HTML report's inline style sheet and script. Both are constants: the page's
 * Content-Security-Policy allows exactly these two by their sha256 hashes, so nothing the report
 * holds can run or restyle the page, even if escaping were ever missed.
 */

/** System fonts only (nothing fetched); GitHub-like colours, a dark variant, monospace for evidence. */
export const style = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #ffffff; --panel: #f6f8fa; --border: #d1d9e0;
  --pass: #1a7f37; --pass-bg: #dafbe1; --fail: #cf222e; --fail-bg: #ffebe9; --warn: #9a6700; --warn-bg: #fff8c5;
  --skip: #59636e; --skip-bg: #eff2f5; --accent: #0969da;
  --mono: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --panel: #151b23; --border: #3d444d;
  --pass: #3fb950; --pass-bg: #12261e; --fail: #f85149; --fail-bg: #2d1214; --warn: #d29922; --warn-bg: #2e2309;
  --skip: #9198a1; --skip-bg: #212830; --accent: #4493f8; } }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; color: var(--fg); background: var(--bg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1200px; margin: 0 auto; padding: 24px 24px 64px; }
h1 { font-size: 24px; margin: 0 0 12px; }
h2 { font-size: 16px; margin: 0 0 8px; }
h3 { font-size: 17px; margin: 28px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--border); }
h4 { font-size: 14px; margin: 16px 0 8px; }
h5 { font-size: 11px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 0 0 6px; }
a { color: var(--accent); }
code, pre { font-family: var(--mono); font-size: 12.5px; }
pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: isolate; }
dd, td, .title, .url { unicode-bidi: isolate; overflow-wrap: anywhere; }
.muted { color: var(--muted); }
.none { color: var(--muted); font-style: italic; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; }
dl.target { display: grid; grid-template-columns: max-content minmax(0, 1fr) max-content minmax(0, 1fr); gap: 2px 16px; margin: 0 0 16px; }
dl.facts { margin: 10px 0; }
dt { color: var(--muted); }
dd { margin: 0; }
.verdict { margin: 0 0 12px; padding: 12px 16px; border-radius: 6px; border-left: 6px solid; font-weight: 600; }
.verdict.pass { background: var(--pass-bg); border-color: var(--pass); }
.verdict.warn { background: var(--warn-bg); border-color: var(--warn); }
.verdict.fail, .verdict.notrun { background: var(--fail-bg); border-color: var(--fail); }
.counts { display: flex; flex-wrap: wrap; gap: 12px; }
.count { padding: 6px 14px; border: 1px solid var(--border); border-radius: 6px; background: var(--panel); }
.count b { font-size: 20px; margin-right: 2px; }
.count.passed b { color: var(--pass); } .count.failed b { color: var(--fail); } .count.skipped b { color: var(--skip); }
.summary { margin: 8px 0 0; font-size: 13px; }
.box { margin: 16px 0; padding: 12px 16px; border: 1px solid var(--border); border-radius: 6px; }
.box ul { margin: 0; padding-left: 20px; } .box ul.plain { list-style: none; padding: 0; } .box li { margin: 2px 0; }
dl.markers { display: grid; grid-template-columns: max-content minmax(0, 1fr) max-content minmax(0, 1fr); gap: 2px 16px; margin: 8px 0 0; }
@media (max-width: 900px) { dl.markers { grid-template-columns: max-content minmax(0, 1fr); } }
table { width: 100%; border-collapse: collapse; font-size: 14px; }
th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--border); }
th { font-weight: 600; }
.marker { padding: 0 2px; border-radius: 3px; background: var(--warn-bg); color: var(--warn); font-family: var(--mono); }
.ctl { padding: 0 1px; border: 1px dashed var(--fail); border-radius: 3px; color: var(--fail); }
summary { cursor: pointer; }
#filters { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px;
  margin: 24px 0 0; padding: 10px 0; background: var(--bg); border-bottom: 1px solid var(--border); }
#filters .group { display: flex; align-items: center; gap: 6px; }
.chip { font: inherit; font-size: 13px; padding: 2px 12px; border-radius: 999px; border: 1px solid var(--border); background: var(--panel); color: var(--fg); cursor: pointer; }
.chip[aria-pressed="true"] { background: var(--accent); border-color: var(--accent); color: #fff; }
.chip.clear { background: none; }
#shown { margin-left: auto; font-size: 13px; }
/* Below the sticky filter bar when a link or a script scrolls to them. */
article.check, li.step, .history h4 { scroll-margin-top: 64px; }
article.check { margin: 8px 0; border: 1px solid var(--border); border-left: 4px solid var(--skip); border-radius: 6px; }
article.check.pass { border-left-color: var(--pass); } article.check.fail { border-left-color: var(--fail); } article.check.warn { border-left-color: var(--warn); }
.check-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 10px; padding: 7px 12px; }
.check-head .id { font-weight: 600; }
.check-head .title { flex: 1 1 280px; }
.check-head .ref, .check-head .dur, .check-head .level { color: var(--muted); font-size: 13px; }
.check-head .permalink { color: var(--muted); text-decoration: none; font-size: 13px; }
.check-body { padding: 0 12px 12px; border-top: 1px solid var(--border); }
.badge { display: inline-block; min-width: 64px; text-align: center; padding: 1px 8px; border-radius: 999px; font-size: 11px; font-weight: 700; letter-spacing: .05em; text-transform: uppercase; }
.badge.pass { color: var(--pass); background: var(--pass-bg); } .badge.fail { color: var(--fail); background: var(--fail-bg); }
.badge.warn { color: var(--warn); background: var(--warn-bg); } .badge.skip { color: var(--skip); background: var(--skip-bg); }
.exchange { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; margin: 8px 0; }
@media (max-width: 900px) { .exchange { grid-template-columns: minmax(0, 1fr); } }
.block { margin: 0 0 8px; }
.block .label { margin-bottom: 2px; font-size: 12px; color: var(--muted); }
.block pre, details.raw pre, details.replay pre, details.obtain pre { max-height: 420px; overflow: auto; padding: 8px 10px; background: var(--panel); border: 1px solid var(--border); border-radius: 6px; }
.block .line { font-family: var(--mono); font-size: 13px; }
.xtitle, details.fold > summary { font-family: var(--mono); font-size: 13px; }
.xno, .arrow { color: var(--muted); } .method { font-weight: 700; }
.status { font-weight: 700; } .status.ok { color: var(--pass); } .status.bad { color: var(--fail); } .status.other { color: var(--warn); }
details.fold, details.others { margin: 6px 0; padding: 6px 10px; border: 1px solid var(--border); border-radius: 6px; }
details.others > summary { font-weight: 600; font-size: 14px; }
details.raw, details.replay { margin: 0 0 8px; font-size: 12px; color: var(--muted); }
details.obtain { margin-top: 8px; font-size: 14px; } details.obtain pre { margin-top: 6px; }
table.actors td:nth-child(2) { white-space: nowrap; width: 1%; } table.actors th:first-child { width: 1%; }
.failed-on { margin-top: 8px; }
dl.broke .ref { color: var(--muted); font-size: 13px; }
.history { margin-top: 12px; }
ol.steps { list-style: none; margin: 0; padding: 0; }
li.step { margin: 0 0 0 12px; padding: 4px 8px 8px 16px; border-left: 2px solid var(--border); }
li.step.broken { border-left: 3px solid var(--fail); background: var(--fail-bg); border-radius: 0 6px 6px 0; }
.step-head { display: flex; align-items: baseline; gap: 10px; }
.step-head .n { flex: none; min-width: 26px; height: 26px; line-height: 24px; text-align: center; border-radius: 13px; border: 1px solid var(--border); background: var(--panel); font-size: 13px; font-weight: 600; }
li.step.broken .n { background: var(--fail); border-color: var(--fail); color: #fff; }
.step-head .action { font-family: var(--mono); font-size: 13px; }
table.frames td pre { padding: 0; background: none; border: 0; }
table.frames td { font-size: 13px; }
tr.dir-received .dir { color: var(--pass); } tr.dir-closed .dir { color: var(--fail); }
footer { margin-top: 40px; font-size: 13px; }
@media print { #filters { display: none; } }
`;

/**
 * The filters: toggle buttons by status and by level (none pressed in a group: that group does
 * not filter). They hide checks and emptied sections, and keep their state in the URL hash
 * (`#status=failed&level=MUST`), so a filtered view can be linked. The bar is hidden until the
 * script runs: without JavaScript every check shows and no dead control does.
 */
export const script = `
(() => {
  const bar = document.getElementById('filters');
  if (!bar) return;
  const buttons = Array.from(bar.querySelectorAll('button[data-group]'));
  const checks = Array.from(document.querySelectorAll('article.check'));
  const groups = Array.from(document.querySelectorAll('section.group'));
  const shown = document.getElementById('shown');
  const isFilter = (hash) => /^#(status|level)=/.test(hash);
  const chosen = (group) => buttons.filter((b) => b.dataset.group === group && b.getAttribute('aria-pressed') === 'true').map((b) => b.dataset.value);
  function apply() {
    const status = chosen('status');
    const level = chosen('level');
    let count = 0;
    for (const check of checks) {
      const show = (status.length === 0 || status.includes(check.dataset.outcome)) && (level.length === 0 || level.includes(check.dataset.level));
      check.hidden = !show;
      if (show) count += 1;
    }
    for (const group of groups) {
      const visible = group.querySelectorAll('article.check:not([hidden])').length;
      const total = group.querySelector('.in-section');
      group.hidden = visible === 0;
      if (total) total.textContent = String(visible) === total.dataset.total ? total.dataset.total : visible + ' of ' + total.dataset.total;
    }
    shown.textContent = count === checks.length ? 'Showing all ' + count + ' checks' : 'Showing ' + count + ' of ' + checks.length + ' checks';
  }
  function read(hash) {
    const params = new URLSearchParams(isFilter(hash) ? hash.slice(1) : '');
    for (const b of buttons) b.setAttribute('aria-pressed', String((params.get(b.dataset.group) || '').split(',').includes(b.dataset.value)));
  }
  function write() {
    const parts = ['status', 'level'].map((g) => [g, chosen(g)]).filter(([, v]) => v.length > 0).map(([g, v]) => g + '=' + v.join(','));
    try {
      history.replaceState(null, '', parts.length > 0 ? '#' + parts.join('&') : location.pathname + location.search);
    } catch {
      // Some browsers refuse history changes on file:// pages: the filters still apply.
    }
  }
  bar.addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (!button) return;
    if (button.dataset.group) button.setAttribute('aria-pressed', String(button.getAttribute('aria-pressed') !== 'true'));
    else for (const b of buttons) b.setAttribute('aria-pressed', 'false');
    write();
    apply();
  });
  window.addEventListener('hashchange', () => {
    if (isFilter(location.hash)) {
      read(location.hash);
      apply();
      return;
    }
    // A link to a check the filters hide: show everything, so the link lands. (Anchors are
    // made of [A-Za-z0-9_.-] only, so the hash needs no decoding.)
    const target = document.getElementById(location.hash.slice(1));
    if (target && target.closest('[hidden]')) {
      read('');
      apply();
      target.scrollIntoView();
    }
  });
  read(location.hash);
  apply();
  bar.hidden = false;
})();
`;
