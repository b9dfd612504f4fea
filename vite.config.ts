import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { CORE_MODULES } from './scripts/build/core-chunk.ts';
import { entityTable } from './scripts/build/entity-table.ts';
import { precompress } from './scripts/build/precompress.ts';
import { prerenderPages } from './scripts/build/prerender-pages.ts';
import { reactRouterLean } from './scripts/build/react-router-lean.ts';
import { readPwaSpeedSwitches } from './scripts/build/speed-switches.ts';
import { REMINDER_SW_FILE, reminderWorker } from './scripts/build/reminder-sw.ts';

// The speed machinery's switches (SPEED_BUILD_PATCH, SPEED_SNAPSHOTS, SPEED_ROUTE_PRELOADS, SPEED_OFF), read once.
const speed = readPwaSpeedSwitches(process.env);

const SHORTCUT_ICONS = [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }];

// Builds pwa/ into pwa/dist, which the sync server serves on the same origin as /api.
export default defineConfig({
  root: 'pwa',
  define: {
    __LF_SPEED__: JSON.stringify({ snapshots: speed.snapshots, routePreloads: speed.routePreloads }),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports (it needs IndexedDB, service workers and ES modules) preloads modules
    // itself; Vite's polyfill for older ones would only add to the first load. The page's own modules are
    // preloaded from its HTML; a lazy screen's are not: Vite's helper adds a <link rel=modulepreload> for each
    // module a dynamic import needs, and on a phone those insertions were the longest tasks of a signed-in
    // start (Lighthouse mobile, median of 3: /dashboard TBT 1,430 -> 930 ms, /petitions 770 -> 630 ms). The
    // app's files come from the service worker's precache, so fetching a screen's modules as the browser
    // finds them costs little.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    // The small modules every start needs besides the entry, as one chunk (scripts/build/core-chunk.ts).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'core', test: CORE_MODULES }] } } },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/sync': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
  plugins: [
    // The device's entity table as data, so the local database opens without loading zod.
    entityTable(),
    ...(speed.buildPatch ? [reactRouterLean()] : []),
    react(),
    // Before the service worker is generated: the script it imports is precached with the app.
    reminderWorker(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/*.png', 'icons/*.svg'],
      manifest: {
        name: 'eLawFirm Case Files',
        short_name: 'eLawFirm',
        description: 'Case files, hearing dates and documents for Pakistani law firms, online and offline.',
        theme_color: '#0b3d5c',
        background_color: '#ffffff',
        display: 'standalone',
        // A stable identity, so changing start_url later does not look like a different app to browsers.
        id: '/',
        start_url: '/dashboard',
        scope: '/',
        lang: 'en',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          // Padded copy: a maskable icon's glyph must sit inside the central 80% circle that launchers keep.
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Long-press on the installed app's icon (Android, desktop): straight to the lawyer's three daily places.
        shortcuts: [
          { name: 'Case Files', short_name: 'Cases', url: '/petitions', icons: SHORTCUT_ICONS },
          { name: 'Calendar', url: '/petitions-calendar', icons: SHORTCUT_ICONS },
          { name: 'New Case', url: '/petitions/create', icons: SHORTCUT_ICONS },
        ],
        // The app itself, shown by the browser's install dialog (made by scripts/pwa-screenshots.ts).
        screenshots: [
          {
            src: '/screenshots/case-files-phone.png',
            sizes: '780x1688',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Case files on a phone, with their next hearing dates',
          },
          {
            src: '/screenshots/dashboard-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'The dashboard on a computer',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,woff2,ttf,otf}'],
        // The install dialog's screenshots are fetched by the browser when it needs them, not on every device.
        globIgnores: ['screenshots/**'],
        // The PDF fonts (Urdu and Latin) must be precached so a case file PDF builds offline.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: '/index.html',
        // API calls, sync and file downloads never come from the precache.
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/sync\//,
          /^\/uploads/,
          /^\/files\//,
          /^\/storage\//,
          /^\/password\.email/,
        ],
        cleanupOutdatedCaches: true,
        // A case page opened afresh shows the case as this device last drew it (pwa/src/browser/snapshots.ts).
        // Tomorrow's hearings reminded with the app closed, on periodic background sync (pwa/src/reminders/reminder-sw.ts).
        importScripts: ['/snapshot-sw.js', `/${REMINDER_SW_FILE}`],
      },
    }),
    // After the service worker: the public pages prerendered, then brotli and gzip copies of every text file.
    prerenderPages(),
    precompress(),
  ],
});
