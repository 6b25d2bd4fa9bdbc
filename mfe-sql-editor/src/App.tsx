import type { AreaMountProps } from '@plinth/shared-contracts';

/** Root of the sql-editor area; its routes live under props.basePath. */
export default function App(props: AreaMountProps) {
  return <div data-area="sql-editor">{props.area}</div>;
}
