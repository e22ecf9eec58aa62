import { readPageTags } from './read-page-tags.js';

/** Built pages' robots tags by absolute file path, so each file is read once per build. */
export interface PageTagsCache {
  tagsOf(file: string): Record<string, string>;
}

export function createPageTagsCache(): PageTagsCache {
  const tags = new Map<string, Record<string, string>>();
  return {
    tagsOf(file) {
      let found = tags.get(file);
      if (found === undefined) {
        found = readPageTags(file);
        tags.set(file, found);
      }
      return found;
    },
  };
}
