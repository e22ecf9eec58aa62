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
