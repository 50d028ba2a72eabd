// The chunks the kit loads on first need: the answer checker (for answers no proxy checked, as
// the tests' stand-in proxies send), a created flow's link check, and FlowLauncher's flow view with the English words for the
// API's error codes (when a flow starts). In a test,
// loading one is a module transform: real time, which a test on the fake clock cannot wait for,
// and which on a busy machine outlasted a first test's bounded wait in the browser too. A page
// has them at hand after its first load; every test file has them before its first test.
export async function loadLazyChunks(): Promise<void> {
  await import('../../src/client/checkAnswer.js');
  await (await import('../../src/components/headless/loadFlowOpening.js')).loadFlowOpening();
  await (await import('../../src/components/FlowLauncher/loadFlowView.js')).loadFlowView('en');
}
