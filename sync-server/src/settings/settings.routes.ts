import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { can, MSG, ZSettingsPatch } from '@lawfirm/shared-types';
import { companyForHost } from '../db/company-for-host.ts';
import { findSettings, toApiSettings, toPublicSettings } from './settings.repository.ts';
import { saveSettings } from './settings.mutators.ts';
import { ZGetSettingsResponse, ZSaveSettingsResponse } from './settings.types.ts';

/** Site settings (rest-contract 2–3). */
export async function settingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /**
   * Public: the landing page of whichever firm the host name belongs to needs its name, phone and email.
   * A signed-in user reads their own firm; only an admin gets the private fields (invoice headings, meeting
   * links). A bad or expired token is treated as no token, since the Home page must always render.
   */
  app.get('/api/settings', { schema: { response: { 200: ZGetSettingsResponse } } }, async (req) => {
    const ctx = await req.optionalAuth();
    if (!ctx) {
      const company = await companyForHost(app.db, req.hostname);
      return { setting: toPublicSettings(await findSettings(app.db, company.id)) };
    }
    const row = await findSettings(app.db, ctx.actor.company_id);
    return { setting: can(ctx.actor, 'settings.manage') ? toApiSettings(row) : toPublicSettings(row) };
  });

  app.post(
    '/api/settings',
    {
      config: { auth: 'settings.manage' },
      schema: { body: ZSettingsPatch, response: { 200: ZSaveSettingsResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      const setting = await saveSettings(app.db, actor, req.body);
      return { setting, message: MSG.savedOk };
    },
  );
}
