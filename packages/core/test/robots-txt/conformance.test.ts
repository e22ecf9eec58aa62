import { describe, expect, it } from 'vitest';
import { isAllowed, parseRobotsTxt } from '../../src/index.js';
import { isValidProductToken } from '../../src/adapter.js';
import { caseBody, conformance } from './conformance-data.js';

describe('google/robotstxt conformance: matching', () => {
  it('has cases to run', () => {
    expect(conformance.matching.length).toBeGreaterThan(50);
  });
  it.each(conformance.matching.map((c) => [c.name, c] as const))('%s', (_name, testCase) => {
    expect(isAllowed(caseBody(testCase), testCase.useragent, testCase.url)).toBe(testCase.allowed);
  });
});

describe('RFC 9309 conformance (Google reading)', () => {
  it('has cases to run', () => {
    expect(conformance.rfc9309.length).toBeGreaterThan(30);
  });
  it.each(conformance.rfc9309.map((c) => [c.name, c] as const))('%s', (_name, testCase) => {
    expect(isAllowed(caseBody(testCase), testCase.useragent, testCase.url)).toBe(testCase.allowed);
  });
  it.each(conformance.rfc9309.map((c) => [c.name, c] as const))('%s (pre-parsed)', (_name, testCase) => {
    const parsed = parseRobotsTxt(caseBody(testCase));
    expect(isAllowed(parsed, testCase.useragent, testCase.url)).toBe(testCase.allowed);
  });
});

describe('user-agent product-token validity', () => {
  it.each(conformance.userAgentValidity.map((c) => [c.name, c] as const))('%s', (_name, testCase) => {
    expect(isValidProductToken(testCase.useragent)).toBe(testCase.valid);
  });
});
