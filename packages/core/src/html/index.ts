export { injectRobots } from './inject-robots.js';
export { rehypeRobots, type RehypeRobotsOptions } from './rehype-robots.js';
export type {
  HtmlDiagnostic,
  HtmlDiagnosticCode,
  InjectRobotsOptions,
  InjectRobotsResult,
  ResolveRobotsTags,
} from './types.js';
