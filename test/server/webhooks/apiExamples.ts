// The payments API's webhook payloads, as its documentation shows them (docs/api.md#webhook-events).

/** `transfer.completed`: the whole transfer, without an `event` field. */
export function transferCompleted(transferId: string, userId: string, transactionId: number): string {
  return JSON.stringify({
    transfer: {
      amount: 123,
      created: '2023-11-07T05:31:56Z',
      external_data: { account_id: '<string>', external_id: '<string>', platform: 'ach' },
      id: transferId,
      metadata: '<string>',
      status: 'completed',
      transactions: [
        { amount: 123, created: '2023-11-07T05:31:56Z', destination_name: '<string>', id: transactionId, metadata: '<string>', source_name: '<string>', type: 'balance' },
      ],
      type: 'refill',
      user_id: userId,
    },
    transfer_id: transferId,
  });
}

/** `transfer.updated`: the transfer's id alone. */
export const transferUpdated = (transferId: string): string => JSON.stringify({ event: 'transfer.updated', transfer_id: transferId });

/** `flow.updated`. */
export const flowUpdated = (flowId: string): string => JSON.stringify({ event: 'flow.updated', flow_id: flowId });

/** `payment_intent.updated`: no `event` field. */
export const paymentIntentUpdated = (intentId: string): string => JSON.stringify({ payment_intent_id: intentId });

/** `app.updated`: names nothing the kit shows. */
export const appUpdated = (): string => JSON.stringify({ app_id: '5d9278aa-ddac-4df6-9063-696d32b3baf9' });
