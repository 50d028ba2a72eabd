// The page asks its own server for the payment session (POST /payments-session in server.mjs)
// instead of having it written into the markup, and again when it expires. Whether this runs
// before the elements are defined (session-first.html) or after they have asked (session.html)
// does not matter: a property set early is taken over, and requests made early wait for it.
// `?delay=ms` sets it later still, as a page whose script first awaits its own start-up would.
const delay = Number(new URLSearchParams(location.search).get('delay') ?? 0);
if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));

document.querySelector('payments-provider').getSession = async () => {
  const response = await fetch('/payments-session', { method: 'POST' });
  if (!response.ok) throw new Error(`/payments-session answered ${String(response.status)}`);
  return (await response.json()).token;
};
