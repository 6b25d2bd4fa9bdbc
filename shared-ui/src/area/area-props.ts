import { createContext, useContext } from 'react';
import type { AreaMountProps } from '@plinth/shared-contracts';

/** The props the host mounted the area with, for any component inside the area. */
export const AreaPropsContext = createContext<AreaMountProps | null>(null);

export function useAreaProps(): AreaMountProps {
  const props = useContext(AreaPropsContext);
  if (!props) throw new Error('useAreaProps() must be used inside an area mounted by createAreaLifecycles.');
  return props;
}
