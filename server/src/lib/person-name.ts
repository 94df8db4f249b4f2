/** Names match when they differ only in case and spacing: 'Chan  Ka Yan' is 'chan ka yan'. */
export const samePersonName = (a: string, b: string): boolean => normalize(a) === normalize(b);

const normalize = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A name as the applications list's search compares it: compatibility forms folded (a full-width
 * 'Ａ' is an 'a'), lower case, spaces as one. Computed here, not by the database's lower(), which
 * on SQLite folds ASCII letters only.
 */
export const nameSearchKey = (name: string): string => normalize(name.normalize('NFKC'));

/**
 * The longest piece of a name the search index holds. Chinese names are two to four characters
 * and a search is often two of them (a surname and a given name), which no trigram index answers.
 */
export const NAME_PIECE_LENGTH = 3;

/**
 * Every piece of a search key one to three characters long (by code point), each once: a search of
 * up to three characters is one of them; a longer one contains its first three.
 */
export function namePieces(key: string): string[] {
  const chars = [...key];
  const pieces = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    for (let n = 1; n <= NAME_PIECE_LENGTH && i + n <= chars.length; n++) pieces.add(chars.slice(i, i + n).join(''));
  }
  return [...pieces];
}
