/**
 * A stand-in for the built index.html (client/index.html as vite.config.ts builds it), holding only
 * what the gateway works with: the head it rewrites, the app's module script, the first screen's
 * styles and the markers of the first screen it fills in.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIRST_SCREEN_CSS_ATTRIBUTE } from '../../client/app/first-screen-css';

/** The shell with the first screen's style block (`css` by class name) and `head` lines added. */
export function builtShell(css: Record<string, string>, head = ''): string {
  const rules = Object.entries(css).map(([id, rule]) => `.css-${id}{${rule}}`);
  return `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" />
<meta
  name="description"
  content="澄江房产：澄江本地房产信息平台。"
/>
<title>澄江房产</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
${head}<style ${FIRST_SCREEN_CSS_ATTRIBUTE}="${Object.keys(css).join(' ')}">${rules.join('')}</style>
</head><body><div id="root">
      <!--first-screen-->
      <div class="boot-shell" aria-hidden="true"><header>澄江房产</header></div>
      <!--/first-screen-->
    </div></body></html>`;
}

/** A new folder to serve as the built app: `shell` as index.html, and the build manifest if given. */
export async function shellFolder(shell: string, manifest?: object): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cj-shell-'));
  await writeFile(path.join(dir, 'index.html'), shell);
  if (manifest) {
    await mkdir(path.join(dir, '.vite'));
    await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}
