// Ids the sandbox seeds (`sandboxIds` of payments-kit/testing); your app takes them from its own
// records. The page shows these and its payment session grants exactly these (payments-session.ts).
export const TRANSACTION_ID = '1001';
/** A transaction the session does not grant: app/outside-grant shows the refusal. */
export const OUTSIDE_GRANT_ID = '1004';
export const VOLUME = { period: 'month', type: 'receive', tz: 'UTC' } as const;
export const PAYMENT_INTENT = { id: 'pi_succeeded', amount: 10_999, paymentMethodId: 'pm_card_visa' };
export const FLOW_STEPS = ['compliance', 'id-verification', 'payout'] as const;
/** Whose transfers the page lists (the sandbox's user with 250), five a page, the completed ones. */
export const TRANSFERS = { userId: 'a169451c-8525-4352-b8ca-070dd449a1a5', pageSize: 5, status: 'completed' } as const;
