import { lazy, type ComponentType } from "react";

type Loaded<P> = { default: ComponentType<P> };

/**
 * A code-split component that the server renders in place, never as a fallback to be swapped in by script:
 * the server loads it at start, and once loaded React.lazy gets it synchronously. In the browser it loads on
 * first render, or earlier through `preload()` (for example when the pointer reaches a button).
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => (pending ??= load().then((component) => (loaded = component)));
  if (typeof document === "undefined") void preload(); // on the server
  const Component = lazy(() => {
    if (loaded) {
      // A thenable that resolves at once: React uses the component without suspending.
      const component = loaded;
      return { then: (resolve: (m: Loaded<P>) => void) => resolve({ default: component }) } as unknown as Promise<Loaded<P>>;
    }
    return preload().then((component) => ({ default: component }));
  });
  return Object.assign(Component, { preload });
}
