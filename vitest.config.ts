import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/fresh-build.ts', 'test/helpers/postgres-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // No session bus: no test, in process or spawned, reaches the developer's own keyring (the keyring
    // tests start a bus of their own: test/helpers/keyring.ts).
    env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/ccp-tests-have-no-session-bus' },
  },
});
