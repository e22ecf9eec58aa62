import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/fixtures/**', '**/stubs/**'],
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**/*.ts'],
      reporter: ['text-summary', 'text'],
    },
  },
});
