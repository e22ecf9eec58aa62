import { NO_HEADER_RULES, type HeaderRules } from './header-rules.js';

/** The `_headers`, `vercel.json` and `.htaccess` rules of the folder. */
export async function readHeaderRules(_root: string): Promise<HeaderRules> {
  return NO_HEADER_RULES;
}
