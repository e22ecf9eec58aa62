// An Astro logger destination (config `logger.entrypoint`) that keeps every message in memory,
// so a test can assert on what a real build printed. Astro loads it in the test's process.
const LOGS = Symbol.for('@robots-kit/astro test logs');

export default function captureLogger() {
  globalThis[LOGS] ??= [];
  return {
    write(event) {
      globalThis[LOGS].push({ level: event.level, label: event.label, message: event.message });
    },
  };
}
