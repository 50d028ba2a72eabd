import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default: too short for a first render on a loaded
// 2-core CI machine. A longer ceiling costs nothing when things are fast.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});

// Answers no proxy checked are checked by a chunk the kit loads on first need. Loading it here is
// real time (a module transform) that a test on the fake clock cannot wait for, and on a busy
// machine it outlasted such a test's bounded wait; a page has it at hand after its first load.
await import('../src/client/checkAnswer.js');

// The same for FlowLauncher's flow view, the chunk it loads when a flow starts: loaded once here,
// a started flow has nothing left to load, as on a page after its first flow.
await (await import('../src/components/FlowLauncher/loadFlowView.js')).loadFlowView();
