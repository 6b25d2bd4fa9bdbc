import { describe, expect, it } from 'vitest';
import { checkOwnership, reservedHostname, type TxtLookup } from './custom-domain';

const failing = (code: string): TxtLookup => async () => {
  throw Object.assign(new Error(code), { code });
};

describe('the ownership check of a custom domain', () => {
  it('says what to publish when the name has no record, and to retry when DNS does not answer', async () => {
    for (const code of ['ENOTFOUND', 'ENODATA']) {
      expect(await checkOwnership(failing(code), 'a.example.com', 'plinth-verification=t')).toEqual({
        verified: false,
        error: 'No TXT record was found at _plinth-challenge.a.example.com. Add one with the value plinth-verification=t; DNS changes can take a few minutes to be seen.',
      });
    }
    expect(await checkOwnership(failing('ETIMEOUT'), 'a.example.com', 'plinth-verification=t')).toEqual({
      verified: false,
      error: 'The DNS lookup of _plinth-challenge.a.example.com failed (ETIMEOUT). Try again in a moment.',
    });
  });

  it('quotes at most three values found, each cut short, and never takes a value that only contains the token', async () => {
    const long = 'x'.repeat(500);
    const check = await checkOwnership(async () => [long, 'b', 'c', 'd', 'e', 'prefix plinth-verification=t'], 'a.example.com', 'plinth-verification=t');
    expect(check.verified).toBe(false);
    const error = (check as { error: string }).error;
    expect(error).toContain(`"${'x'.repeat(80)}…", "b", "c" and 3 more, not plinth-verification=t.`);
    expect(error.length).toBeLessThan(250);
    expect(await checkOwnership(async () => ['plinth-verification=t'], 'a.example.com', 'plinth-verification=t')).toEqual({ verified: true });
  });
});

describe("the platform's own host names", () => {
  it('cannot be claimed: the console host, and every name under the projects domain', () => {
    const publicUrl = 'https://console.plinth.example';
    const projectUrl = 'https://{ref}.projects.plinth.example';
    expect(reservedHostname('console.plinth.example', publicUrl, projectUrl)).toContain('one of this platform\'s own host names (console.plinth.example)');
    expect(reservedHostname('abcdefghijklmnopqrst.projects.plinth.example', publicUrl, projectUrl)).toContain('(projects.plinth.example)');
    expect(reservedHostname('projects.plinth.example', publicUrl, projectUrl)).not.toBeNull();
    expect(reservedHostname('api.customer.example', publicUrl, projectUrl)).toBeNull();
    expect(reservedHostname('notprojects.plinth.example', publicUrl, projectUrl)).toBeNull();
    // Projects by path on one host: that host.
    expect(reservedHostname('projects.plinth.example', null, 'https://projects.plinth.example/{ref}')).not.toBeNull();
    expect(reservedHostname('api.customer.example', null, null)).toBeNull();
  });
});
