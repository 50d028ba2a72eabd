import { volumeCardEn } from '../messages/en/volumeCard.js';
import { sharedActionsEn } from '../messages/en/sharedActions.js';
import { sharedStatesEn } from '../messages/en/sharedStates.js';
import { sharedValuesEn } from '../messages/en/sharedValues.js';
import type { SharedMessages, VolumeCardMessages } from '../messages/types.js';

/** The words `VolumeCard` shows: its own and the shared states'. */
export type VolumeCardWords = SharedMessages & VolumeCardMessages;

/** English, the default: only this component's words, not the whole catalogue. */
export const defaultMessages: VolumeCardWords = { ...sharedActionsEn, ...sharedStatesEn, ...sharedValuesEn, ...volumeCardEn };
