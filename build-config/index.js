import './webpack-compat.cjs';
// Shared webpack and Module Federation settings for the Plinth shell and areas.
export { createAreaConfig, createStandaloneConfig, areaBuildStamp, loadAreaManifest, remoteNameOf, AREA_FAULTS, AREA_MANIFEST_FILE } from './area.js';
export { createHostConfig, HOST_NAME } from './host.js';
export { createSharedModules, sharedSubpaths, installedVersion, SINGLETON_PACKAGES, contractsMajorOfWorkspace } from './shared.js';
export { swcRule, resolveOptions, optimizationOptions } from './rules.js';
