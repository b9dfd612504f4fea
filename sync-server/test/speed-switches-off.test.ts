import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { dataGenerationNow } from '../src/db/connect.ts';
import { newId } from '../src/db/ids.ts';
import { ALL_SPEED_OFF, ALL_SPEED_ON, setSpeedSwitches, type TSpeedSwitches } from '../src/speed/switches.ts';
import { connectDevice } from './device.ts';
import { adminBearer, createTestApp, describeEachDb, type TestApp } from './helper.ts';

/**
 * Every piece of speed machinery has a switch back to the plain path (speed/switches.ts) for the day a library
 * upgrade breaks the internals it reads. With every switch off, the app's main journeys (sign-in, the signed-in
 * user, a case created, listed, opened and edited over REST, a device's push reaching another device's pull,
 * the users list) answer exactly what they answer with every switch on: the switch is a way out, not a
 * different app.
 */
describeEachDb('the main journeys with every speed switch off', (kind) => {
  const transcripts: Partial<Record<'on' | 'off', string[]>> = {};
  const apps: TestApp[] = [];

  /** Runs the journey on an app built with `switches`; answers its answers with ids and times made neutral. */
  async function journey(switches: TSpeedSwitches): Promise<{ t: TestApp; lines: string[] }> {
    const restore = setSpeedSwitches(switches);
    let t: TestApp;
    try {
      t = await createTestApp(kind);
    } finally {
      restore();
    }
    apps.push(t);
    const admin = await adminBearer(t);
    const lines: string[] = [];
    const ids = new Map<string, string>();
    const neutral = (body: string) =>
      body
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
          if (!ids.has(id)) ids.set(id, `<id${ids.size}>`);
          return ids.get(id)!;
        })
        .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z?/g, '<time>')
        .replace(/([?&](expires|sig|signature|token)=)[^&"]+/g, '$1<signed>');
    const note = (what: string, r: LightMyRequestResponse) => {
      lines.push(`${what} -> ${r.statusCode} ${neutral(r.body)}`);
      return r;
    };
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });

    note('GET /api/user', await call('GET', '/api/user'));
    const created = note(
      'POST /api/petitions',
      await call('POST', '/api/petitions', { case_no: '101', title: 'State vs Journey' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const petitionId = created.json<{ petition_id: string }>().petition_id;
    // Asked twice: the second may be a kept answer, and must say the same.
    note('GET /api/petitions?page=1', await call('GET', '/api/petitions?page=1'));
    note('GET /api/petitions?page=1 again', await call('GET', '/api/petitions?page=1'));
    note('GET /api/petitions/:id', await call('GET', `/api/petitions/${petitionId}`));
    const edited = await call('POST', '/api/petitions', {
      id: petitionId,
      case_no: '101',
      title: 'State vs Journey (edited)',
    });
    note('POST /api/petitions (edit)', edited);
    const list = note('GET /api/petitions?page=1 after the edit', await call('GET', '/api/petitions?page=1'));
    expect(list.body).toContain(edited.statusCode === 200 ? 'State vs Journey (edited)' : 'State vs Journey');
    note('GET /api/users', await call('GET', '/api/users'));

    // Sync: one device pushes a court and an edit of the case; another device's pull brings both.
    const phone = await connectDevice(t, admin);
    const desk = await connectDevice(t, admin);
    const courtId = newId();
    const pushed = await phone.push([
      {
        name: 'put',
        args: { entity: 'courts', id: courtId, values: { title: 'Journey Court', short_title: 'JC' } },
      },
    ]);
    lines.push(`push -> ${neutral(JSON.stringify(pushed))}`);
    const delivered = await desk.pull();
    expect(delivered.get(`courts/${courtId}`)).toMatchObject({ title: 'Journey Court' });
    lines.push(`pull -> ${neutral(JSON.stringify(delivered.get(`courts/${courtId}`)))}`);
    note('GET /api/courts', await call('GET', '/api/courts'));
    return { t, lines };
  }

  beforeAll(async () => {
    transcripts.on = (await journey(ALL_SPEED_ON)).lines;
    const off = await journey(ALL_SPEED_OFF);
    transcripts.off = off.lines;
    // The switch reached the database layer: SQLite's generation comes from `pragma data_version`.
    if (kind === 'sqlite') expect(dataGenerationNow(off.t.app.db)).toMatch(/\.v\d+$/);
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('answers every call of the journey', () => {
    expect(transcripts.off).toHaveLength(transcripts.on!.length);
    for (const line of transcripts.off!) expect(line).toMatch(/ -> (200 |\{)/);
  });

  it('answers exactly what the app with every switch on answers', () => {
    expect(transcripts.off).toEqual(transcripts.on);
  });
});
