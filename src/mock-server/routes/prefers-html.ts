const MEDIA_TYPES_OF_GRAPHQL = new Set(['application/graphql-response+json', 'application/json']);

/**
 * Whether an Accept header asks for the GraphiQL page rather than a GraphQL response: it lists
 * `text/html` with a weight above 0 and above that of every GraphQL media type it lists
 * (`application/graphql-response+json`, `application/json`). Wildcards count for neither, so a
 * browser's `text/html,...,*\/*;q=0.8` gets the page, while `*\/*` alone, a missing header, or
 * any header naming a GraphQL media type as high as `text/html` stays GraphQL over HTTP.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = 0;
  let graphql = 0;
  for (const entry of accept.toLowerCase().split(',')) {
    const [mediaType = '', ...params] = entry.split(';').map((part) => part.trim());
    const weightParam = params.find((param) => param.startsWith('q='));
    const weight = weightParam === undefined ? 1 : Number(weightParam.slice(2));
    if (!(weight > 0)) continue;
    if (mediaType === 'text/html') html = Math.max(html, weight);
    if (MEDIA_TYPES_OF_GRAPHQL.has(mediaType)) graphql = Math.max(graphql, weight);
  }
  return html > graphql;
}
