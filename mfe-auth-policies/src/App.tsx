import type { AreaMountProps } from '@plinth/shared-contracts';

/** Root of the auth-policies area; its routes live under props.basePath. */
export default function App(props: AreaMountProps) {
  return <div data-area="auth-policies">{props.area}</div>;
}
