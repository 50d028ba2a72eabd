import { flowLauncherEn } from '../messages/en/flowLauncher.js';
import { sharedEn } from '../messages/en/shared.js';
import type { SharedMessages, FlowLauncherMessages } from '../messages/types.js';

/** The words `FlowLauncher` shows: its own and the shared states'. */
export type FlowLauncherWords = SharedMessages & FlowLauncherMessages;

/** English, the default: only this component's words, not the whole catalogue. */
export const defaultMessages: FlowLauncherWords = { ...sharedEn, ...flowLauncherEn };
