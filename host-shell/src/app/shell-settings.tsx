import { createContext, useContext, type ReactNode } from 'react';
import type { BuildMode } from '@plinth/shared-contracts';

/** Run-time facts the shell reads once at start (from the environment manifest). */
export interface ShellSettings {
  buildMode: BuildMode;
}

const ShellSettingsContext = createContext<ShellSettings>({ buildMode: 'hosted' });

export function ShellSettingsProvider({ value, children }: { value: ShellSettings; children: ReactNode }) {
  return <ShellSettingsContext.Provider value={value}>{children}</ShellSettingsContext.Provider>;
}

export function useBuildMode(): BuildMode {
  return useContext(ShellSettingsContext).buildMode;
}
