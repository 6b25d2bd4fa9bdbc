import type { AuthService } from './accounts/service';
import type { OrganizationsService } from './organizations/service';
import type { ProjectsService } from './projects/service';
import type { UsageService } from './usage/service';
import type { EgressCounter } from './usage/egress';
import type { ProjectServicesAdmin } from '@plinth/project-services';

// The console's own control-plane services, added to platform-core's ControlServices (declaration
// merging), so that every route module sees them on deps.services; and projectServices, the one
// way the console reaches the project services (their narrow contracts: auth, storage, rest,
// records), made by the server with createProjectServicesAdmin. Only types come from
// @plinth/project-services (a lint rule).
declare module '@plinth/platform-core/deps' {
  interface ControlServices {
    accounts: AuthService;
    organizations: OrganizationsService;
    projects: ProjectsService;
    usage: UsageService;
    egress: EgressCounter;
    projectServices: ProjectServicesAdmin;
  }
}
