/** The proxy's options for reading a request: where it is mounted, who may call it, how large a body may be. */
export interface RequestOptions {
  /** Where the proxy is mounted; the API's paths follow it. Default `/api/payments`. */
  basePath?: string;
  /**
   * Origins of pages on other sites that may call the proxy, e.g. `['https://dashboard.example']`.
   * The proxy answers their CORS preflights and lets their pages read its answers. A browser
   * call from any other origin, or marked `Sec-Fetch-Site: cross-site`, answers 403
   * `cross_site_refused`. Default: none (same-origin pages only).
   */
  allowedOrigins?: readonly string[];
  /** Largest accepted request body in bytes (413 beyond); a GET with a body is refused. Default 16 KiB. */
  maxBodyBytes?: number;
}
