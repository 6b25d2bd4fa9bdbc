import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The host and the area each keep a router over the same browser history. When the area moves,
 * this tells the host's router to read the address again (a popstate for the same entry), so the
 * shell's header and nav rail follow. The first render stays quiet.
 */
export function HistorySync() {
  const location = useLocation();
  const seen = useRef(location.key);
  useEffect(() => {
    if (seen.current === location.key) return;
    seen.current = location.key;
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, [location.key]);
  return null;
}
