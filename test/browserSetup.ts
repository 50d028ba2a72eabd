// Set-up of every file of the `browser` project: the kit's lazy chunks loaded before its first
// test (test/support/lazyChunks.ts says why).
import { loadLazyChunks } from './support/lazyChunks.js';

await loadLazyChunks();
