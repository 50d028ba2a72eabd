// The payments API's own published transfer examples, word for word, so the kit is tested against
// what it did not write (docs/api.md#list-transfers lists the sources).

/** The transfer of the payouts guide (docs/guides/flow-payouts.mdx, "Transfering Funds"): a string amount, a `status_history`. */
export const payoutsGuideTransfer = {
  amount: '-1000',
  created: '2024-07-11T21:17:33.959976',
  external_data: {},
  id: '847e70b4-e057-457e-aa89-ba0312f159c1',
  metadata: null,
  status: 'completed',
  status_history: [{ status: 'completed', timestamp: 'Thu, 11 Jul 2024 21:17:33 GMT' }],
  transactions: [
    {
      amount: '1000.0000000000',
      created: '2024-07-11T21:17:33.950405',
      destination_name: 'enamored-education',
      id: 767354,
      metadata: null,
      source_name: 'TestWriteChoiceApp',
      type: 'balance',
    },
  ],
  type: 'balance',
  user_id: 'f33919ae-6793-41bd-b512-1ad3c19f4ecb',
} as const;

/** The transfer object of the transfers overview (docs/transfers/overview.mdx): a transaction with no `type`. */
export const transfersOverviewTransfer = {
  id: '47b40e06-883d-44d1-b96c-8272195907a7',
  created: '2019-01-01T00:00:00.000Z',
  user_id: '76b40e06-883d-44d1-a96c-827219591231',
  status: 'created',
  type: 'balance',
  amount: 10000,
  transactions: [
    {
      id: 12341,
      amount: 10000,
      created: '2019-01-01T00:00:00.000Z',
      source_name: 'App',
      destination_name: 'User',
      metadata: {},
    },
  ],
  metadata: {},
} as const;
