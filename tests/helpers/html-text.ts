/** The text a reader sees in rendered `html` (emotion's inline styles, React's comments and tags left out). */
export const textOf = (html: string): string =>
  html
    .replace(/<style[^>]*>.*?<\/style>/gs, '')
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
