import { readHtaccessHeaders } from '../headers/read-htaccess-headers.js';
import type { RobotsHeaderRule } from './header-rules.js';
import { isRobotsHeader } from './is-robots-header.js';

function compile(pattern: string | undefined): RegExp | undefined {
  if (pattern === undefined) return undefined;
  try {
    return new RegExp(pattern);
  } catch {
    return undefined;
  }
}

/**
 * The `X-Robots-Tag` lines of an `.htaccess`: top level for every request, `<FilesMatch>` against
 * the served file's name, `<If "%{REQUEST_URI} =~ m#…#">` against the URL path. A section whose
 * regular expression JavaScript cannot compile matches nothing.
 */
export function htaccessRules(text: string, file = '.htaccess'): RobotsHeaderRule[] {
  return readHtaccessHeaders(text).flatMap((section) => {
    const regex = compile(section.pattern);
    const matches = (urlPath: string, served: string): boolean => {
      if (section.kind === 'all') return true;
      if (!regex) return false;
      return regex.test(section.kind === 'file-name' ? served.slice(served.lastIndexOf('/') + 1) : urlPath);
    };
    return section.headers
      .filter((header) => isRobotsHeader(header.name))
      .map((header): RobotsHeaderRule => ({
        pattern: section.pattern ?? '*',
        value: header.value ?? '',
        action: header.action === 'unset' ? 'unset' : header.action === 'set' ? 'set' : 'add',
        location: { file },
        matches,
      }));
  });
}
