export { VirtualList } from './VirtualList';
export type { VirtualListProps, VirtualListHandle } from './VirtualList';
