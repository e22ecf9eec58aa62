// An Astro logger destination (config `logger.entrypoint`) that keeps every message in memory,
// so a test can assert on what a real build printed. Astro loads it in the test's process.
// A built server (`output: 'server'`) bundles it too and runs in a child process, where no test
// collects the log: there it prints each message on stderr, as Astro's console logger would,
// for the test to read from the server's output.
const LOGS = Symbol.for('@robots-kit/astro test logs');

export default function captureLogger() {
  const inTestProcess = globalThis[LOGS] !== undefined;
  globalThis[LOGS] ??= [];
  return {
    write(event) {
      if (!inTestProcess) process.stderr.write(`[${event.level}] ${event.message}\n`);
      globalThis[LOGS].push({ level: event.level, label: event.label, message: event.message });
    },
  };
}
