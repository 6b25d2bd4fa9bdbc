export { PageHeader } from './PageHeader';
export type { PageHeaderProps } from './PageHeader';
export { SideMenu } from './SideMenu';
export type { SideMenuProps, SideMenuGroup, SideMenuItem } from './SideMenu';
export { Spinner, LoadingState, Skeleton, EmptyState, ErrorPanel } from './states';
export type { SkeletonProps, EmptyStateProps, ErrorPanelProps } from './states';
export { InlineNotice, Badge } from './Notice';
export type { InlineNoticeProps, BadgeProps, NoticeKind } from './Notice';
