import { paymentsProxy } from '../../../payments-proxy';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export { paymentsProxy as GET, paymentsProxy as POST };
