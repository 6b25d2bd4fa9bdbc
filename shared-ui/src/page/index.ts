export { Section, Card } from './Section';
export type { SectionProps, CardProps } from './Section';
export { Tabs } from './Tabs';
export type { TabsProps, TabItem } from './Tabs';
export { KeyValueList } from './KeyValueList';
export type { KeyValueListProps, KeyValueItem } from './KeyValueList';
export { Kbd, ShortcutHint, usesCommandKey } from './Kbd';
export type { ShortcutHintProps } from './Kbd';
// Lives in ./layout (small, loaded by every page) so the header's switcher does not load this entry.
export { StatusBadge } from '@plinth/shared-ui/layout';
export type { StatusBadgeProps, StatusTone } from '@plinth/shared-ui/layout';
export { InlineError } from './InlineError';
export type { InlineErrorProps } from './InlineError';
export { LoadingSkeleton } from './LoadingSkeleton';
export type { LoadingSkeletonProps } from './LoadingSkeleton';
