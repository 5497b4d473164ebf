import { isUuid } from '../../schema/ids.js';
import { badInput } from './errors.js';
import { refuseHiddenCharacters } from './visible-text.js';

/** Shows a bad value in an error message without echoing megabytes back. */
export function quote(value: string): string {
  const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
  return JSON.stringify(shown);
}

/** Throws BAD_USER_INPUT unless `value` is a UUID. */
export function requireId(value: string, argument: string): string {
  if (!isUuid(value)) throw badInput(`${argument} must be a UUID, but got ${quote(value)}`, argument);
  return value;
}

/** Throws BAD_USER_INPUT unless `first` lies in [min, max]. */
export function requirePageSize(first: number, argument = 'first', min = 1, max = 100): number {
  if (!Number.isInteger(first) || first < min || first > max) {
    throw badInput(`${argument} must be between ${min} and ${max}, but got ${first}`, argument);
  }
  return first;
}

export interface TextRule {
  readonly min?: number;
  readonly max: number;
}

/** Trims `value` and throws BAD_USER_INPUT unless its length (in characters) fits the rule. */
export function requireText(value: string, argument: string, rule: TextRule): string {
  const text = value.trim();
  const min = rule.min ?? 1;
  const length = [...text].length;
  if (length < min) {
    throw badInput(min === 1 ? `${argument} must not be empty` : `${argument} must have at least ${min} characters`, argument);
  }
  if (length > rule.max) throw badInput(`${argument} must have at most ${rule.max} characters, but has ${length}`, argument);
  // Control characters (other than tab and newline) have no place in names and titles.
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(text)) throw badInput(`${argument} must not contain control characters`, argument);
  return text;
}

/**
 * {@link requireText} for a name (a display name, a workspace, channel, department, folder or file
 * name): besides control characters, it refuses invisible and bidi control characters
 * (see `visible-text.ts`), which let one name pass for another, or reorder a file's extension.
 */
export function requireName(value: string, argument: string, rule: TextRule): string {
  const text = requireText(value, argument, rule);
  refuseHiddenCharacters(text, argument, { joiners: true });
  return text;
}
