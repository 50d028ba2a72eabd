import { flowLauncherEn } from '../messages/en/flowLauncher.js';
import { sharedActionsEn } from '../messages/en/sharedActions.js';
import { sharedStatesEn } from '../messages/en/sharedStates.js';
import type { SharedMessages, FlowLauncherMessages } from '../messages/types.js';
import type { sharedValuesEn } from '../messages/en/sharedValues.js';

/** The words `FlowLauncher` shows: its own and the shared states' (it shows no amount or status). */
export type FlowLauncherWords = Omit<SharedMessages, keyof typeof sharedValuesEn> & FlowLauncherMessages;

/** English, the default: only this component's words, not the whole catalogue. */
export const defaultMessages: FlowLauncherWords = { ...sharedActionsEn, ...sharedStatesEn, ...flowLauncherEn };
