import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { genericPermissionNotice, PERMISSIONS, PERMISSION_MESSAGES } from '@plinth/shared-contracts';
import { API_KEY_TAGS, SETTINGS_MESSAGES, type ServiceApiKey } from '@plinth/contracts-settings';
import { useArea } from '@plinth/area-kit';
import { SecretField } from '../../area/SecretField';
import { apiKeyService, useJwtSecretUpdateStatus, useProjectConfig, useProjectSettings } from './use-api-settings';
import { keys } from '../../area/query-keys';

const sectionStyle = { marginBottom: tokens.space.xxl, maxWidth: 760 } as const;

const tagsOf = (key: ServiceApiKey) => key.tags.split(',').map((t) => t.trim()).filter(Boolean);

function JwtStatusNote({ state }: { state: string | undefined }) {
  if (state === 'Updating') return <p role="status">{SETTINGS_MESSAGES.jwtUpdating}</p>;
  if (state === 'Failed') return <p role="alert" css={{ color: tokens.color.dangerText }}>{SETTINGS_MESSAGES.jwtFailed}</p>;
  return null;
}

/** 'Project API keys' (001 §2, §6): anon public; a 'secret' key revealed only with permission and once the JWT update is done. */
function ApiKeys({ jwtState }: { jwtState: string | undefined }) {
  const { can } = useArea();
  const settings = useProjectSettings();
  const mayRead = can(PERMISSIONS.SERVICE_API_KEYS_READ);
  const service = apiKeyService(settings.data);
  return (
    <section aria-labelledby="api-keys-heading" css={sectionStyle}>
      <h2 id="api-keys-heading">{SETTINGS_MESSAGES.apiKeysHeading}</h2>
      <JwtStatusNote state={jwtState} />
      {settings.isPending ? <p role="status">Loading API keys…</p> : null}
      {settings.isError ? <p role="alert">{SETTINGS_MESSAGES.retrieveApiKeysFailed}</p> : null}
      {settings.isSuccess && !service ? <p role="status">The API keys are being created…</p> : null}
      {service?.service_api_keys.map((key) => {
        const tags = tagsOf(key);
        const secret = tags.includes(API_KEY_TAGS.secret);
        const lockedReason = !mayRead ? PERMISSION_MESSAGES.viewApiKeys : jwtState === 'Updating' ? SETTINGS_MESSAGES.jwtUpdating : null;
        return <SecretField key={key.name} label={key.name} value={key.api_key} tags={tags} secret={secret} lockedReason={secret ? lockedReason : null} />;
      })}
    </section>
  );
}

/** 'Project Configuration' (001 §2): the URL and the JWT Secret. */
function ProjectConfiguration({ jwtState }: { jwtState: string | undefined }) {
  const { api, projectRef, can, props } = useArea();
  const queryClient = useQueryClient();
  const config = useProjectConfig();
  const mayRead = can(PERMISSIONS.SERVICE_API_KEYS_READ);
  const mayRotate = can(PERMISSIONS.PROJECTS_WRITE);
  const rotate = useMutation({
    mutationFn: () => api.settings.updateJwtSecret(projectRef),
    onSuccess: (status) => queryClient.setQueryData(keys.jwtSecretUpdateStatus(projectRef), status),
    onError: () => props.notify({ kind: 'error', message: SETTINGS_MESSAGES.updateJwtFailed }),
  });
  const apiService = config.data?.services.find((s) => s.service_api_keys.length > 0) ?? config.data?.services[0];
  // An active custom domain replaces the project's own host in the URL given to copy (001 §4).
  const customDomain = config.data?.customDomain?.status === '5_services_reconfigured' ? config.data.customDomain.hostname : null;
  const url = customDomain ? `https://${customDomain}` : apiService ? `${apiService.app_config.protocol}://${apiService.app_config.endpoint}` : '';
  return (
    <section aria-labelledby="project-config-heading" css={sectionStyle}>
      <h2 id="project-config-heading">{SETTINGS_MESSAGES.configurationHeading}</h2>
      {config.isPending ? <p role="status">Loading configuration…</p> : null}
      {config.isError ? <p role="alert">{SETTINGS_MESSAGES.retrieveConfigFailed}</p> : null}
      {config.data ? (
        <>
          <SecretField label="URL" value={url} />
          <SecretField
            label="JWT Secret"
            value={config.data.project.jwt_secret}
            secret
            lockedReason={!mayRead ? PERMISSION_MESSAGES.viewApiKeys : jwtState === 'Updating' ? SETTINGS_MESSAGES.jwtUpdating : null}
          />
          <PermissionTooltip allowed={mayRotate} message={genericPermissionNotice('generate a new JWT secret')}>
            <Button onClick={() => rotate.mutate()} loading={rotate.isPending || jwtState === 'Updating'}>
              Generate a new JWT secret
            </Button>
          </PermissionTooltip>
        </>
      ) : null}
    </section>
  );
}

/** settings/api: project API keys and configuration, following the JWT secret update status. */
export function ApiSettingsPanel() {
  const { state } = useJwtSecretUpdateStatus();
  return (
    <>
      <ApiKeys jwtState={state} />
      <ProjectConfiguration jwtState={state} />
    </>
  );
}
