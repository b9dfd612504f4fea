// The evening reminder's service worker script (pwa/src/reminders/reminder-sw.ts), bundled into one classic
// script, /reminder-sw.js, which the generated service worker imports (vite.config.ts, workbox.importScripts):
// the worker stays generated (precaching and the 'prompt' update flow as they are) and gains the periodic sync
// handler, written in TypeScript over the same pure logic as the open app's timer.
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

const ENTRY = fileURLToPath(new URL('../../pwa/src/reminders/reminder-sw.ts', import.meta.url));
export const REMINDER_SW_FILE = 'reminder-sw.js';

export function reminderWorker(): Plugin {
  return {
    name: 'lf-reminder-sw',
    apply: 'build',
    // Emitted with the app's own files, before the service worker is generated from them: it is precached too.
    async generateBundle() {
      const bundle = await rolldown({ input: ENTRY, platform: 'browser', logLevel: 'warn' });
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true });
        this.emitFile({ type: 'asset', fileName: REMINDER_SW_FILE, source: output[0].code });
      } finally {
        await bundle.close();
      }
    },
  };
}
