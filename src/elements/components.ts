import { componentLoader } from './componentLoader.js';

// The elements' components, each imported when the first element of its kind connects: a page
// loads the components of the tags it uses. The standalone file has them inside
// (componentsInline.ts).
export const transactionDetail = componentLoader(() => import('../components/TransactionDetail/TransactionDetail.js'));
export const confirmIntentButton = componentLoader(() => import('../components/ConfirmIntentButton/ConfirmIntentButton.js'));
export const flowLauncher = componentLoader(() => import('../components/FlowLauncher/FlowLauncher.js'));
export const volumeCard = componentLoader(() => import('../components/VolumeCard/VolumeCard.js'));
