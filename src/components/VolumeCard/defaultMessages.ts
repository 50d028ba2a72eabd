import { volumeCardEn } from '../messages/en/volumeCard.js';
import { sharedEn } from '../messages/en/shared.js';
import type { SharedMessages, VolumeCardMessages } from '../messages/types.js';

/** The words `VolumeCard` shows: its own and the shared states'. */
export type VolumeCardWords = SharedMessages & VolumeCardMessages;

/** English, the default: only this component's words, not the whole catalogue. */
export const defaultMessages: VolumeCardWords = { ...sharedEn, ...volumeCardEn };
