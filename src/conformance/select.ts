import { catalogue } from './catalogue.js';
import type { Check } from './check.js';

function matcher(patterns: readonly string[]): (id: string) => boolean {
  const regexes = patterns.map((pattern) => new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`));
  return (id) => regexes.some((regex) => regex.test(id));
}

/** The checks to run, in catalogue order, after `only` and `skip`. */
export function selectChecks(only: readonly string[] | undefined, skip: readonly string[] | undefined): Check[] {
  const include = only?.length ? matcher(only) : () => true;
  const exclude = skip?.length ? matcher(skip) : () => false;
  return catalogue.filter((check) => include(check.id) && !exclude(check.id));
}
