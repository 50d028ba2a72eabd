// The bench page: installs `window.paymentsBench` (bench/ui/protocol.ts) for the driver,
// bench/index.ts. The kit comes from its sources through the `payments-kit` aliases, built by Vite
// in production mode, with its stylesheet, as the demo page uses it.
import 'payments-kit/styles.css';
import type { PaymentsBench } from '../protocol.js';
import { fillCache, manyInstances, mountToData, renderFromCache } from './figures.js';
import { lifecycleCycles, lifecycleLeftovers, lifecycleSetup } from './lifecycle.js';

const bench: PaymentsBench = {
  mountToData,
  manyInstances,
  fillCache,
  renderFromCache,
  lifecycleSetup,
  lifecycleCycles,
  lifecycleLeftovers,
};
window.paymentsBench = bench;
