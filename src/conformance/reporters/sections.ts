import { sectionTitles, type Section } from '../types.js';

/**
 * The sections in report order: the order `sectionTitles` is written in. `Object.keys` cannot
 * give it: keys that look like integers ('5', '6', '7', '8') come before all others in JS.
 * A test checks that this lists every key of `sectionTitles` exactly once.
 */
export const sectionOrder: readonly Section[] = ['2.1', '2.2', '2.3', '2.4', '4.1', '4.2', '4.3', '4.4', '5', '6', '7', '8', 'cross', 'http'];

/** Items grouped by section, in {@link sectionOrder}, keeping their order within a section; empty sections left out. */
export function bySection<T extends { readonly section: Section }>(items: readonly T[]): { section: Section; title: string; items: T[] }[] {
  return sectionOrder
    .map((section) => ({ section, title: sectionTitles[section], items: items.filter((item) => item.section === section) }))
    .filter((group) => group.items.length > 0);
}
