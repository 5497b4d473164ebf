/**
 * The response media type graphql-http chooses for an Accept header (its handler's negotiation,
 * graphql-http 1.x `createHandler`): the first acceptable entry wins; `application/graphql-response+json`
 * needs utf-8, `application/json`, `application/*` and `*\/*` give `application/json`. Null when
 * nothing is acceptable (graphql-http has already answered 406 then).
 */
export function acceptedMediaType(accept: string | undefined): 'application/graphql-response+json' | 'application/json' | null {
  for (const entry of (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',')) {
    const [mediaType, ...params] = entry.split(';');
    const charset = params.find((param) => param.includes('charset=')) || 'charset=utf-8';
    if (mediaType === 'application/graphql-response+json' && charset === 'charset=utf-8') return 'application/graphql-response+json';
    if ((mediaType === 'application/json' || mediaType === 'application/*' || mediaType === '*/*') && (charset === 'charset=utf-8' || charset === 'charset=utf8')) {
      return 'application/json';
    }
  }
  return null;
}
