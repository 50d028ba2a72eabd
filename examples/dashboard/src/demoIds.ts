// Ids the sandbox seeds (payments-kit/testing `sandboxIds`), written out: the page is what an
// integrator's dashboard would be, and a dashboard knows its own ids. The server grants the
// page's session exactly these (server.ts); the page offers exactly these.
// Every transfer status the API documents, then the shapes its answers take: without the
// transfer, metadata as an object, an amount as a decimal string and a fraction of a cent.
export const V2_IDS = ['1001', '1002', '1003', '1004', '1005', '1012', '1013', '1014', '1015', '1016', '1017', '1008', '1009', '1010'];
// The legacy interface: a receipt, the API's own published example (a UUID id), unicode, zero.
export const LEGACY_IDS = ['1', '5cfabe15-d452-4558-8e46-56d90ebe48f7', '4', '3'];
// Payment intents and their amounts in cents, as the dashboard's own order records know them.
export const INTENTS: Record<string, number> = {
  pi_succeeded: 10_999,
  pi_processing: 9_999,
  pi_requires_action: 8_999,
  pi_requires_capture: 11_999,
  pi_requires_payment_method: 6_999,
  pi_failed: 13_999,
  pi_canceled: 12_999,
};
/** The saved card every intent is confirmed with. */
export const PAYMENT_METHOD = 'pm_card_visa';
/** The onboarding flow the page starts. */
export const FLOW_STEPS = ['compliance', 'id-verification', 'payout'] as const;
// The user whose transfers the page lists: the sandbox's user with 250 of them, pages of 100,
// 100 and 50 (payments-kit/testing `transferIds.users.many`).
export const TRANSFER_USER = 'a169451c-8525-4352-b8ca-070dd449a1a5';
