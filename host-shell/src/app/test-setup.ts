import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';

// React Query hands results to components on a zero-delay timer; in tests it uses a microtask instead,
// so a fake clock only moves polling intervals and never holds back an answer.
notifyManager.setScheduler((callback) => queueMicrotask(callback));

// Each test starts from an empty page and empty browser storage.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
