import { useEffect, useState } from 'react';
import { loadEnvironment, type Environment } from './environment';

export interface EnvironmentState {
  environment: Environment | null;
  error: Error | null;
}

/** The environment manifest, once /environment.json has been read (null until then). */
export function useEnvironment(): EnvironmentState {
  const [state, setState] = useState<EnvironmentState>({ environment: null, error: null });
  useEffect(() => {
    let active = true;
    loadEnvironment().then(
      (environment) => active && setState({ environment, error: null }),
      (error: unknown) => active && setState({ environment: null, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}
