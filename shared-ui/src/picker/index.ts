export { Picker, preloadPickerList } from './Picker';
export type { PickerProps, PickerOption, PickerAction } from './Picker';
export { filterPickerItems } from './filter-items';
export type { PickerItem } from './filter-items';
