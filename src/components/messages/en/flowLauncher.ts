import type { FlowLauncherMessages } from '../types.js';

/** English words of `FlowLauncher`. */
export const flowLauncherEn = {
  flowStart: 'Start',
  flowProgress: 'Step {done} of {total}',
  flowSteps: {
    compliance: 'Compliance',
    'id-verification': 'Identity verification',
    'background-check': 'Background check',
    'manage-payments': 'Manage payments',
    'manage-payouts': 'Manage payouts',
    payout: 'Payout',
    redirect: 'Return to site',
    'pdf-form-fill': 'Fill out PDF form',
  },
  flowTitle: 'Payments setup',
  flowLinkRefused: 'This page can’t be opened here because its address isn’t secure.',
  flowLinkExpired: 'This page has expired.',
  flowRecreate: 'Start again',
  flowClose: 'Close',
  flowLinkNotAllowed: 'This page can’t be opened here because it comes from a site that isn’t allowed.',
  flowLinkRefusedNextStep: 'Contact support to finish setting up payments.',
  flowStepsLabel: 'Steps',
  flowStepDone: 'done',
  flowStepDoneSeparator: ', ',
  flowComplete: 'All steps are done.',
} satisfies FlowLauncherMessages;
