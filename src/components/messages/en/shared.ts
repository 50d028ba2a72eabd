import type { SharedMessages } from '../types.js';

/** English words of the states every component shares (loading, errors, not found, money, yes/no). */
export const sharedEn = {
  loading: 'Loading…',
  retry: 'Try again',
  errorTitles: {
    http: 'The payments service returned an error',
    network: 'Can’t reach the payments service',
    timeout: 'The payments service took too long to answer',
    aborted: 'The request was canceled',
    invalid_request: 'This request isn’t valid',
    invalid_response: 'The payments service sent an unexpected answer',
  },
  errorDescriptions: {
    http: 'Try again in a moment. If it keeps happening, contact support.',
    network: 'Check your connection, then try again.',
    timeout: 'Try again in a moment.',
    aborted: 'Nothing was changed.',
    invalid_request: 'Nothing was sent. Check the details and try again.',
    invalid_response: 'The answer couldn’t be shown. If it keeps happening, contact support.',
  },
  errorReference: 'Reference: {requestId}',
  sessionExpiredTitle: 'Your session has expired',
  sessionExpiredDescription: 'Reload the page to continue.',
  notGrantedTitle: 'You don’t have access to this',
  notGrantedDescription: 'If you think you should, contact support.',
  notFoundTitle: 'Not found',
  notFoundDescription: 'It doesn’t exist, or you don’t have access to it.',
  amountUnavailable: 'Amount unavailable',
  valueMissing: 'None',
  yes: 'Yes',
  no: 'No',
  paymentIntentStatusUnknown: 'Status unknown',
  rateLimitedTitle: 'Too many requests right now',
  rateLimitedDescription: 'Wait a few seconds, then try again.',
} satisfies SharedMessages;
