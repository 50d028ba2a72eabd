import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Payments } from './Payments.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <h1>Payments</h1>
    <Payments />
  </StrictMode>,
);
