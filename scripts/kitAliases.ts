import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The demo, the stories and the e2e tests use the kit as an integrator would, by its public entry
 * names (`payments-kit`, `payments-kit/server`, …). In this repository those names point at the
 * sources (Vite `resolve.alias`; tsconfig `paths` says the same to TypeScript and tsx).
 */
export const kitAliases = [
  { find: /^payments-kit$/, replacement: path.join(root, 'src/index.ts') },
  { find: /^payments-kit\/queries$/, replacement: path.join(root, 'src/client/queriesEntry.ts') },
  { find: /^payments-kit\/messages$/, replacement: path.join(root, 'src/components/messages/index.ts') },
  { find: /^payments-kit\/elements(\/standalone)?$/, replacement: path.join(root, 'src/elements/index.ts') },
  { find: /^payments-kit\/server$/, replacement: path.join(root, 'src/server/index.ts') },
  { find: /^payments-kit\/server\/node$/, replacement: path.join(root, 'src/server-node/index.ts') },
  { find: /^payments-kit\/server\/redis$/, replacement: path.join(root, 'src/server-redis/index.ts') },
  { find: /^payments-kit\/testing$/, replacement: path.join(root, 'src/testing/index.ts') },
  { find: /^payments-kit\/testing\/node$/, replacement: path.join(root, 'src/testing/node.ts') },
  { find: /^payments-kit\/testing\/msw$/, replacement: path.join(root, 'src/testing/msw.ts') },
  { find: /^payments-kit\/styles\.css$/, replacement: path.join(root, 'src/styles/styles.css') },
];
