export type {
  ParsedRobotsGroup,
  ParsedRobotsOtherLine,
  ParsedRobotsRule,
  ParsedRobotsSitemap,
  ParsedRobotsTxt,
  ParsedRobotsUserAgent,
  ParseRobotsTxtOptions,
  RobotsDecidingRule,
  RobotsGroupTrap,
  RobotsKeyType,
  RobotsMatchExplanation,
  RobotsOtherKey,
  RobotsTxtDiagnostic,
  RobotsTxtDiagnosticCode,
} from './types.js';
export { parseRobotsTxt } from './parse-robots-txt.js';
export { isAllowed } from './is-allowed.js';
export { explainMatch } from './explain-match.js';
export { getPathParamsQuery } from './get-path-params-query.js';
export { extractProductToken, isValidProductToken } from './product-token.js';
export { MAX_LINE_BYTES, MAX_ROBOTS_TXT_BYTES } from './limits.js';
export { findGroupTraps } from './find-group-traps.js';
export { AI_BOTS, AI_BOTS_REVIEWED, type AiBot, type AiBotPurpose } from './ai-bots.js';
export type {
  ContentSignalOptions,
  ContentSignalValue,
  RobotsTxtContext,
  RobotsTxtGroupOptions,
  RobotsTxtOptions,
} from './options-types.js';
export { generateRobotsTxt } from './generate-robots-txt.js';
export { generateRobotsTxtReport, type RobotsTxtReport } from './generate-robots-txt-report.js';
export { validateRobotsTxtOptions } from './validate-robots-txt-options.js';
export { robotsTxtOptionsSchema, robotsTxtGroupSchema } from './robots-txt-options-schema.js';
export { NON_INDEXABLE_ROBOTS_TXT } from './non-indexable-robots-txt.js';
