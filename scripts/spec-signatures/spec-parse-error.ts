/**
 * The one error the extractor throws for a spec it cannot read, so that a caller (the CLI,
 * the contract test) can tell a malformed SPEC.md from a bug in the extractor.
 */
export class SpecParseError extends Error {
  override name = 'SpecParseError';
}

/** Throws a `SpecParseError`; typed `never` so that parsers can use it as an expression guard. */
export function fail(message: string): never {
  throw new SpecParseError(message);
}
