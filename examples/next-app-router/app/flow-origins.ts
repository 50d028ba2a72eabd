/**
 * Origins whose hosted flow pages may be framed, the same for the proxy's `flowOrigins` and the
 * page's `allowedOrigins`: `PAYMENTS_FLOW_ORIGINS` (space-separated) when the flows live
 * elsewhere, else the API's own origin (the sandbox serves its flows there). Against the real
 * API, set it to the hosted pages' origin (`https://my.dots.dev`).
 */
export function flowOrigins(): string[] {
  const { PAYMENTS_FLOW_ORIGINS, PAYMENTS_BASE_URL } = process.env;
  if (PAYMENTS_FLOW_ORIGINS) return PAYMENTS_FLOW_ORIGINS.split(/\s+/).filter(Boolean);
  return URL.canParse(PAYMENTS_BASE_URL ?? '') ? [new URL(PAYMENTS_BASE_URL!).origin] : [];
}
