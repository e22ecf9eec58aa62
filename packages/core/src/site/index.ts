export { readRobotsTags } from './read-robots-tags.js';
export { isNoindexPage } from './is-noindex-page.js';
export { findHiddenNoindex, type HiddenNoindex } from './find-hidden-noindex.js';
export { capLines } from './cap-lines.js';
export { siteWarnings } from './site-warnings.js';
export { writeFileAtomic } from './write-file-atomic.js';
export { outputFileForUrl } from './output-file-for-url.js';
export { listOutputFiles } from './list-output-files.js';
export { tagsRecord } from './tags-record.js';
