import { isSystemRole } from '@plinth/contracts-database';
import { Checkbox } from '@plinth/shared-ui/form';
import { tokens } from '@plinth/shared-ui/theme';

export interface RoleChoice {
  name: string;
  is_system?: boolean;
}

/** The roles a policy may target: system roles are never offered (000 §3 Role), nor public (none chosen means public). */
export function targetableRoles(roles: readonly RoleChoice[]): string[] {
  return [...new Set(roles.filter((r) => !r.is_system && !isSystemRole(r.name) && r.name !== 'public').map((r) => r.name))].sort((a, b) => a.localeCompare(b));
}

export interface RolePickerProps {
  roles: readonly RoleChoice[];
  value: readonly string[];
  onChange: (roles: string[]) => void;
  disabled?: boolean;
  legend?: string;
}

/** Target roles of a policy: a checkbox per role, none checked meaning all roles (public). */
export function RolePicker({ roles, value, onChange, disabled, legend = 'Target roles' }: RolePickerProps) {
  const names = targetableRoles(roles);
  const chosen = new Set(value);
  return (
    <fieldset css={{ border: 'none', margin: 0, padding: 0, minWidth: 0 }} disabled={disabled}>
      <legend css={{ fontSize: tokens.fontSize.sm, fontWeight: tokens.fontWeight.medium, marginBottom: tokens.space.xs, padding: 0 }}>{legend}</legend>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: `${tokens.space.xs} ${tokens.space.lg}` }}>
        {names.map((name) => (
          <Checkbox
            key={name}
            label={name}
            checked={chosen.has(name)}
            onChange={(event) => onChange(event.target.checked ? [...value, name] : value.filter((r) => r !== name))}
          />
        ))}
      </div>
      <p css={{ margin: `${tokens.space.xs} 0 0`, fontSize: tokens.fontSize.xs, color: tokens.color.textMuted }}>
        {chosen.size ? `Applies to ${[...chosen].join(', ')}.` : 'No role chosen: the policy applies to all roles (public).'}
      </p>
    </fieldset>
  );
}
