import * as ConfirmIntentButton from '../components/ConfirmIntentButton/ConfirmIntentButton.js';
import * as FlowLauncher from '../components/FlowLauncher/FlowLauncher.js';
import * as TransactionDetail from '../components/TransactionDetail/TransactionDetail.js';
import * as VolumeCard from '../components/VolumeCard/VolumeCard.js';
import type { ComponentLoader } from './componentLoader.js';

const loaded = <Module>(module: Module): ComponentLoader<Module> => ({ module, load: () => Promise.resolve() });

/**
 * The elements' components for a build of one file (vite.standalone.config.ts): inside it, so
 * there is nothing to load, and a dynamic import inlined there would only wrap every module it
 * reaches in code that runs it later.
 */
export const transactionDetail = loaded(TransactionDetail);
export const confirmIntentButton = loaded(ConfirmIntentButton);
export const flowLauncher = loaded(FlowLauncher);
export const volumeCard = loaded(VolumeCard);
