import { isMarkerName } from './markers.js';

/** A secret of the run and the marker that stands for it in the report. */
export interface Secret {
  readonly value: string;
  /** The shell variable that stands for it, without `$`: `TOKEN_A`, `ACCESS_TOKEN_1`. */
  readonly variable: string;
  /** What it is, for a reader who meets the marker: `actor A's access token`. */
  readonly meaning: string;
}

/** A marker of the report and what it stands for (never the value). */
export interface Redaction {
  /** `$TOKEN_A`. */
  readonly marker: string;
  readonly meaning: string;
}

/**
 * Below this length a secret is replaced only where it stands alone (not inside a longer word):
 * a short dev token such as `alice` must not turn every `alice@example.com` into noise. Real
 * tokens and passwords are longer and are replaced wherever they appear, even glued to other text.
 */
const standAloneBelow = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The ways a value shows in a report's text: as is, inside a JSON string, percent-encoded in a URL. */
function formsOf(value: string): string[] {
  return [...new Set([value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)])];
}

/**
 * Every secret a run knows, each with its marker. The first name a value gets stays: an actor's
 * token is `$TOKEN_A` even where a later field would have called it `$ACCESS_TOKEN_1`.
 */
export class Secrets {
  private readonly byValue = new Map<string, Secret>();
  private readonly numbered = new Map<string, number>();
  private pattern: { regexp: RegExp; markers: Map<string, string> } | null = null;

  /** Called once for each new secret, with its value: for a CI's log masking, or a test. */
  constructor(private readonly onSecret?: (secret: Secret) => void) {}

  /**
   * Registers a secret under its own variable name. Empty values are ignored (nothing to hide).
   * Throws when `variable` is not a marker name (see `markers.ts`): a programming error.
   */
  add(value: string | null | undefined, variable: string, meaning: string): void {
    if (!isMarkerName(variable)) throw new Error(`${variable} is not a marker name (see src/conformance/redaction/markers.ts)`);
    if (!value || this.byValue.has(value)) return;
    const secret = { value, variable, meaning };
    this.byValue.set(value, secret);
    this.pattern = null;
    this.onSecret?.(secret);
  }

  /** Registers a value found where the contract puts a secret, as `STEM_n` unless it is known. */
  discover(value: string, stem: string, meaning: string): void {
    if (!value || this.byValue.has(value) || isMarkerName(value.replace(/^\$/, ''))) return;
    const n = (this.numbered.get(stem) ?? 0) + 1;
    this.numbered.set(stem, n);
    this.add(value, `${stem}_${n}`, meaning);
  }

  /** Every secret, in the order registered. */
  get list(): readonly Secret[] {
    return [...this.byValue.values()];
  }

  /** Every marker and what it stands for, in the order registered. */
  get redactions(): Redaction[] {
    return this.list.map(({ variable, meaning }) => ({ marker: `$${variable}`, meaning }));
  }

  /** `text` with every known secret, in each of its forms, replaced by its marker. */
  redact(text: string): string {
    if (this.byValue.size === 0) return text;
    const { regexp, markers } = (this.pattern ??= this.compile());
    return text.replace(regexp, (form) => markers.get(form)!);
  }

  private compile(): { regexp: RegExp; markers: Map<string, string> } {
    const markers = new Map<string, string>();
    for (const { value, variable } of this.byValue.values()) {
      for (const form of formsOf(value)) if (!markers.has(form)) markers.set(form, `$${variable}`);
    }
    // Longest first: a secret that contains another is replaced whole.
    const alternatives = [...markers.keys()]
      .sort((x, y) => y.length - x.length)
      .map((form) => (form.length < standAloneBelow ? `(?<![A-Za-z0-9])${escapeRegExp(form)}(?![A-Za-z0-9])` : escapeRegExp(form)));
    return { regexp: new RegExp(alternatives.join('|'), 'g'), markers };
  }
}
