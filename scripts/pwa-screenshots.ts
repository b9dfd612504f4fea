// The manifest's screenshots (the browser's install dialog shows them), taken from the real app in headless
// Chromium with a few demo cases: `node --import tsx scripts/pwa-screenshots.ts` after a build (E2E_DIST_DIR
// picks another build folder than pwa/dist). Writes pwa/public/screenshots/; sizes must match vite.config.ts.
import { mkdirSync } from 'node:fs';
import { E2E_ADMIN, startHarness } from '../e2e/harness.ts';
import { CaseListPage } from '../e2e/pages/CaseListPage.ts';
import { seedCaseCategory, seedCourtId, seedHearingDate, seedPendingTag, seedPetition } from '../e2e/seed.ts';
import { signedInDevice } from '../e2e/session.ts';

const OUT = 'pwa/public/screenshots';

const CASES = [
  { case_no: '1412', title: 'Muhammad Aslam vs Federation of Pakistan', hearing: 3, tag: 'Arguments' },
  { case_no: '877', title: 'Shabana Bibi vs Province of Punjab', hearing: 5 },
  { case_no: '2301', title: 'Karachi Traders Association vs KMC', hearing: 8, tag: 'Reply awaited' },
  { case_no: '56', title: 'State vs Zahid Hussain', hearing: 12 },
  { case_no: '990', title: 'Rashid Mehmood vs Habib Bank Ltd', hearing: 19 },
];

const inDays = (n: number) => {
  const d = new Date(Date.now() + n * 86_400_000);
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
};

const h = await startHarness();
try {
  const court = await seedCourtId(h, 'Lahore High Court, Lahore');
  const category = await seedCaseCategory(h, {
    title: 'Writ Petition',
    abbreviation: 'WP',
    court_ids: [court],
  });
  const year = new Date().getFullYear();
  for (const c of CASES) {
    const id = await seedPetition(h, {
      case_no: c.case_no,
      year,
      title: c.title,
      court_id: court,
      petition_type_id: category,
    });
    await seedHearingDate(h, id, inDays(c.hearing));
    if (c.tag) await seedPendingTag(h, id, c.tag);
  }
  mkdirSync(OUT, { recursive: true });

  const phone = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const list = new CaseListPage(phone.page);
  await list.open();
  await list.card(`WP ${CASES[0]!.case_no}/${year}`).waitFor();
  // The cases, not the filters, just under the sticky header.
  await list
    .cards()
    .first()
    .evaluate((card) => {
      const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
      window.scrollTo(0, window.scrollY + card.getBoundingClientRect().top - header - 12);
    });
  await phone.page.screenshot({ path: `${OUT}/case-files-phone.png` });
  await phone.ctx.close();

  const desk = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, {
    viewport: { width: 1280, height: 800 },
  });
  await desk.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await desk.page.screenshot({ path: `${OUT}/dashboard-wide.png` });
  await desk.ctx.close();
  console.log(`Screenshots written to ${OUT}/`);
} finally {
  await h.close();
}
