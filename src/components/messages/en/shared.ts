import type { SharedMessages } from '../types.js';
import { sharedActionsEn } from './sharedActions.js';
import { sharedStatesEn } from './sharedStates.js';
import { sharedValuesEn } from './sharedValues.js';

/** English words of the states every component shares (loading, errors, not found, money, yes/no). */
export const sharedEn = { ...sharedActionsEn, ...sharedStatesEn, ...sharedValuesEn } satisfies SharedMessages;
