import type { SharedMessages } from '../types.js';

/** The shared English words of a component's states: loading, errors and refusals, not found. */
export const sharedStatesEn = {
  loading: 'Loading…',
  errorTitles: {
    http: 'The payments service returned an error',
    network: 'Can’t reach the payments service',
    timeout: 'The payments service took too long to respond',
    aborted: 'The request was interrupted',
    invalid_request: 'This request isn’t valid',
    invalid_response: 'The payments service sent an unexpected response',
  },
  errorDescriptions: {
    http: 'Try again in a moment. If it keeps happening, contact support.',
    network: 'Check your connection, then try again.',
    timeout: 'Try again in a moment.',
    aborted: 'Nothing was changed.',
    invalid_request: 'Nothing was sent. Check the details and try again.',
    invalid_response: 'The response couldn’t be shown. If it keeps happening, contact support.',
  },
  errorReference: 'Reference: {requestId}',
  sessionExpiredTitle: 'Your session has expired',
  sessionMissingDescription: 'No payments session was given, so nothing was sent. Reload the page; if it happens again, contact support.',
  notStartedDescription: 'Nothing was sent. Check your connection, then try again.',
  notGrantedTitle: 'You don’t have access to this',
  notGrantedDescription: 'If you think you should, contact support.',
  notFoundTitle: 'Not found',
  notFoundDescription: 'It doesn’t exist, or you don’t have access to it.',
  rateLimitedTitle: 'Too many requests right now',
  rateLimitedDescription: 'Wait a few seconds, then try again.',
  insufficientFundsTitle: 'Not enough funds',
  insufficientFundsDescription: 'Add funds to the wallet, then try again.',
  busyTitle: 'The payments service is busy',
  inputRefusedTitle: 'The payments service refused the details',
  inputRefusedDescription: 'Check the details. If it keeps happening, contact support.',
  notAllowedTitle: 'This account can’t do this',
} satisfies Partial<SharedMessages>;
