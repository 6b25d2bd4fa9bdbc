import type { FastifyBaseLogger } from 'fastify';
import { SignUpBodySchema } from '@plinth/shared-contracts';
import type { ResolvedConfig } from '@plinth/platform-core/config';
import type { OpenControlDatabase } from '@plinth/platform-core/control-db';
import type { AuthService } from '@plinth/console-api/accounts/service';
import type { OrganizationsService } from '@plinth/console-api/organizations/service';

/** What seeding takes from the server's parts (app.plinth): the settings, the control database, sign-up and organizations. */
export interface SeedParts {
  config: Pick<ResolvedConfig, 'admin'>;
  control: Pick<OpenControlDatabase, 'query'>;
  auth: Pick<AuthService, 'signUp'>;
  organizations: Pick<OrganizationsService, 'create'>;
}

/** PLINTH_ADMIN_EMAIL / PLINTH_ADMIN_PASSWORD: the first account and its organization, created at start when absent. */
export async function seedAdmin(p: SeedParts, log: FastifyBaseLogger): Promise<void> {
  if (!p.config.admin) return;
  const body = SignUpBodySchema.safeParse(p.config.admin);
  if (!body.success) {
    log.warn(`PLINTH_ADMIN_EMAIL/PLINTH_ADMIN_PASSWORD ignored: ${body.error.issues[0]?.message}`);
    return;
  }
  const existing = await p.control.query('select 1 from users where email = $1', [body.data.email]);
  if (existing.rows.length) return;
  const user = await p.auth.signUp(body.data);
  await p.organizations.create(user, 'Default organization');
  log.info({ email: user.email }, 'created the first account and its organization');
}
