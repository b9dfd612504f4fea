import { expect } from 'vitest';
import type { TPullResponse, TPushResponse } from '@lawfirm/shared-types';
import { newId } from '../src/db/ids.ts';
import type { TestApp } from './helper.ts';

type SyncRow = Record<string, unknown>;

/** A signed-in device as the PWA's sync engine drives it: rows by `entity/id`, a pull cursor, an outbox id. */
export type Device = {
  clientId: string;
  rows: Map<string, SyncRow>;
  /** Pulls every page after the device's cursor; answers what this pull delivered (null: the row went away). */
  pull: () => Promise<Map<string, SyncRow | null>>;
  /**
   * Pushes mutations numbered after the device's previous ones; answers the server's results. A put without
   * an explicit base sends the field versions of the row the device holds, as the PWA's outbox does.
   */
  push: (
    mutations: { name: string; args: unknown; base?: Record<string, number> }[],
  ) => Promise<TPushResponse>;
  /** The rows of one entity the device holds. */
  rowsOf: (entity: string) => SyncRow[];
};

/** Connects a device for the user of `headers` and runs its first sync, so later pulls bring only changes. */
export async function connectDevice(t: TestApp, headers: { authorization: string }): Promise<Device> {
  const clientId = `dev-${newId()}`;
  const rows = new Map<string, SyncRow>();
  let cursor = '';
  let nextId = 1;
  const pull = async () => {
    const delivered = new Map<string, SyncRow | null>();
    let page: TPullResponse;
    do {
      const res = await t.app.inject({
        method: 'GET',
        url: '/sync/pull',
        headers,
        query: { clientId, cursor, limit: '500' },
      });
      expect(res.statusCode, res.body).toBe(200);
      page = res.json<TPullResponse>();
      if (page.reset) rows.clear();
      for (const c of page.changes) {
        const key = `${c.entity}/${c.id}`;
        delivered.set(key, c.row);
        if (c.row) rows.set(key, c.row);
        else rows.delete(key);
      }
      cursor = page.cursor;
    } while (page.more);
    return delivered;
  };
  const baseOf = (m: { name: string; args: unknown }): Record<string, number> | undefined => {
    const a = m.args as { entity?: string; id?: string; values?: Record<string, unknown> };
    const held = rows.get(`${a.entity}/${a.id}`);
    if (m.name !== 'put' || !held || !a.values) return undefined;
    const fv = held.field_versions as Record<string, number>;
    return Object.fromEntries(Object.keys(a.values).map((f) => [f, fv[f] ?? 0]));
  };
  const push: Device['push'] = async (mutations) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sync/push',
      headers,
      payload: { clientId, mutations: mutations.map((m) => ({ id: nextId++, base: baseOf(m), ...m })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TPushResponse>();
  };
  const rowsOf = (entity: string) =>
    [...rows.entries()].filter(([k]) => k.startsWith(`${entity}/`)).map(([, v]) => v);
  await pull();
  return { clientId, rows, pull, push, rowsOf };
}
