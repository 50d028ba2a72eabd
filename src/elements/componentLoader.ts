/**
 * A component's module, imported when the first element of its kind connects: a page loads the
 * components of the tags it uses, not all of them (docs/elements.md#what-a-page-loads).
 */
export interface ComponentLoader<Module> {
  /** The module, once imported. */
  readonly module: Module | undefined;
  /** Imports it: one import for the page; after a failed one, the next call tries again. */
  load(): Promise<unknown>;
}

export function componentLoader<Module>(importModule: () => Promise<Module>): ComponentLoader<Module> {
  let loading: Promise<unknown> | undefined;
  const loader = {
    module: undefined as Module | undefined,
    load: () =>
      (loading ??= importModule().then(
        (module) => (loader.module = module),
        (cause: unknown) => {
          loading = undefined;
          throw cause;
        },
      )),
  };
  return loader;
}
