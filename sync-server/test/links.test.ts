import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@lawfirm/shared-types';
import { MSG_URL_INVALID, MSG_URL_REQUIRED } from '@lawfirm/shared-types/library/library.entities.ts';
import { newId } from '../src/db/ids.ts';
import { caseFirm, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { describeEachDb } from './helper.ts';

type TLink = { id: string; title: string; url: string; description: string | null; display_order: number };

/** Links (rest-contract 78–81), served from the entity's declaration; the same rows a device syncs. */
describeEachDb('links', (kind) => {
  let f: CaseFirm;
  let t: CaseFirm['t'];
  let admin: Auth, lawyer: Auth, student: Auth, other: Auth;
  beforeAll(async () => {
    f = await caseFirm(kind);
    ({ t, admin, lawyer, student, other } = f);
  });
  afterAll(() => f.t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Auth, payload?: object) =>
    f.call(method, url, headers, payload);
  const links = async (headers: Auth) =>
    (await call('GET', '/api/links', headers)).json<{ links: TLink[] }>().links;

  it('saves, lists, reads, edits and deletes links as the original client does', async () => {
    const first = await call('POST', '/api/links', admin, {
      title: 'Supreme Court',
      url: 'https://www.supremecourt.gov.pk',
      description: 'Cause lists',
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json<{ link: TLink; message: string }>();
    expect(saved.message).toBe(MSG.savedOk);
    expect(saved.link).toMatchObject({
      title: 'Supreme Court',
      display_order: 1,
      description: 'Cause lists',
    });
    // A lawyer adds one too; it goes last.
    const second = await call('POST', '/api/links', lawyer, {
      title: 'PLD',
      url: 'http://pld.example.pk/x?y=1',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<{ link: TLink }>().link.display_order).toBe(2);

    expect((await links(lawyer)).map((l) => l.title)).toEqual(['Supreme Court', 'PLD']);
    const one = await call('GET', `/api/links/${saved.link.id}`, lawyer);
    expect(one.json()).toEqual({ link: expect.objectContaining({ id: saved.link.id, url: saved.link.url }) });

    // The client sends the whole row back (with its editMode flag) to update.
    const updated = await call('POST', '/api/links', admin, {
      ...saved.link,
      editMode: false,
      title: 'Supreme Court of Pakistan',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ message: string }>().message).toBe(MSG.updatedOk);
    expect((await links(admin))[0]!.title).toBe('Supreme Court of Pakistan');

    const del = await call('DELETE', `/api/links/${saved.link.id}`, admin);
    expect(del.json()).toEqual({ message: MSG.deletedOk });
    expect((await links(admin)).map((l) => l.title)).toEqual(['PLD']);
    expect((await call('GET', `/api/links/${saved.link.id}`, admin)).statusCode).toBe(404);
  });

  it('answers the spec’s messages for missing or unsafe fields and saves nothing', async () => {
    const before = (await links(admin)).length;
    const empty = await call('POST', '/api/links', admin, { title: ' ', url: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({
      validation_error: { title: [MSG.titleRequired], url: [MSG_URL_REQUIRED] },
    });
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<script>x</script>',
      'ftp://x.pk',
      'not a url',
    ]) {
      const bad = await call('POST', '/api/links', admin, { title: 'Bad', url });
      expect(bad.statusCode, url).toBe(422);
      expect(bad.json()).toMatchObject({ validation_error: { url: [MSG_URL_INVALID] } });
    }
    // The body schema says what each writable column may carry: a number for a title is refused whole.
    for (const body of [
      [],
      'x',
      null,
      { title: 42, url: 'https://x.pk' },
      { title: 'T', url: ['https://x.pk'] },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/links',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect((await links(admin)).length).toBe(before);
  });

  it('keeps roles and firms apart: students read none, lawyers cannot edit or delete, other firms see nothing', async () => {
    const { link } = (
      await call('POST', '/api/links', admin, { title: 'Roles', url: 'https://roles.example.pk' })
    ).json<{ link: TLink }>();
    expect((await call('GET', '/api/links', student)).statusCode).toBe(403);
    expect((await call('POST', '/api/links', student, { title: 'S', url: 'https://s.pk' })).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/links', lawyer, { id: link.id, title: 'Renamed' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/links/${link.id}`, lawyer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/links' })).statusCode).toBe(401);

    expect((await links(other)).map((l) => l.id)).not.toContain(link.id);
    expect((await call('GET', `/api/links/${link.id}`, other)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/links', other, { id: link.id, title: 'Stolen', url: 'https://x.pk' }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/links/${link.id}`, other)).statusCode).toBe(404);
    expect((await links(admin)).find((l) => l.id === link.id)!.title).toBe('Roles');
  });

  it('syncs: a link made over REST reaches a device, one pushed by a device is served over REST, a student device gets none', async () => {
    const device = await connectDevice(t, lawyer);
    const { link } = (
      await call('POST', '/api/links', admin, { title: 'To device', url: 'https://device.example.pk' })
    ).json<{ link: TLink }>();
    await device.pull();
    expect(device.rowsOf('links').map((r) => r.id)).toContain(link.id);

    const id = newId();
    const pushed = await device.push([
      {
        name: 'put',
        args: { entity: 'links', id, values: { title: 'From phone', url: 'https://phone.example.pk' } },
      },
    ]);
    expect(pushed.results[0]).toMatchObject({ status: 'applied' });
    expect((await links(admin)).find((l) => l.id === id)).toMatchObject({ title: 'From phone' });
    const refused = await device.push([
      {
        name: 'put',
        args: { entity: 'links', id: newId(), values: { title: 'Bad', url: 'javascript:alert(1)' } },
      },
    ]);
    expect(refused.results[0]).toMatchObject({ status: 'rejected', message: MSG_URL_INVALID });

    const studentDevice = await connectDevice(t, student);
    expect(studentDevice.rowsOf('links')).toEqual([]);
  });
});
