/**
 * `npx robots-kit logs` from core's command line (the bin every adapter ships): it runs this
 * package when it is installed, and says which package to install when it is not. Real
 * processes on the built packages (`tsc -b` runs before the tests).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOGS_USAGE } from '../src/cli.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const coreBin = path.join(root, 'packages/core/bin/robots-kit.js');
const logsBin = path.join(root, 'packages/logs/bin/robots-kit.js');

function robotsKit(bin: string, args: string[], cwd: string, nodeFlags: string[] = []) {
  const result = spawnSync(process.execPath, [...nodeFlags, bin, ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * A project whose node_modules holds every package of the repository's but `@robots-kit/logs`,
 * read with `--preserve-symlinks` so that core resolves its imports from there: a site that
 * installed an adapter and not the log analysis.
 */
function projectWithoutLogs(): string {
  const project = mkdtempSync(path.join(tmpdir(), 'robots-kit-no-logs-'));
  const modules = path.join(project, 'node_modules');
  mkdirSync(path.join(modules, '@robots-kit'), { recursive: true });
  for (const name of readdirSync(path.join(root, 'node_modules'))) {
    if (name === '@robots-kit' || name === '.bin') continue;
    symlinkSync(path.join(root, 'node_modules', name), path.join(modules, name));
  }
  symlinkSync(path.join(root, 'packages/core'), path.join(modules, '@robots-kit/core'));
  writeFileSync(path.join(project, 'package.json'), '{ "name": "site", "private": true }\n');
  return project;
}

describe('robots-kit logs from core', () => {
  it('runs @robots-kit/logs when it is installed', () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'robots-kit-logs-dispatch-'));
    expect(robotsKit(coreBin, ['logs', '--help'], cwd)).toEqual({ code: 0, stdout: LOGS_USAGE, stderr: '' });
  });

  it("this package's own bin runs both commands", () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'robots-kit-logs-bin-'));
    expect(robotsKit(logsBin, ['logs', '--help'], cwd).stdout).toBe(LOGS_USAGE);
    const check = robotsKit(logsBin, ['check', '--help'], cwd);
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('Usage: robots-kit check <dir>');
  });

  it('says which package to install when @robots-kit/logs is not installed (exit 2)', () => {
    const project = projectWithoutLogs();
    const bin = path.join(project, 'node_modules/@robots-kit/core/bin/robots-kit.js');
    const flags = ['--preserve-symlinks', '--preserve-symlinks-main'];
    const result = robotsKit(bin, ['logs', 'access.log'], project, flags);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('@robots-kit/logs, and it is not installed here');
    expect(result.stderr).toContain('npm install --save-dev @robots-kit/logs');
    // The rest of the command line is unaffected.
    expect(robotsKit(bin, ['check', '--help'], project, flags).code).toBe(0);
  });
});
