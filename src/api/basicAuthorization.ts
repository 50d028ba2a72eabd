/**
 * The `Authorization` value every request to the API carries (docs/api.md#authentication):
 * `Basic` and the standard base64 of the UTF-8 bytes of `clientId:apiKey`.
 * The proxy sends it upstream and the sandbox requires it: one spelling for both. Refusing
 * credentials HTTP Basic cannot carry (a `:` in the client id, control characters) is the
 * caller's, in its own words.
 */
export function basicAuthorization(clientId: string, apiKey: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(`${clientId}:${apiKey}`)) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
