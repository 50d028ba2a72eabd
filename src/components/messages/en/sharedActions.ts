import type { SharedMessages } from '../types.js';

/**
 * The shared English words a component shows before any answer: its retry button, and what it says
 * when it cannot offer an action at all. A module of their own, so that a component that loads
 * the rest of its words later does not carry them all from the start.
 */
export const sharedActionsEn = {
  retry: 'Try again',
  notStartedTitle: 'Couldn’t send the request',
  sessionExpiredDescription: 'Reload the page to continue.',
} satisfies Partial<SharedMessages>;
