import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, describeEachDb } from './helper.ts';
import type { TestApp } from './helper.ts';
import { axiosQuery, LEGACY_ORIGIN, legacyLogin, type LegacyClient } from './legacy-client-helpers.ts';

/**
 * The original Vue client against this server, parts 2 and 3 (issue 31): each request is the one its pages
 * send (their data() objects, FormData fields and axios params, as the client's source builds them), and each
 * test asserts what that client reads back. Its dates are read as a browser in Pakistan reads them.
 */

describeEachDb('original web client: sample contracts (part 3)', (kind) => {
  let t: TestApp;
  let admin: LegacyClient;
  beforeAll(async () => {
    t = await createTestApp(kind, { corsOrigins: [LEGACY_ORIGIN] });
    admin = await legacyLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  type TContract = { id: string; title: string; contract_category_id: string | null; slug: string };

  it('a sample contract saved from its form (hidden category: the text "undefined") has no category', async () => {
    // contract-and-agreement/CreateUpdate.vue submitForm(): no file chosen, the category never set.
    const res = await admin.form('/api/contracts_and_agreements', {
      contract_category_id: 'undefined',
      title: 'Tenancy agreement',
      content: '<p>This agreement is made at Lahore.</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    // The index page's list, and the edit page's read.
    const list = await admin.call('GET', `/api/contracts_and_agreements${axiosQuery({ title: 'Tenancy' })}`);
    const [row] = list.json<{ contracts_and_agreemnets: TContract[] }>().contracts_and_agreemnets;
    expect(row).toMatchObject({ title: 'Tenancy agreement', contract_category_id: null });
    const one = await admin.call('GET', `/api/contracts_and_agreements/${row!.id}`);
    const loaded = one.json<{ contract_and_agreement: TContract }>().contract_and_agreement;
    expect(loaded.contract_category_id).toBeNull();

    // Saved again from the edit page: the null it read goes out as the text "null", with the id.
    const again = await admin.form('/api/contracts_and_agreements', {
      contract_category_id: String(loaded.contract_category_id),
      title: 'Tenancy agreement (residential)',
      content: '<p>This agreement is made at Lahore.</p>',
      id: loaded.id,
    });
    expect(again.statusCode, again.body).toBe(200);
    const after = (await admin.call('GET', `/api/contracts_and_agreements/${loaded.id}`)).json<{
      contract_and_agreement: TContract;
    }>().contract_and_agreement;
    expect(after).toMatchObject({ title: 'Tenancy agreement (residential)', contract_category_id: null });
    // "" is none too; a category that is not the firm's is still refused with its message.
    const blank = await admin.form('/api/contracts_and_agreements', {
      contract_category_id: '',
      title: 'Sale deed',
      content: '<p>Deed</p>',
    });
    expect(blank.statusCode, blank.body).toBe(200);
    const bad = await admin.form('/api/contracts_and_agreements', {
      contract_category_id: 'not-a-category',
      title: 'Gift deed',
      content: '<p>Deed</p>',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ message: string }>().message).toBe('The selected contract category does not exist.');
  });
});
