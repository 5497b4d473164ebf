/**
 * The packages npm warned about in an install's output for requiring another Node than this one
 * (`npm warn EBADENGINE Unsupported engine { package: 'name@version', required: ..., current: ... }`),
 * as `name@version requires node <range>`; empty when there was no such warning.
 */
export function engineWarnings(output: string): string[] {
  const warnings: string[] = [];
  const blocks = output.split(/npm warn EBADENGINE Unsupported engine \{/).slice(1);
  for (const block of blocks) {
    const name = /package: '([^']+)'/.exec(block)?.[1] ?? '(unknown package)';
    const required = /required: \{ node: '([^']+)'/.exec(block)?.[1] ?? '(unknown range)';
    warnings.push(`${name} requires node ${required}`);
  }
  // Any other spelling of the code still counts.
  if (blocks.length === 0 && output.includes('EBADENGINE')) warnings.push(output.slice(output.indexOf('EBADENGINE'), output.indexOf('EBADENGINE') + 300));
  return warnings;
}

/**
 * npm's warnings that are not Parley's, each with why. Everything else an install prints after
 * `npm warn` (or `npm WARN`) counts as Parley's: a warning naming `parley`, an EBADENGINE or a
 * deprecation of any package (Parley's dependencies are most of the tree), a peer conflict.
 */
export const ALLOWED_NPM_WARNINGS: readonly { pattern: RegExp; why: string }[] = [
  {
    // npm 11's frame around the list of packages with install scripts: its own words, present as
    // soon as any package of the project has one (msw has).
    pattern: /^install-scripts( \d+ packages? ha(s|ve) install scripts not yet covered by allowScripts:| Run `npm install-scripts ls`.*)?$/,
    why: "npm's own frame of the install-scripts list",
  },
  {
    // msw's postinstall copies its service worker into a folder the project names; the project
    // installs msw itself (Parley only names it as an optional peer).
    pattern: /^install-scripts {2,}msw@[\w.-]+ \(postinstall: /,
    why: "msw's own postinstall: the project installs msw, not Parley",
  },
];

/**
 * Every warning line of an install's output that is not in {@link ALLOWED_NPM_WARNINGS}, without
 * its `npm warn ` prefix; empty when the install printed no warning of Parley's.
 */
export function npmWarnings(output: string): string[] {
  return output
    .split('\n')
    .flatMap((line) => {
      const warning = /^npm warn (.*)$/i.exec(line.trimEnd())?.[1];
      return warning === undefined ? [] : [warning];
    })
    .filter((warning) => !ALLOWED_NPM_WARNINGS.some(({ pattern }) => pattern.test(warning)));
}
