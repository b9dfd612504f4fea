import { lazy, useState, type ComponentType } from 'react';

/**
 * A screen loaded when its route is first opened (each screen its own chunk; the service worker precaches
 * them all). `preload` loads it ahead; a screen loaded before its first render is rendered as it is, with no
 * suspending: main.tsx preloads the route the app starts on (routes.tsx preloadScreen), so the first render is
 * the screen, not "Loading....". Used by routes.tsx and the feature route lists.
 */
export function lazyScreen<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  let loaded: ComponentType<P> | null = null;
  const preload = async (): Promise<ComponentType<P>> => (loaded ??= (await load())[name]);
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Screen(props: P) {
    // Chosen at mount, so one screen never swaps its component (and its state) for another.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Screen, { preload });
}
