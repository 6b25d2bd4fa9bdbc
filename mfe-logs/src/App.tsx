import type { AreaMountProps } from '@plinth/shared-contracts';

/** Root of the logs area; its routes live under props.basePath. */
export default function App(props: AreaMountProps) {
  return <div data-area="logs">{props.area}</div>;
}
