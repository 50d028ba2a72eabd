/**
 * Runs a host callback; if it throws, the error is reported (`reportError`, else the console)
 * instead of breaking the component that called it: a host's bug must not leave a payment
 * button stuck or a flow half-open.
 */
export function callSafely(call: () => void): void {
  try {
    call();
  } catch (error) {
    if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
    else console.error(error);
  }
}
