import './console.css';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';

/** The dev console's entry: the page (`GET /dev` from a browser) has one `#console` element. */
const root = document.getElementById('console');
if (root) createRoot(root).render(<App />);
