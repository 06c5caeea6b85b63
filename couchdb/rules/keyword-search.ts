/**
 * Keyword search as every list does it: the query's words (split at spaces, the full-width space
 * too), each found somewhere in the searched text, ignoring case. "龙街 精装" finds a listing in
 * 龙街 described as 精装, though the two words are not next to each other.
 */

/** The words of a search query, in lower case; none for a blank query. */
export function searchWords(query: string | undefined): string[] {
  return (query ?? '').toLowerCase().split(/\s+/u).filter(Boolean);
}

/** Whether `lowerText` (already in lower case) holds every word of `words`. */
export function hasEveryWord(lowerText: string, words: readonly string[]): boolean {
  return words.every((w) => lowerText.includes(w));
}

/** Whether any of `texts` together hold every word of `query` (all match a blank query). */
export function matchesKeyword(
  query: string | undefined,
  ...texts: (string | undefined)[]
): boolean {
  const words = searchWords(query);
  if (words.length === 0) return true;
  return hasEveryWord(texts.filter(Boolean).join('\n').toLowerCase(), words);
}
