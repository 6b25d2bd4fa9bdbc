import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Each test starts from an empty page and empty browser storage.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
