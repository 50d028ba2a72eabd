/** The `{param}` names of a path template, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1] as string);
}

/**
 * Fills a path template with *validated* parameters. Every parameter schema admits only
 * `[A-Za-z0-9_-]`, so no encoding is needed and none can smuggle a `/` or `..` in.
 */
export function buildPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return value;
  });
}
