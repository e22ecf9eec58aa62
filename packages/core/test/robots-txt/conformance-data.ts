import { readFileSync } from 'node:fs';
import { ROBOTSTXT_CASES_FILE } from '../helpers/vendored-data.js';

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

/** Third-party conformance data, vendored with its origin and licence (`test/fixtures/vendor/robotstxt-conformance`). */
export const conformance: ConformanceFile = JSON.parse(readFileSync(ROBOTSTXT_CASES_FILE, 'utf8')) as ConformanceFile;

/** A case's robots.txt body: its text, or its exact bytes (`robotstxtHex`) where they are not valid UTF-8. */
export function caseBody(testCase: MatchingCase): string | Uint8Array {
  if (testCase.robotstxtHex !== undefined) return Uint8Array.from(Buffer.from(testCase.robotstxtHex, 'hex'));
  return testCase.robotstxt ?? '';
}
