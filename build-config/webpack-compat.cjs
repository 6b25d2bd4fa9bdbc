// Lets @module-federation/enhanced 2.9 run on webpack 5.112, which moved some internal files.
// Two things, both before the federation plugin is loaded:
// 1. FEDERATION_WEBPACK_PATH names the webpack already running (webpack-cli's), so the plugin's
//    classes extend the same webpack as the compiler's, not a second copy from another folder.
// 2. Requests for the old internal paths are sent to where webpack 5.112 keeps those files.
const Module = require('node:module');
const path = require('node:path');

const MOVED = {
  'util/extractUrlAndGlobal': 'externals/extractUrlAndGlobal',
  HotUpdateChunk: 'graph/HotUpdateChunk',
  ModuleFactory: 'module/ModuleFactory',
  'dependencies/EntryDependency': 'entry/EntryDependency',
  'dependencies/ModuleDependency': 'dependencies/core/ModuleDependency',
  'dependencies/StaticExportsDependency': 'dependencies/core/StaticExportsDependency',
  'util/fs': 'fs/fs',
  'util/semver': 'sharing/semver',
};
const movedPattern = new RegExp(`^(.*webpack[\\\\/]lib[\\\\/])(${Object.keys(MOVED).join('|')})(\\.js)?$`);

function runningWebpack() {
  const loaded = Object.keys(require.cache).find((file) => /[\\/]node_modules[\\/]webpack[\\/]lib[\\/]index\.js$/.test(file));
  return loaded ?? require.resolve('webpack');
}

if (!process.env.FEDERATION_WEBPACK_PATH) process.env.FEDERATION_WEBPACK_PATH = runningWebpack();

const originalResolve = Module._resolveFilename;
if (!originalResolve.plinthCompat) {
  const resolveMoved = function (request, ...rest) {
    const match = typeof request === 'string' ? movedPattern.exec(request) : null;
    if (match) {
      const moved = `${match[1]}${MOVED[match[2].replace(/\\/g, '/')]}`;
      try {
        return originalResolve.call(this, moved, ...rest);
      } catch {
        // An older webpack still has the file where it was.
      }
    }
    return originalResolve.call(this, request, ...rest);
  };
  resolveMoved.plinthCompat = true;
  Module._resolveFilename = resolveMoved;
}

module.exports = { webpackPath: process.env.FEDERATION_WEBPACK_PATH, path };
