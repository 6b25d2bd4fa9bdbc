export { SidePanel } from './SidePanel';
export type { SidePanelProps, SidePanelSize } from './SidePanel';
