import type { RobotsData } from '../runtime/robots-data.js';

/**
 * The virtual module's source. The data is embedded as a JSON string literal and parsed at
 * load: no value from options or front matter is ever spliced into code as code.
 */
export function moduleCode(data: RobotsData): string {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});\n`;
}
