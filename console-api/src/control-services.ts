import type { AuthService } from './accounts/service';
import type { OrganizationsService } from './organizations/service';
import type { ProjectsService } from './projects/service';
import type { UsageService } from './usage/service';
import type { EgressCounter } from './usage/egress';

// The console's own control-plane services, added to platform-core's ControlServices (declaration
// merging), so that every route module sees them on deps.services.
declare module '@plinth/platform-core/deps' {
  interface ControlServices {
    accounts: AuthService;
    organizations: OrganizationsService;
    projects: ProjectsService;
    usage: UsageService;
    egress: EgressCounter;
  }
}
