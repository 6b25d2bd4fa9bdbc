import type { MouseEvent, ReactNode } from 'react';
import { buttonCss } from '@plinth/shared-ui/button';
import { useArea } from '@plinth/area-kit';

/**
 * A link to a page of the console drawn as a button: a plain link (a new tab or window works), opened
 * in place by the host on a plain click.
 */
export function ConsoleLink({ to, size, children }: { to: string; size?: 'small'; children: ReactNode }) {
  const { props } = useArea();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    props.navigate(to);
  };
  return (
    <a href={to} onClick={open} css={buttonCss('default', size)}>
      {children}
    </a>
  );
}
