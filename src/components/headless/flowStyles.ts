/**
 * What a hosted flow page may receive in its link's `styles` query parameter, as JSON, to look
 * like the page that embeds it: the theme and colour variables (`--pk-color-…` names).
 */
export interface HostedFlowStyles {
  theme: 'light' | 'dark';
  variables: Record<string, string>;
}

/** `url` with the `styles` parameter set; the origin is untouched (it was checked). */
export function withStyles(url: URL, styles: HostedFlowStyles): URL {
  const themed = new URL(url.href);
  themed.searchParams.set('styles', JSON.stringify(styles));
  return themed;
}
