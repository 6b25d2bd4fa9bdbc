import type { AreaMountProps } from '@plinth/shared-contracts';

/** Root of the storage area; its routes live under props.basePath. */
export default function App(props: AreaMountProps) {
  return <div data-area="storage">{props.area}</div>;
}
