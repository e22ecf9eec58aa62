import { existsSync, readFileSync } from 'node:fs';
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
const file = resolve(repoRoot, '../shared/conformance/robotstxt-cases.json');

/** True when the third-party conformance data is there (`../shared/conformance`, next to the repository). */
export const hasConformance = existsSync(file);
if (!hasConformance) {
  console.warn(`robots.txt conformance: ${file} is absent, so the conformance cases are skipped; every other test still runs.`);
}

/** Third-party conformance data, read in place (never copied into the repo); empty lists when absent. */
export const conformance: ConformanceFile = hasConformance
  ? (JSON.parse(readFileSync(file, 'utf8')) as ConformanceFile)
  : { matching: [], rfc9309: [], userAgentValidity: [] };

/** The exact bytes of a case's robots.txt. */
export function caseBody(testCase: MatchingCase): string | Uint8Array {
  if (testCase.robotstxtHex !== undefined) return Uint8Array.from(Buffer.from(testCase.robotstxtHex, 'hex'));
  return testCase.robotstxt ?? '';
}
