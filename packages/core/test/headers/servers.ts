import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

function runs(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return result.error === undefined;
}

export const hasNginx = runs('nginx', ['-v']);
export const apacheBinary = ['apache2', 'httpd'].find((name) => runs(name, ['-v']));
export const APACHE_MODULES = ['/usr/lib/apache2/modules', '/usr/lib64/httpd/modules', '/usr/lib/httpd/modules'].find(
  (dir) => {
    try {
      readFileSync(join(dir, 'mod_headers.so'));
      return true;
    } catch {
      return false;
    }
  },
);

/** A temp dir every user can read: the servers' workers run as `nobody` when started as root. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

export function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true, mode: 0o755 });
    writeFileSync(full, content, { mode: 0o644 });
  }
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** What the `server` block holds besides `listen` and the snippet's include: by default a plain static site. */
export interface NginxOptions {
  /** The server block's own lines (root, index, locations), given the test folder. */
  server?: (dir: string) => string;
  /** Include the snippet in the server block. Default: true. */
  include?: boolean;
}
const PLAIN_SERVER = (dir: string) => `root ${dir}/site;\n    index index.html;`;
function nginxConfig(dir: string, port: number, options: NginxOptions = {}): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 32; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp-body;
  proxy_temp_path ${dir}/tmp-proxy;
  fastcgi_temp_path ${dir}/tmp-fastcgi;
  uwsgi_temp_path ${dir}/tmp-uwsgi;
  scgi_temp_path ${dir}/tmp-scgi;
  server {
    listen 127.0.0.1:${port};
    ${(options.server ?? PLAIN_SERVER)(dir)}
    ${options.include === false ? '' : `include ${dir}/robots-headers.nginx.conf;`}
  }
}
`;
}

/** How Apache is set up around the `.htaccess`. */
export interface ApacheOptions {
  /** `Options +MultiViews` (mod_negotiation serves `/about` from `about.html`). Default: false. */
  multiViews?: boolean;
  /** The `AllowOverride` of the site's folder. Default: `All`. */
  allowOverride?: string;
  /** Load mod_headers. Default: true. */
  headers?: boolean;
}
function apacheConfig(dir: string, port: number, includeRules: boolean, options: ApacheOptions = {}): string {
  const modules = ['mpm_event', 'authz_core', 'dir', 'mime', ...(options.multiViews ? ['negotiation'] : [])];
  if (options.headers !== false) modules.push('headers');
  return `${modules.map((name) => `LoadModule ${name}_module ${APACHE_MODULES}/mod_${name}.so`).join('\n')}
TypesConfig /etc/mime.types
ServerRoot ${dir}
ServerName 127.0.0.1
Listen 127.0.0.1:${port}
PidFile ${dir}/httpd.pid
ErrorLog ${dir}/error.log
DefaultRuntimeDir ${dir}
Mutex file:${dir} default
User nobody
Group nogroup
DocumentRoot ${dir}/site
DirectoryIndex index.html
<Directory ${dir}/site>
  AllowOverride ${options.allowOverride ?? 'All'}
${options.multiViews ? '  Options +MultiViews\n' : ''}
  Require all granted
${includeRules ? `  Include ${dir}/rules.conf\n` : ''}</Directory>
`;
}

export interface ServerSetup {
  dir: string;
  /** Writes the generated file(s) and the config; returns the config path. `check`: the config `-t` reads the rules in. */
  configure: (port: number, check: boolean) => string;
  command: string;
  checkArgs: (config: string) => string[];
  runArgs: (config: string) => string[];
}

/**
 * nginx with the generated snippet included in its only server block. With `servedAt`
 * (`/blog/`), the site is deployed below it, in that folder of the document root.
 */
export function nginxSetup(
  snippet: string,
  site: Record<string, string>,
  servedAt = '/',
  options: NginxOptions = {},
): ServerSetup {
  const dir = tempDir('robots-kit-nginx-');
  writeTree(join(dir, 'site', servedAt), site);
  return {
    dir,
    configure: (port) => {
      writeFileSync(join(dir, 'robots-headers.nginx.conf'), snippet);
      writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, port, options));
      return join(dir, 'nginx.conf');
    },
    command: 'nginx',
    checkArgs: (config) => ['-t', '-p', dir, '-c', config, '-e', join(dir, 'error.log')],
    runArgs: (config) => [
      '-p',
      dir,
      '-c',
      config,
      '-e',
      join(dir, 'error.log'),
      '-g',
      'daemon off; master_process off;',
    ],
  };
}

/** Apache with the generated `.htaccess` in the site's folder (AllowOverride All): the document root, or its `servedAt` folder. */
export function apacheSetup(
  htaccess: string,
  site: Record<string, string>,
  servedAt = '/',
  options: ApacheOptions = {},
): ServerSetup {
  const dir = tempDir('robots-kit-apache-');
  writeTree(join(dir, 'site', servedAt), { ...site, '.htaccess': htaccess });
  // `apache2 -t` does not read .htaccess files: the check includes the same rules in <Directory>.
  writeFileSync(join(dir, 'rules.conf'), htaccess);
  return {
    dir,
    configure: (port, check) => {
      writeFileSync(join(dir, 'httpd.conf'), apacheConfig(dir, port, check, options));
      return join(dir, 'httpd.conf');
    },
    command: apacheBinary ?? 'apache2',
    checkArgs: (config) => ['-t', '-f', config],
    runArgs: (config) => ['-X', '-f', config],
  };
}

/** Runs the server's own config test (`nginx -t`, `apache2 -t`). */
export function checkConfig(setup: ServerSetup): { ok: boolean; output: string } {
  const config = setup.configure(1, true);
  const result = spawnSync(setup.command, setup.checkArgs(config), { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** A server started on a free loopback port; `stop` ends it. */
export interface RunningServer {
  origin: string;
  stop: () => Promise<void>;
}
/** Starts the server on a free loopback port and waits until it answers. */
export async function startServer(setup: ServerSetup): Promise<RunningServer> {
  const port = await freePort();
  const config = setup.configure(port, false);
  const child = spawn(setup.command, setup.runArgs(config), { stdio: 'ignore' });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual' });
      return { origin: `http://127.0.0.1:${port}`, stop };
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`${setup.command} did not start: ${readFileSync(join(setup.dir, 'error.log'), 'utf8')}`, {
          cause: error,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Starts the server on a free loopback port, fetches each path, and returns its status, body,
 * X-Robots-Tag (lines joined by `, `) and Content-Usage.
 */
export async function serveAndFetch(
  setup: ServerSetup,
  paths: readonly string[],
): Promise<Map<string, { status: number; robots: string | null; contentUsage: string | null; body: string }>> {
  const server = await startServer(setup);
  const results = new Map<
    string,
    { status: number; robots: string | null; contentUsage: string | null; body: string }
  >();
  try {
    for (const path of paths) {
      const response = await fetch(`${server.origin}${path}`, { redirect: 'manual' });
      const body = await response.text();
      results.set(path, {
        status: response.status,
        robots: response.headers.get('x-robots-tag'),
        contentUsage: response.headers.get('content-usage'),
        body,
      });
    }
  } finally {
    await server.stop();
  }
  return results;
}
