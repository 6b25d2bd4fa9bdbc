import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { customHostnameStatusFromError, JwtSecretUpdateSchema } from './settings';

describe('settings contracts', () => {
  it('maps custom hostname errors to the synthetic statuses', () => {
    expect(customHostnameStatusFromError(400, 'Project is not allowed to set up custom domain')).toBe('0_not_allowed');
    expect(customHostnameStatusFromError(400, 'No custom hostname configuration found')).toBe('0_no_hostname_configured');
    expect(customHostnameStatusFromError(500, 'custom hostname configuration')).toBeNull();
  });

  it('asks for a long enough JWT secret', () => {
    const messages = JwtSecretUpdateSchema.safeParse({ jwt_secret: 'short' }).error?.issues.map((i) => i.message);
    expect(messages).toEqual(['jwt_secret must be at least 32 characters']);
  });

  it('takes z from the common contracts\' zod, never from zod itself', () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /from ['"]zod(\/v4|\/mini)?['"]/.test(readFileSync(join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
