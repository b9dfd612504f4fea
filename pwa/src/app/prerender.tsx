// Build time only (scripts/build/prerender-pages.ts): the public pages as a signed-out visitor on a new device
// first sees them, rendered by the app itself, so they show their content before the main script has run.
// React then renders the same page in its place.
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './App.tsx';
import { ROUTES } from './routes.tsx';

async function renderOnce(location: string): Promise<string> {
  const { prelude } = await prerender(
    <StaticRouter location={location}>
      <App />
    </StaticRouter>,
    // Never outline a large boundary to be streamed in later by a script: the page is sent whole.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/** An empty localStorage for screens that read it while rendering (Node has none): a new device's. */
function withEmptyStorage<T>(fn: () => Promise<T>): Promise<T> {
  if ('localStorage' in globalThis) return fn();
  const items = new Map<string, string>();
  const storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  return fn().finally(() => delete (globalThis as { localStorage?: unknown }).localStorage);
}

/**
 * The markup of `location` for a signed-out visitor, without any script. The screens are lazy chunks: the first
 * pass loads them, the second renders them in place (a pass that waited on one would stream it in with an
 * inline script, which the CSP forbids and which would only run after the main script anyway).
 */
export function renderPageMarkup(location: string): Promise<string> {
  return withEmptyStorage(async () => {
    await renderOnce(location);
    const html = await renderOnce(location);
    if (/<script|<template|<!--\$[?!]/.test(html))
      throw new Error(`${location} still waits on a lazy chunk after loading it`);
    return html;
  });
}

/** Every path the app has a screen for (react-router patterns), for the server's 404 of unknown paths. */
export const appPaths = (): string[] => [...ROUTES.map((r) => r.path), '/404'];
