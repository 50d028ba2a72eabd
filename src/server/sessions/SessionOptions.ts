import type { PaymentsSessionSecret } from './sessionKeys.js';

/** The proxy's option for payment sessions. */
export interface SessionOptions {
  /**
   * Payment sessions: every call must carry a `Payments-Session` header minted on your server by
   * `createPaymentsSession` with this secret, and stay inside its grant (401 without or with a
   * bad or expired one, 403 `not_granted` outside it). Give several secrets while rotating: the
   * proxy accepts any of them; mint with the first. Use one secret per deployment or tenant.
   *
   * `audience` (required) names this deployment, e.g. its origin, and must be the one
   * `createPaymentsSession` mints with: a token minted for another deployment is refused, even
   * one signed with the same secret. With `issuer`, tokens must also name that issuer.
   *
   * The proxy is closed until you give `sessions`, `authorize`, or both.
   *
   * @example
   * sessions: { secret: process.env.PAYMENTS_SESSION_SECRET!, audience: 'https://shop.example' }
   */
  sessions?: { secret: PaymentsSessionSecret | readonly PaymentsSessionSecret[]; audience: string; issuer?: string };
}
