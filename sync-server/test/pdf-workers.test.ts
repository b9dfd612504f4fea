import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePageTreeBomb, makeSmallPdf } from '@lawfirm/shared-types/pdf/testing/fixtures.ts';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { PDF_PAGE_TREE_MESSAGE } from '@lawfirm/shared-types/attachments/limits.ts';
import {
  createPdfWorkers,
  PDF_BUSY_MESSAGE,
  PDF_PUBLIC_BUSY_MESSAGE,
  PDF_TIMEOUT_MESSAGE,
  type TPdfBuild,
} from '../src/pdf/pdf-workers.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'lf-pdf-workers-'));
const files = { dataDir, companyId: 'firm' };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The Pending Cases list of a firm with this many cases: a build whose cost grows with it. */
const pendingCases = (count: number): TPdfBuild => ({
  kind: 'pendingCases',
  data: {
    siteName: 'Test Firm',
    today: '2026-01-15',
    rows: Array.from({ length: count }, (_, i) => ({
      pendingTag: `L-${i}`,
      title: `Case ${i} v. Province of Punjab`,
      caseType: 'W.P.',
      caseNo: String(i),
      year: 2024,
      court: 'Lahore High Court',
    })),
  },
});

const messageOf = (r: PromiseSettledResult<unknown>) =>
  r.status === 'rejected' ? (r.reason as { statusCode?: number; message: string }) : null;

describe('PDF worker threads', () => {
  it('build a PDF and check an uploaded one off the event loop', async () => {
    const workers = createPdfWorkers({ workers: 1, timeoutMs: 60_000, memoryMb: 256 });
    try {
      const read = await readPdf(await workers.build(pendingCases(3), files));
      expect(read.text[0]).toContain('L-2 Case 2 v. Province of Punjab');
      expect(await workers.inspectPdf(makePageTreeBomb(5))).toBe(PDF_PAGE_TREE_MESSAGE);
      expect(await workers.inspectPdf(await makeSmallPdf(2))).toBeNull();
    } finally {
      await workers.close();
    }
  });

  it('stop a build over its time, and turn away one that waited a whole budget or found the queue full', async () => {
    const workers = createPdfWorkers({ workers: 1, timeoutMs: 300, memoryMb: 256 });
    try {
      // The first takes the only worker for its whole budget; the second waits that long and is turned away;
      // twenty more fill the queue, so the last is turned away at once.
      const jobs = Array.from({ length: 22 }, () => workers.build(pendingCases(1000), files));
      const outcomes = (await Promise.allSettled(jobs)).map(messageOf);
      expect(outcomes[0]).toMatchObject({ statusCode: 503, message: PDF_TIMEOUT_MESSAGE });
      expect(outcomes.slice(1)).toEqual(
        outcomes.slice(1).map(() => expect.objectContaining({ statusCode: 503, message: PDF_BUSY_MESSAGE })),
      );
    } finally {
      await workers.close();
    }
  });

  it('turn away public builds beyond their cap at once, and start a signed-in build before waiting public ones', async () => {
    const workers = createPdfWorkers({ workers: 1, timeoutMs: 60_000, memoryMb: 256 });
    try {
      const order: string[] = [];
      const job = (name: string, isPublic: boolean) =>
        workers.build(pendingCases(isPublic ? 200 : 3), files, { isPublic }).then((bytes) => {
          order.push(name);
          return bytes;
        });
      // Four public builds (one running, three waiting) fill the public share; the fifth is refused at once.
      const publicJobs = ['p1', 'p2', 'p3', 'p4', 'p5'].map((n) => job(n, true));
      const member = job('member', false);
      const outcomes = (await Promise.allSettled([...publicJobs, member])).map(messageOf);
      expect(outcomes[4]).toMatchObject({ statusCode: 503, message: PDF_PUBLIC_BUSY_MESSAGE });
      expect(outcomes.filter((o) => o !== null)).toHaveLength(1);
      // The signed-in build waited only for the public one already running.
      expect(order).toEqual(['p1', 'member', 'p2', 'p3', 'p4']);
      // Their slots are given back: a public build is taken again.
      expect(
        (await readPdf(await workers.build(pendingCases(1), files, { isPublic: true }))).text[0],
      ).toContain('Case 0');
    } finally {
      await workers.close();
    }
  });

  it('leave a worker to signed-in users while public builds wait', async () => {
    const workers = createPdfWorkers({ workers: 2, timeoutMs: 60_000, memoryMb: 256 });
    try {
      const order: string[] = [];
      const job = (name: string, count: number, isPublic: boolean) =>
        workers.build(pendingCases(count), files, { isPublic }).then(() => order.push(name));
      // Two public builds and a signed-in one: the second public build waits for the first, on one worker,
      // while the signed-in one takes the other.
      await Promise.all([job('p1', 300, true), job('p2', 3, true), job('member', 3, false)]);
      expect(order.indexOf('p2')).toBeGreaterThan(order.indexOf('p1'));
      expect(order.indexOf('member')).toBeLessThan(order.indexOf('p2'));
    } finally {
      await workers.close();
    }
  });
});
