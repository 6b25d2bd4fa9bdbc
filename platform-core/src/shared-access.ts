import { AccessRegistry, type ProjectRecord } from './access';
import type { ControlEvents } from './control-events';
import type { ControlDatabase } from './core-types';

const TOPIC = { session: 'access.session', userSessions: 'access.user-sessions', project: 'access.project', organization: 'access.organization', role: 'access.role' } as const;

/**
 * The access registry of one instance among several on a control database: every copy it drops
 * or replaces (a signed-out session, a renamed or paused project, a changed role) is dropped on the
 * other instances too, through the control events, so a session ended on one instance is refused
 * by every other at once. What another instance hears only makes it read the control database
 * again (it never takes a value from a message).
 */
export class SharedAccessRegistry extends AccessRegistry {
  constructor(
    control: ControlDatabase,
    secureCookies: boolean,
    private readonly events: ControlEvents,
  ) {
    super(control, secureCookies);
    events.on(TOPIC.session, (tokenHash) => super.invalidateSession(tokenHash));
    events.on(TOPIC.userSessions, (userId) => super.invalidateUserSessions(userId));
    events.on(TOPIC.project, (ref) => super.forgetProject(ref));
    events.on(TOPIC.organization, (slug) => super.invalidateOrganization(slug));
    events.on(TOPIC.role, (payload) => {
      const [organizationId, userId] = JSON.parse(payload) as [number, string];
      super.invalidateRole(organizationId, userId);
    });
    events.onResync(() => super.forgetAll());
  }

  override invalidateSession(tokenHash: string): void {
    super.invalidateSession(tokenHash);
    void this.events.publish(TOPIC.session, tokenHash);
  }

  override invalidateUserSessions(userId: string): void {
    super.invalidateUserSessions(userId);
    void this.events.publish(TOPIC.userSessions, userId);
  }

  override setProject(rec: ProjectRecord): void {
    super.setProject(rec);
    void this.events.publish(TOPIC.project, rec.ref);
  }

  override forgetProject(ref: string): void {
    super.forgetProject(ref);
    void this.events.publish(TOPIC.project, ref);
  }

  override invalidateOrganization(slug: string): void {
    super.invalidateOrganization(slug);
    void this.events.publish(TOPIC.organization, slug);
  }

  override invalidateRole(organizationId: number, userId: string): void {
    super.invalidateRole(organizationId, userId);
    void this.events.publish(TOPIC.role, JSON.stringify([organizationId, userId]));
  }
}
