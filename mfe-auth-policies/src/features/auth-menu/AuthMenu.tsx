import { AreaSideMenu } from '@plinth/area-kit';
import { AUTH_MENU } from './auth-menu-items';

/** The authentication side menu (000 §2.8). */
export function AuthMenu() {
  return <AreaSideMenu title="Authentication" groups={AUTH_MENU} />;
}
