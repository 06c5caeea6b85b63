import { describe, expect, it } from 'vitest';
import { isAllowedArticleHref, isAllowedArticleImageSrc } from '@couchdb/rules/article-html';
import { sanitizeArticleHtml } from '../../../sync-server/services/article-html';

describe('the article allow-list as the gateway applies it', () => {
  it('keeps the markup an article is written with', () => {
    const html =
      '<h2>标题</h2><h3>小标题</h3><p><strong>粗</strong><em>斜</em><u>下</u><s>删</s><code>x</code></p>' +
      '<ul><li><p>一</p></li></ul><ol><li>二</li></ol><blockquote><p>引用</p></blockquote><hr>' +
      '<pre><code>code</code></pre>' +
      '<p><a href="https://example.com/a" title="t">外链</a> <a href="/news/1">站内</a> ' +
      '<a href="mailto:a@b.cn">信</a> <a href="tel:13800000000">电</a></p>' +
      '<p><img src="/media/2025/a.jpg" alt="图"><img src="https://cdn.example.com/b.png" alt=""></p>';
    const clean = sanitizeArticleHtml(html);
    for (const kept of [
      '<h2>标题</h2>',
      '<h3>小标题</h3>',
      '<strong>粗</strong>',
      '<em>斜</em>',
      '<ul><li><p>一</p></li></ul>',
      '<blockquote><p>引用</p></blockquote>',
      '<a href="https://example.com/a" title="t">外链</a>',
      '<a href="/news/1">站内</a>',
      '<a href="mailto:a@b.cn">',
      '<a href="tel:13800000000">',
      '<img src="/media/2025/a.jpg" alt="图" />',
      '<img src="https://cdn.example.com/b.png" alt="" />',
    ]) {
      expect(clean).toContain(kept);
    }
  });

  it('strips scripts, event handlers, javascript: links, frames and styles', () => {
    const html =
      '<p style="color:red" class="x" onclick="alert(1)">正文</p>' +
      '<script>alert(1)</script><img src="/media/a.jpg" onerror="alert(2)">' +
      '<a href="javascript:alert(3)">坏链</a><a href="JaVaScRiPt&#58;alert(4)">坏链二</a>' +
      '<a href=" java\tscript:alert(5)">坏链三</a><a href="//evil.example/x">别站</a>' +
      '<iframe src="https://evil.example"></iframe><object data="x"></object>' +
      '<img src="http://insecure.example/a.png"><img src="data:image/png;base64,AAAA">' +
      '<img src="/api/auth/logout"><svg><script>alert(6)</script></svg>' +
      '<style>p{}</style><form><input name="q"></form>';
    const clean = sanitizeArticleHtml(html);
    expect(clean).not.toMatch(/script|onerror|onclick|javascript|iframe|style|class=|object/i);
    expect(clean).not.toMatch(/evil|insecure|data:|logout|<form|<input/);
    expect(clean).toContain('<p>正文</p>');
    expect(clean).toContain('<img src="/media/a.jpg" />');
    expect(clean).toContain('<a>坏链</a>');
  });
});

describe('article URLs', () => {
  it('allows links over http(s), mailto, tel and to this site only', () => {
    for (const ok of ['https://a.cn', 'http://a.cn/x', 'mailto:a@b.cn', 'tel:123', '/news/1']) {
      expect(isAllowedArticleHref(ok)).toBe(true);
    }
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.cn', 'vbscript:x', 'x']) {
      expect(isAllowedArticleHref(bad)).toBe(false);
    }
  });

  it('allows images from this site’s /media/ files or https', () => {
    expect(isAllowedArticleImageSrc('/media/2025/a.jpg')).toBe(true);
    expect(isAllowedArticleImageSrc('https://cdn.cn/a.png')).toBe(true);
    for (const bad of [
      'http://cdn.cn/a.png',
      '/media/../api/x',
      '/api/x',
      'data:image/png;base64,A',
    ]) {
      expect(isAllowedArticleImageSrc(bad)).toBe(false);
    }
  });
});
