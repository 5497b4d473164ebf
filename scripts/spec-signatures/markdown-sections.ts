/**
 * Cuts SPEC.md into its numbered sections, because every part of the contract lives in a
 * known section (2.1 to 2.4, 4.1 to 4.4, 6) and parsers must only see their own.
 */
import { fail } from './spec-parse-error.js';

/** One heading of the markdown and the lines under it. */
export interface Section {
  /** Section number without trailing dot, e.g. `2.1`, `6`. */
  number: string;
  title: string;
  /** Lines belonging to this section only (up to the next heading of any level). */
  lines: string[];
}

/** Splits markdown at every heading; lines before the first heading are dropped. */
export function splitSections(markdown: string): Section[] {
  const sections: Section[] = [];
  let current: Section | undefined;
  for (const rawLine of markdown.split(/\r?\n/)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(rawLine);
    if (heading) {
      const text = (heading[1] ?? '').trim();
      const numbered = /^(\d+(?:\.\d+)*)\.?\s+(.*)$/.exec(text);
      current = {
        number: numbered?.[1] ?? '',
        title: numbered?.[2] ?? text,
        lines: [],
      };
      sections.push(current);
      continue;
    }
    current?.lines.push(rawLine);
  }
  return sections;
}

/** The section numbered `number`; a missing or repeated number means the spec was restructured. */
export function sectionNumbered(sections: Section[], number: string): Section {
  const found = sections.filter((s) => s.number === number);
  if (found.length !== 1) {
    fail(`expected exactly one section numbered ${number}, found ${found.length}`);
  }
  return found[0] as Section;
}
