import { useState } from 'react';
import { contentsBox, lazyPart, useKeepFocusOnSwap } from '@plinth/shared-ui/on-intent';
import { AccountButton } from './account-button';

const popup = lazyPart(() => import('./account-menu-popup').then((m) => m.AccountMenuPopup));
const preload = () => void popup.preload();

/**
 * Account menu at the bottom of the rail. The button is drawn at once; the menu's code is asked
 * for on pointer-over or focus, and a click or key that opens it before the code is here opens it
 * as soon as it arrives.
 */
export function AccountMenu({ email }: { email: string }) {
  const Popup = popup.useLoaded();
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const box = useKeepFocusOnSwap<HTMLSpanElement>(!!Popup);
  const open = () => {
    setOpenOnArrival(true);
    preload();
  };
  return (
    <span ref={box} css={contentsBox}>
      {Popup ? (
        <Popup email={email} defaultOpen={openOnArrival} />
      ) : (
        <AccountButton
          email={email}
          aria-haspopup="menu"
          aria-expanded={false}
          onPointerEnter={preload}
          onFocus={preload}
          onPointerDown={(event) => {
            if (event.button === 0 && !event.ctrlKey) open();
          }}
          onClick={open}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              open();
            }
          }}
        />
      )}
    </span>
  );
}
