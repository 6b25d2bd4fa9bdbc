export { RolePicker, targetableRoles } from './RolePicker';
export type { RoleChoice, RolePickerProps } from './RolePicker';
