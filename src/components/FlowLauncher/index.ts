export { FlowLauncher } from './FlowLauncher.js';
export type { FlowLauncherProps } from './FlowLauncherProps.js';
