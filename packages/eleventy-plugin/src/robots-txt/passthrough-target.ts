import path from 'node:path';
import type { EleventyDirectories, EleventyPassthroughEntry } from '../eleventy-types.js';

/**
 * Where Eleventy copies a passthrough file or folder, as an absolute path, following
 * src/TemplatePassthrough.js `getOutputPath`: with no explicit target, the input path
 * relative to the input folder (unchanged when outside it); with one, the target inside
 * the output folder, and for a file whose target is a folder (`/`, `''`, `dir/`), the
 * file's name inside that folder.
 */
export function passthroughTarget(inputPath: string, entry: EleventyPassthroughEntry, directories: EleventyDirectories, isFolder: boolean): string {
  const output = path.resolve(directories.output);
  if (entry.outputPath === true) {
    const relative = path.relative(path.resolve(directories.input), path.resolve(inputPath));
    const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
    return path.resolve(output, inside || relative === '' ? relative : inputPath);
  }
  const target = path.resolve(output, entry.outputPath.replace(/^\/+/, ''));
  const namesFolder = target === output || /[\\/]$/.test(entry.outputPath);
  return !isFolder && namesFolder ? path.join(target, path.basename(inputPath)) : target;
}
