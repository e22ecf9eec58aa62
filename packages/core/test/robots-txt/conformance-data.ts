import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

export interface MatchingCase {
  name: string;
  robotstxt?: string;
  robotstxtHex?: string;
  useragent: string;
  url: string;
  allowed: boolean;
}

export interface UserAgentValidityCase {
  name: string;
  useragent: string;
  valid: boolean;
}

interface ConformanceFile {
  matching: MatchingCase[];
  rfc9309: MatchingCase[];
  userAgentValidity: UserAgentValidityCase[];
}

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Third-party conformance data, read in place (never copied into the repo). */
export const conformance = JSON.parse(
  readFileSync(resolve(repoRoot, '../shared/conformance/robotstxt-cases.json'), 'utf8'),
) as ConformanceFile;

/** The exact bytes of a case's robots.txt. */
export function caseBody(testCase: MatchingCase): string | Uint8Array {
  if (testCase.robotstxtHex !== undefined) return Uint8Array.from(Buffer.from(testCase.robotstxtHex, 'hex'));
  return testCase.robotstxt ?? '';
}
