/**
 * A reason (a reviewer's comment, the gateway's message) as a clause inside a sentence of ours:
 * without its own closing punctuation, so 「…门牌号。。修改后…」 cannot happen.
 */
export function clause(text: string): string {
  return text.trim().replace(/[。．.！!；;，,、\s]+$/u, '');
}
