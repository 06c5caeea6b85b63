/**
 * Every section the code cites resolves to a heading in docs/: a citation is a document's name
 * (a file of docs/, e.g. "architecture", "product") followed by "§N", and a list may go on with
 * ", §M", "–§M" or "/§M". A "§" that names no document of docs/ fails too, with its file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS_DIR = path.join(ROOT, 'docs');
/** Where code lives: these folders, and the configuration files at the top level. */
const CODE_DIRS = ['client', 'sync-server', 'couchdb', 'scripts', 'bench', 'tests'];
const CODE_FILE = /\.(ts|tsx|js|mjs|cjs|css|html)$/;
const SELF = path.relative(ROOT, fileURLToPath(import.meta.url));

/** The numbered sections of each document of docs/: "## 9a. Title" gives "9a". */
function docSections(): Map<string, Set<string>> {
  const docs = new Map<string, Set<string>>();
  for (const file of readdirSync(DOCS_DIR).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(path.join(DOCS_DIR, file), 'utf8');
    const sections = [...text.matchAll(/^#{1,6}\s+(\d+[a-z]?)\.\s/gm)].map((m) => m[1] as string);
    docs.set(file.replace(/\.md$/, '').toLowerCase(), new Set(sections));
  }
  return docs;
}

function codeFiles(): string[] {
  const files = readdirSync(ROOT).filter((f) => CODE_FILE.test(f));
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (CODE_FILE.test(entry.name)) files.push(rel);
    }
  };
  CODE_DIRS.forEach(walk);
  return files.filter((f) => f !== SELF);
}

interface Citation {
  file: string;
  line: number;
  /** The document named, lower case, or null when the "§" names none. */
  doc: string | null;
  section: string;
}

/** A comment's line break, read as a space: "(architecture\n * §11)" cites §11. */
const lineBreaks = (text: string) => text.replace(/\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*/g, ' ');

/** Every "§N" of `text` with the document it belongs to. */
function citationsIn(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  let previous: { doc: string | null; end: number } | undefined;
  for (const m of text.matchAll(/§\s?(\d+[a-z]?)/g)) {
    const at = m.index;
    const before = lineBreaks(text.slice(Math.max(0, at - 120), at));
    const gap = previous ? lineBreaks(text.slice(previous.end, at)) : undefined;
    const word = /([A-Za-z]+)\s*$/.exec(before)?.[1];
    // A list going on: "product §2 "Profile", §5", "§3 client state, §9", "§4–§5", "§5 and §8".
    const continues =
      previous !== undefined &&
      gap !== undefined &&
      /^\s*(?:"[^"§]*"|[A-Za-z][A-Za-z ]{0,23}?)?\s*(?:,|–|-|\/|and)\s*$/.test(gap);
    const doc = continues ? previous!.doc : word ? word.toLowerCase() : null;
    found.push({
      file,
      line: text.slice(0, at).split('\n').length,
      doc,
      section: m[1] as string,
    });
    previous = { doc, end: at + m[0].length };
  }
  return found;
}

describe('citations of docs/ in code comments', () => {
  it('reads a citation, a list and a citation broken over two comment lines', () => {
    const text = [
      '/** Who may see it (architecture §4, §5; product §2 "Profile", §6). */',
      ' * the pull (architecture',
      ' * §11) and §4–§5; the spec, §8',
    ].join('\n');
    expect(citationsIn('x.ts', text).map((c) => `${c.line}:${c.doc} §${c.section}`)).toEqual([
      '1:architecture §4',
      '1:architecture §5',
      '1:product §2',
      '1:product §6',
      '3:architecture §11',
      '3:and §4',
      '3:and §5',
      '3:null §8',
    ]);
  });

  it('resolves every "§" in the code to a numbered heading of a document in docs/', () => {
    const docs = docSections();
    const unresolved: string[] = [];
    for (const file of codeFiles()) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      if (!text.includes('§')) continue;
      for (const c of citationsIn(file, text)) {
        const sections = c.doc ? docs.get(c.doc) : undefined;
        if (!sections) {
          unresolved.push(`${c.file}:${c.line}: §${c.section} names no document of docs/`);
        } else if (!sections.has(c.section)) {
          unresolved.push(`${c.file}:${c.line}: ${c.doc} §${c.section} is not a heading`);
        }
      }
    }
    expect(unresolved).toEqual([]);
  });
});
