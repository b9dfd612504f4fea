/**
 * The switches of the PWA's speed machinery the app reads as it runs, fixed by the build
 * (scripts/build/speed-switches.ts, through vite.config.ts's `define`); both on where no build set them (unit
 * tests). Each piece asks at the moment it would act, so a test may turn one off and back.
 */
declare global {
  const __LF_SPEED__: { snapshots: boolean; routePreloads: boolean } | undefined;
}

export const PWA_SPEED: { snapshots: boolean; routePreloads: boolean } = {
  snapshots: true,
  routePreloads: true,
  ...(typeof __LF_SPEED__ === 'undefined' ? {} : __LF_SPEED__),
};
