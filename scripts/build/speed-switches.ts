/**
 * The PWA's speed machinery, each piece with a switch back to the plain path (issue 32 item 8), read from the
 * build's environment once, here, by vite.config.ts (the server's are in sync-server/src/speed/switches.ts):
 * - SPEED_BUILD_PATCH=0     React Router bundled as its package says, without react-router-lean.ts's rewrite
 * - SPEED_SNAPSHOTS=0       no case-page snapshots kept for the service worker (pwa/src/browser/snapshots.ts)
 * - SPEED_ROUTE_PRELOADS=0  no first query through plain IndexedDB at a cold start (pwa/src/app/route-preloads.ts)
 * - SPEED_OFF=1             all three off
 * The tripwires (pwa/src/app/speed-tripwires.test.ts) say which piece a react-router or Dexie upgrade broke.
 */
export type TPwaSpeedSwitches = { buildPatch: boolean; snapshots: boolean; routePreloads: boolean };

const off = (v: string | undefined) => v !== undefined && /^(0|false|off|no)$/i.test(v.trim());

export function readPwaSpeedSwitches(env: NodeJS.ProcessEnv): TPwaSpeedSwitches {
  if (env.SPEED_OFF !== undefined && !off(env.SPEED_OFF))
    return { buildPatch: false, snapshots: false, routePreloads: false };
  return {
    buildPatch: !off(env.SPEED_BUILD_PATCH),
    snapshots: !off(env.SPEED_SNAPSHOTS),
    routePreloads: !off(env.SPEED_ROUTE_PRELOADS),
  };
}
