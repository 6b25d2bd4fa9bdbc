import { defineConfig } from 'vitest/config';

// Pure schemas and rules: node is enough (no DOM).
export default defineConfig({ test: { environment: 'node', include: ['src/**/*.test.ts'] } });
