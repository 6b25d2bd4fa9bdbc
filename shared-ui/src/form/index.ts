export { Field, useFieldControl } from './Field';
export type { FieldProps, FieldControlProps } from './Field';
export { TextInput, TextArea, Select } from './inputs';
export type { TextInputProps, TextAreaProps, SelectProps, SelectOption } from './inputs';
export { Checkbox, Switch } from './toggles';
export type { CheckboxProps, SwitchProps } from './toggles';
export { textControlStyle } from './controlStyles';
