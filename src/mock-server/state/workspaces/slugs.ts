import { badInput, conflict } from '../errors.js';
import { quote } from '../input.js';
import { lazyModule } from '../lazy.js';

/** slugify loads on the first `generateSlug`. */
const loadSlugify = lazyModule('slugify', async () => (await import('slugify')).default);

/** 1 to 48 lower-case ASCII letters, digits or inner dashes. */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;
export const SLUG_MAX = 48;

/** Trims `value` and throws BAD_USER_INPUT unless it is a slug, CONFLICT when `taken` says so. */
export function requireSlug(value: string, argument: string, taken: (slug: string) => boolean): string {
  const slug = value.trim();
  if (!SLUG.test(slug)) throw badInput(`${argument} must be 1 to 48 lower-case letters, digits or inner dashes, but got ${quote(value)}`, argument);
  if (taken(slug)) throw conflict(`the slug ${slug} is taken`, argument);
  return slug;
}

/**
 * A free slug for a workspace name: letters folded to ASCII by slugify's table (`Café Zürich &
 * Co` -> `cafe-zurich-and-co`, `Ærø` -> `aero`), anything else dropped, words joined by single
 * dashes, at most 48 characters; `-2`, `-3`, ... is added until no workspace has it. A name with
 * no usable character gives `workspace`.
 */
export async function slugFor(name: string, taken: (slug: string) => boolean): Promise<string> {
  const slugify = await loadSlugify();
  const folded = slugify(name, { lower: true, strict: true, trim: true })
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  const base = (folded.slice(0, SLUG_MAX).replace(/-+$/, '') || 'workspace');
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}
