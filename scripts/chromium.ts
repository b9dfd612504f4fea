// Debian's Chromium as the end-to-end journeys and the bench drive it: one list of flags for every launch.

/** The browser (apt-get install -y chromium), or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser features switched off, beyond what each launcher switches off itself. Chromium 156's headless mode
 * builds the address bar's popup as a WebUI page, a renderer of its own compiling about a megabyte of script,
 * for every new window, which is every new Playwright page: on a two-core machine it ran beside the page being
 * measured (opening a case measured 1.4 s with it, 0.8 s without) and slowed every journey. A browser on a
 * phone has no such cost when the app opens.
 */
const OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * Chromium reads only the last `--disable-features` it is given, so this one repeats the launcher's own list
 * (Playwright's: chromiumSwitches.ts; chrome-launcher's: flags.ts) before ours.
 */
export const disableFeatures = (launcherDefaults: readonly string[]): string =>
  `--disable-features=${[...launcherDefaults, ...OFF].join(',')}`;

/** What Playwright (1.65) switches off itself; its list is not exported. */
const PLAYWRIGHT_OFF = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/** The flags of a Playwright launch: headless, no sandbox (root in a container), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  disableFeatures(PLAYWRIGHT_OFF),
];
