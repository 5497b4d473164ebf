import { ApolloProvider } from '@apollo/client/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { createParley } from './client.js';
import { PARLEY_URL } from './config.js';

// With no server URL, the backend is Parley in the browser; the app is the same either way.
const url: string = PARLEY_URL || (await (await import('./mock.js')).startParleyInTheBrowser());
const parley = createParley(url);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={parley.client}>
      <App connection={parley.connection} setToken={parley.setToken} />
    </ApolloProvider>
  </StrictMode>,
);
