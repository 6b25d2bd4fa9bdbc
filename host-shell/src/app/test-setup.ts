import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';

// React Query hands results to components on a zero-delay timer; in tests it uses a microtask instead,
// so a fake clock only moves polling intervals and never holds back an answer.
notifyManager.setScheduler((callback) => queueMicrotask(callback));

// Code-split pages load on first use; give them time on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// Each test starts from an empty page and empty browser storage.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
