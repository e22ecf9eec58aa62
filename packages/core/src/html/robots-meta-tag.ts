/** One robots tag to write: `<meta name="{name}" content="{content}">`. */
export interface RobotsMetaTag {
  name: string;
  content: string;
}
