import { createContext, useContext, type ReactNode } from 'react';
import type { BuildMode } from '@plinth/shared-contracts';
import type { AreaManifests } from '../areas/area-table';

/** Run-time facts the shell reads once at start (from the environment manifest). */
export interface ShellSettings {
  buildMode: BuildMode;
  /** The environment's areas as their manifests describe them: routing, rail, titles, gate rules. */
  areas: AreaManifests;
}

const ShellSettingsContext = createContext<ShellSettings>({ buildMode: 'hosted', areas: {} });

export function ShellSettingsProvider({ value, children }: { value: ShellSettings; children: ReactNode }) {
  return <ShellSettingsContext.Provider value={value}>{children}</ShellSettingsContext.Provider>;
}

export function useBuildMode(): BuildMode {
  return useContext(ShellSettingsContext).buildMode;
}

/** The environment's area manifests (the shell holds no list of areas of its own). */
export function useAreas(): AreaManifests {
  return useContext(ShellSettingsContext).areas;
}
