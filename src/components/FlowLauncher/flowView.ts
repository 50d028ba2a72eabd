// What FlowLauncher shows and sends only once a flow is started, a chunk of its own
// (loadFlowView.ts): the closed launcher never needs it.
export { FlowProgress, flowProgressLabel } from './FlowProgress.js';
export { themeStyles } from './themeStyles.js';
