import { lazy, type ComponentType } from "react";

type Loaded<P> = { default: ComponentType<P> };

/**
 * A code-split component that the server renders in place, never as a fallback to be swapped in by script:
 * the server loads it at start, and once loaded React.lazy gets it synchronously. In the browser it loads on
 * first render, or earlier through `preload()` (for example when the pointer reaches a button).
 *
 * `{ until: "preload" }`: in the browser it waits for `preload()`, the person reaching for it. Until then React
 * leaves the server's HTML of its Suspense boundary as it is (dehydrated), so what that HTML does by itself (a
 * native popover, a form that posts) keeps working, and a page that never needs the component never downloads it.
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>, options: { until?: "render" | "preload" } = {}) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  let wanted: (() => void) | undefined;
  const asked = new Promise<void>((resolve) => (wanted = resolve));
  const preload = () => {
    wanted?.();
    return (pending ??= load().then((component) => (loaded = component)));
  };
  if (typeof document === "undefined") void preload(); // on the server
  const Component = lazy(() => {
    if (loaded) {
      // A thenable that resolves at once: React uses the component without suspending.
      const component = loaded;
      return { then: (resolve: (m: Loaded<P>) => void) => resolve({ default: component }) } as unknown as Promise<Loaded<P>>;
    }
    const ready = options.until === "preload" ? asked.then(preload) : preload();
    return ready.then((component) => ({ default: component }));
  });
  return Object.assign(Component, { preload });
}
