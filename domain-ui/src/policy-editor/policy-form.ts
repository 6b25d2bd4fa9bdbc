import { COMMANDS_WITH_CHECK, COMMANDS_WITH_USING, normalizeExpression, POLICY_NAME_MAX_LENGTH, POLICY_VALIDATION_MESSAGES, type Policy, type PolicyCommand, type PolicyCreate, type PolicyTemplate, type PolicyUpdate } from '@plinth/contracts-database';

// The policy editor's rules (000 §4.5, §5.1) as plain functions: what the form holds, what it
// shows, what it refuses and what it sends. The dialog only wires these to fields.

export interface PolicyFormValues {
  name: string;
  /** null until the user picks an operation (a policy started from scratch). */
  command: PolicyCommand | null;
  /** The USING expression. */
  definition: string;
  /** The WITH CHECK expression. */
  check: string;
  /** Target roles; none means all (public). */
  roles: string[];
}

export type PolicyFormField = 'name' | 'command' | 'definition' | 'check';
export interface PolicyFormError {
  field: PolicyFormField;
  message: string;
}

export const emptyPolicyForm = (): PolicyFormValues => ({ name: '', command: null, definition: '', check: '', roles: [] });

/** The public entry is never kept in the chosen list: no role chosen already means public. */
export const chosenRoles = (roles: readonly string[]): string[] => roles.filter((role) => role !== 'public');

export function formFromPolicy(policy: Policy): PolicyFormValues {
  return { name: policy.name, command: policy.command, definition: policy.definition ?? '', check: policy.check ?? '', roles: chosenRoles(policy.roles) };
}

export function formFromTemplate(template: PolicyTemplate): PolicyFormValues {
  return changeCommand({ name: limitPolicyName(template.name), command: template.command, definition: template.definition, check: template.check, roles: chosenRoles(template.roles) }, template.command);
}

/** Input beyond 63 characters is ignored. */
export const limitPolicyName = (name: string): string => [...name].slice(0, POLICY_NAME_MAX_LENGTH).join('');
export const policyNameCounter = (name: string): string => `${[...name].length}/${POLICY_NAME_MAX_LENGTH}`;

export const takesUsing = (command: PolicyCommand | null): boolean => command !== null && COMMANDS_WITH_USING.includes(command);
export const takesCheck = (command: PolicyCommand | null): boolean => command !== null && COMMANDS_WITH_CHECK.includes(command);

/** A new operation clears the expression it no longer takes. */
export function changeCommand(values: PolicyFormValues, command: PolicyCommand): PolicyFormValues {
  return { ...values, command, definition: takesUsing(command) ? values.definition : '', check: takesCheck(command) ? values.check : '' };
}

const filled = (expression: string) => normalizeExpression(expression) !== null;

/** Every rule of 000 §5.1 the form breaks, in the order the fields show. */
export function validatePolicyForm(values: PolicyFormValues): PolicyFormError[] {
  const errors: PolicyFormError[] = [];
  if (values.name.trim() === '') errors.push({ field: 'name', message: POLICY_VALIDATION_MESSAGES.nameRequired });
  const { command } = values;
  if (command === null) {
    errors.push({ field: 'command', message: POLICY_VALIDATION_MESSAGES.operationRequired });
    return errors;
  }
  const using = filled(values.definition);
  const check = filled(values.check);
  if ((command === 'SELECT' || command === 'DELETE') && !using) errors.push({ field: 'definition', message: POLICY_VALIDATION_MESSAGES.usingRequired });
  if (command === 'INSERT' && !check) errors.push({ field: 'check', message: POLICY_VALIDATION_MESSAGES.checkRequired });
  if ((command === 'UPDATE' || command === 'ALL') && !using && !check) {
    errors.push({ field: 'definition', message: POLICY_VALIDATION_MESSAGES.usingOrCheckRequired });
  }
  return errors;
}

/** The expressions as they are sent: only those the operation takes, trimmed and collapsed. */
function expressions(values: PolicyFormValues) {
  return {
    definition: takesUsing(values.command) ? normalizeExpression(values.definition) : null,
    check: takesCheck(values.command) ? normalizeExpression(values.check) : null,
  };
}

/** The create call's payload (action always PERMISSIVE on create). */
export function toCreatePayload(values: PolicyFormValues, schema: string, table: string): PolicyCreate {
  if (values.command === null) throw new Error(POLICY_VALIDATION_MESSAGES.operationRequired);
  return { name: values.name.trim(), schema, table, action: 'PERMISSIVE', command: values.command, ...expressions(values), roles: chosenRoles(values.roles) };
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().every((r, i) => r === [...b].sort()[i]);

/** The update call's payload: the changed fields only; an empty role list is sent as public. The operation never changes. */
export function toUpdatePayload(policy: Policy, values: PolicyFormValues): PolicyUpdate {
  const out: PolicyUpdate = {};
  const name = values.name.trim();
  if (name !== policy.name) out.name = name;
  const { definition, check } = expressions({ ...values, command: policy.command });
  if (definition !== normalizeExpression(policy.definition)) out.definition = definition;
  if (check !== normalizeExpression(policy.check)) out.check = check;
  const roles = chosenRoles(values.roles);
  if (!sameRoles(roles, chosenRoles(policy.roles))) out.roles = roles.length ? roles : ['public'];
  return out;
}

/** Whether the form differs from where it started (closing then asks to discard). */
export function hasUnsavedChanges(start: PolicyFormValues, now: PolicyFormValues): boolean {
  return start.name !== now.name || start.command !== now.command || start.definition !== now.definition || start.check !== now.check || !sameRoles(start.roles, now.roles);
}
