// Build time only (scripts/build/prerender-landing.ts): the landing page as a signed-out visitor first sees it,
// rendered by the app itself, so `/` shows its content before the main script has run. React replaces it.
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from '../app/App.tsx';

async function renderOnce(): Promise<string> {
  const { prelude } = await prerender(
    <StaticRouter location="/">
      <App />
    </StaticRouter>,
    // Never outline a large boundary to be streamed in later by a script: the page is sent whole.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/**
 * The markup of `/` for a signed-out visitor, without any script. The screens are lazy chunks: the first pass
 * loads them, the second renders them in place (a pass that waited on one would stream it in with an inline
 * script, which the CSP forbids and which would only run after the main script anyway).
 */
export async function renderLandingMarkup(): Promise<string> {
  await renderOnce();
  const html = await renderOnce();
  if (/<script|<template|<!--\$[?!]/.test(html))
    throw new Error('the landing page still waits on a lazy chunk after loading it');
  return html;
}
