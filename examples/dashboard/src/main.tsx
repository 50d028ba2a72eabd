import 'payments-kit/styles.css';
import './dashboard.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

interface DemoConfig {
  flowOrigins: string[];
}

// The allowed flow origins come from the server (which knows the upstream), not from an inline
// script: the page's CSP has no 'unsafe-inline'.
const config = (await (await fetch('/demo-config.json')).json()) as DemoConfig;
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App flowOrigins={config.flowOrigins} />
  </StrictMode>,
);
