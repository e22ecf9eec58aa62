// What the out-of-suite checks (`npm run pack-check`, `npm run astro-majors`) share: a line per
// check with the failure's output, the commands they run with this Node first on PATH, `npm pack`
// of a workspace package, and the closing `<name>: N passed, N failed` line with its exit code.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Checks that print as they go; `finish()` prints the totals and sets the exit code. */
export function checkedSteps(name) {
  const results = [];
  return {
    /** Records one check; a failed one prints the last 25 lines of `detail` (where a tool says what went wrong). */
    check(title, ok, detail = '') {
      results.push(ok);
      process.stdout.write(
        `${ok ? '✔' : '✘'} ${title}${ok || !detail ? '' : `\n    ${detail.split('\n').slice(-25).join('\n    ')}`}\n`,
      );
    },
    finish() {
      const failed = results.filter((ok) => !ok).length;
      process.stdout.write(`${name}: ${results.length - failed} passed, ${failed} failed\n`);
      process.exitCode = failed > 0 ? 1 : 0;
    },
  };
}

/** Runs a command; the Node running this script comes first on PATH, so `npm`, Astro's bin and `#!/usr/bin/env node` tools use it. */
export function run(command, args, cwd, env = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
      ASTRO_TELEMETRY_DISABLED: '1',
      NO_COLOR: '1',
      ...env,
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout ?? '', output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** `npm pack` of the package in `dir` into `destination`: npm's JSON for it and the tarball's path, or the failure's output. */
export function pack(dir, destination) {
  const packed = run('npm', ['pack', '--json', '--pack-destination', destination], dir);
  if (packed.status !== 0) return { ok: false, output: packed.output };
  const [info] = JSON.parse(packed.stdout);
  return { ok: true, info, tarball: path.join(destination, info.filename) };
}
