/**
 * Code loaded on demand that can be started early: `load()` starts the import once (any later call
 * gets the same promise) and, once it has arrived, `loaded` holds the module, so a component can
 * render it at once instead of suspending. Why: a lazy component that suspends shows its fallback,
 * and React 19 holds back the content that replaces a fallback by up to 300 ms (it batches
 * reveals), which a cold load would pay for the page and again for the overview's chart.
 * No React here: the boot script (src/boot.ts) starts these before React is even evaluated.
 */
export interface Preloadable<T> {
  load(): Promise<T>;
  readonly loaded: T | undefined;
}

export function preloadable<T>(importer: () => Promise<T>): Preloadable<T> {
  let promise: Promise<T> | undefined;
  let loaded: T | undefined;
  return {
    load() {
      promise ??= importer().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          promise = undefined; // a failed chunk (a deployment replaced it, a network blip) may be asked again
          throw error;
        },
      );
      return promise;
    },
    get loaded() {
      return loaded;
    },
  };
}
