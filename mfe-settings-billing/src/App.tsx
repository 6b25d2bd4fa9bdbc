import type { AreaMountProps } from '@plinth/shared-contracts';

/** Root of the settings-billing area; its routes live under props.basePath. */
export default function App(props: AreaMountProps) {
  return <div data-area="settings-billing">{props.area}</div>;
}
