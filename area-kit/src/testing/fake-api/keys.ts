import { CustomHostnameSchema, JwtSecretUpdateStatusSchema, ProjectConfigSchema, ProjectSettingsSchema, type createSettingsClient, type CustomHostname, type JwtSecretUpdateState } from '@plinth/contracts-settings';
import { PROJECT_REF } from '../fixtures';
import { answer, type Handlers } from './fake-client';

type SettingsClient = ReturnType<typeof createSettingsClient>;

export const ANON_KEY = 'eyJhbGciOiJIUzI1NiJ9.anon.signature';
export const SERVICE_KEY = 'eyJhbGciOiJIUzI1NiJ9.service.signature';
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters';

export interface KeysState {
  /** False until the API-key service has made the project's keys. */
  keysReady: boolean;
  /** Successive states of a JWT secret rotation to answer, the last one repeating; empty: none ever. */
  jwtStates: JwtSecretUpdateState[];
  /** The project's custom hostname as the settings API reads it (none by default). */
  customHostname: CustomHostname;
}

const apiService = (keys: boolean) => ({
  app: { id: 1, name: 'Auto API' },
  app_config: { endpoint: `${PROJECT_REF}.plinth.test`, protocol: 'https' },
  service_api_keys: keys
    ? [
        { name: 'anon', api_key: ANON_KEY, tags: 'anon' },
        { name: 'service_role', api_key: SERVICE_KEY, tags: 'service_role,secret' },
      ]
    : [],
});

const jwtStatus = (status: JwtSecretUpdateState | undefined, id: string) =>
  answer(JwtSecretUpdateStatusSchema, {
    jwtSecretUpdateStatus: status ? { meta: { change_tracking_id: id, error: status === 'Failed' ? 'boom' : null, progress: null, status } } : null,
  });

/** The project's API keys, JWT secret and its rotation, as the settings API answers them. */
export function keyHandlers(state: KeysState): Handlers<SettingsClient> {
  return {
    getProjectSettings: (ref) => answer(ProjectSettingsSchema, { project: { ref, name: 'Shop' }, services: [apiService(state.keysReady)] }),
    getProjectConfig: (ref) => answer(ProjectConfigSchema, { project: { ref, jwt_secret: JWT_SECRET }, services: [apiService(true)], customDomain: null }),
    getJwtSecretUpdateStatus: () => jwtStatus(state.jwtStates.length > 1 ? state.jwtStates.shift() : state.jwtStates[0], 'c1'),
    getCustomHostname: () => answer(CustomHostnameSchema, state.customHostname),
    updateJwtSecret: () => {
      state.jwtStates = ['Updating'];
      return jwtStatus('Updating', 'c2');
    },
  };
}
