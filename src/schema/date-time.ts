import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/** RFC 3339 date-time with a time zone (`Z` or an offset), as SPEC.md section 2 requires. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

function parse(value: unknown): string {
  if (typeof value !== 'string' || !RFC3339.test(value) || Number.isNaN(Date.parse(value))) {
    throw new GraphQLError(`DateTime must be an RFC 3339 date-time such as 2026-01-05T09:30:00Z, but got ${JSON.stringify(value)}`);
  }
  return new Date(value).toISOString();
}

/**
 * `DateTime`: a UTC RFC 3339 string. Views already produce ISO strings; serialising checks them
 * (a time outside `date-time-range.ts`'s years 0000 to 9999 has no such string and fails here),
 * so a bug that leaks a number or a local-time string fails loudly instead of reaching clients.
 */
export const DateTimeScalar = new GraphQLScalarType<string, string>({
  name: 'DateTime',
  description: 'A UTC date-time string in RFC 3339 format, e.g. 2026-01-05T09:30:00.000Z.',
  serialize: (value) => {
    // Views produce Date#toISOString() output; this shape check (YYYY-MM-DDTHH:MM:SS.sssZ) is
    // what a per-value regular expression would prove, at a fraction of its cost on every page.
    if (typeof value !== 'string' || value.length !== 24 || value.charCodeAt(10) !== 84 || value.charCodeAt(23) !== 90) {
      throw new TypeError(`DateTime cannot serialize ${String(value)}`);
    }
    return value;
  },
  parseValue: parse,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime must be a string', { nodes: ast });
    return parse(ast.value);
  },
});
