export { VolumeCard } from './VolumeCard.js';
export type { VolumeCardProps, VolumeCardState } from './VolumeCard.js';
