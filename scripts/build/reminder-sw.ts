// The evening reminder's service worker script (pwa/src/reminders/reminder-sw.ts), bundled into one classic
// script, /reminder-sw.js, which the generated service worker imports (vite.config.ts, workbox.importScripts):
// the worker stays generated (precaching and the 'prompt' update flow as they are) and gains the periodic sync
// handler, written in TypeScript over the same pure logic as the open app's timer.
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';

const ENTRY = fileURLToPath(new URL('../../pwa/src/reminders/reminder-sw.ts', import.meta.url));
export const REMINDER_SW_FILE = 'reminder-sw.js';

export function reminderWorker(): Plugin {
  return {
    name: 'lf-reminder-sw',
    apply: 'build',
    // Emitted with the app's own files, before the service worker is generated from them: it is precached too.
    async generateBundle() {
      // Vite's own build (no config file, no plugins, nothing written): rolldown is Vite's, not the app's.
      const result = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        build: {
          write: false,
          minify: true,
          lib: { entry: ENTRY, formats: ['iife'], name: 'lfReminderSw', fileName: () => REMINDER_SW_FILE },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
      const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
      if (!chunk) throw new Error('The reminder worker did not build');
      this.emitFile({ type: 'asset', fileName: REMINDER_SW_FILE, source: chunk.code });
    },
  };
}
