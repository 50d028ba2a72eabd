export { FlowLauncher } from './FlowLauncher.js';
export type { FlowLauncherProps } from './FlowLauncher.js';
