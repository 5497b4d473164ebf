import 'graphiql/style.css';
import { GraphiQL } from 'graphiql';
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { EXAMPLE_QUERY } from './example.js';
import { endpointsOf, parleyFetcher } from './fetcher.js';
import { headersWithToken, tokenOfFragment } from './token.js';

/**
 * GraphiQL for the mock. The headers editor is controlled here only so that a login's token can
 * be written into it; edits by hand go through `onEditHeaders` and stay as typed.
 */
function ParleyGraphiQL() {
  // undefined until a token arrives: GraphiQL then keeps the headers it stored from the last visit.
  // A token in the URL (`#token=...`, from POST /dev/sessions) signs the page in from the start.
  const [headers, setHeaders] = useState<string | undefined>(() => {
    const token = takeTokenFromUrl();
    return token === null ? undefined : headersWithToken(currentHeaders(), token);
  });
  const fetcher = useMemo(
    () => parleyFetcher(endpointsOf(window.location), (token) => setHeaders((current) => headersWithToken(current ?? currentHeaders(), token))),
    [],
  );
  return (
    <GraphiQL
      fetcher={fetcher}
      defaultQuery={EXAMPLE_QUERY}
      defaultHeaders={'{}'}
      headers={headers}
      onEditHeaders={setHeaders}
      defaultEditorToolsVisibility="headers"
      shouldPersistHeaders
    />
  );
}

/** The token of `#token=...` in the address, taken out of the address bar (history.replaceState) so it stays in no history entry. */
function takeTokenFromUrl(): string | null {
  const found = tokenOfFragment(window.location.hash);
  if (found === null) return null;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${found.rest}`);
  return found.token;
}

/** The headers editor's text before this page controlled it (GraphiQL keeps it in localStorage). */
function currentHeaders(): string | undefined {
  return window.localStorage.getItem('graphiql:headers') ?? undefined;
}

const root = document.getElementById('graphiql');
if (root) createRoot(root).render(<ParleyGraphiQL />);
