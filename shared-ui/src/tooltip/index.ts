export { Tooltip } from './Tooltip';
export type { TooltipProps } from './Tooltip';
export { DisabledReason, PermissionTooltip } from './DisabledReason';
export type { DisabledReasonProps, PermissionTooltipProps } from './DisabledReason';
