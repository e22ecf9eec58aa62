import { isRobotsMetaName } from '@robots-kit/core/internal/adapter';
import { Parser } from 'htmlparser2';

/** The page with every robots `<meta>` element cut out at the tokenizer's offsets, every other byte kept. */
export function withoutRobotsTags(html: string): string {
  const cuts: Array<[number, number]> = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'meta' && attributes.name !== undefined && isRobotsMetaName(attributes.name)) {
          cuts.push([parser.startIndex, parser.endIndex + 1]);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return cuts.reduceRight((text, [start, end]) => text.slice(0, start) + text.slice(end), html);
}
