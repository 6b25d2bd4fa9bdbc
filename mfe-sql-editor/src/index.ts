// What this remote exposes as "./area": who it is (from area.manifest.ts and package.json, stamped
// in by @plinth/build-config, and by vitest.config.ts in tests) and the single-spa lifecycles of App.
import { createAreaLifecycles, type AreaBuild } from '@plinth/shared-ui/area';
import App from './App';

declare const __PLINTH_AREA_BUILD__: AreaBuild;
const build = __PLINTH_AREA_BUILD__;

export const { area, version, contractsMajor } = build;
export const { bootstrap, mount, unmount, update } = createAreaLifecycles(App, build);
