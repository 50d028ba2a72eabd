import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadLazyChunks } from './support/lazyChunks.js';

// findBy*/waitFor give up after 1 s by default: too short for a first render on a loaded
// 2-core CI machine. A longer ceiling costs nothing when things are fast.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});

// The files of `unit` and `unit-react18` share their worker's window (test/matrix.ts): each starts as a
// new tab would, with nothing in the page and nothing stored. This file runs before each of them.
document.body.replaceChildren();
sessionStorage.clear();
localStorage.clear();

// The kit's lazy chunks, loaded before the file's first test (test/support/lazyChunks.ts says why).
await loadLazyChunks();
