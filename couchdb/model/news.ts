/**
 * The news article document of product §3 and the admin add/edit form of product §5. `content` is HTML;
 * the gateway sanitizes it before storing. Categories, statuses, limits, the news texts of product §8 and
 * the cover check live in news-facts.ts (zod-free).
 */
import { z } from 'zod';
import { displayNameSchema, idSchema, mediaUrlSchema, timestampSchema } from './common';
import { TITLE_MAX } from './common-facts';
import {
  NEWS_CATEGORIES,
  NEWS_CONTENT_MAX,
  NEWS_MESSAGES,
  NEWS_STATUSES,
  NEWS_SUMMARY_MAX,
  stripHtml,
} from './news-facts';

const newsShape = {
  id: idSchema,
  author_id: idSchema,
  author_name: displayNameSchema.default(''),
  title: z.string().trim().min(1).max(TITLE_MAX),
  summary: z.string().max(NEWS_SUMMARY_MAX).default(''),
  content: z.string().max(NEWS_CONTENT_MAX),
  category: z.enum(NEWS_CATEGORIES),
  status: z.enum(NEWS_STATUSES),
  image_url: mediaUrlSchema.or(z.literal('')).default(''),
  view_count: z.int().min(0).default(0),
  like_count: z.int().min(0).default(0),
  created_at: timestampSchema,
  updated_at: timestampSchema,
};
/** A news document as replicated to devices. */
export const newsSchema = z.object(newsShape);
export type News = z.infer<typeof newsSchema>;
/** A news document as written by an admin's device: unknown keys are refused. */
export const newsWriteSchema = z.strictObject(newsShape);

/** Texts of the admin's news screen and editor (kept here, off the first screen's code). */
export const NEWS_ADMIN_MESSAGES = {
  deleteConfirm: '确定要删除这篇资讯吗？此操作无法撤销。',
  linkPrompt: '链接地址',
  linkInvalid: '请输入以 http://、https://、mailto:、tel: 或 / 开头的链接',
} as const;

const nm = NEWS_MESSAGES;

/**
 * The admin add/edit form: title and content required after trim (one shared message). A missing
 * title puts the message under the title (the field a form focuses); a missing content, under the
 * whole form (below the editor).
 */
export const newsFormSchema = z
  .strictObject({
    title: z.string().trim().max(TITLE_MAX, nm.titleMax),
    summary: z.string().trim().max(NEWS_SUMMARY_MAX, nm.summaryMax).default(''),
    content: z.string().max(NEWS_CONTENT_MAX, nm.contentMax),
    category: z.enum(NEWS_CATEGORIES, { error: nm.category }),
    status: z.enum(NEWS_STATUSES, { error: nm.status }),
    image_url: mediaUrlSchema.or(z.literal('')).default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.title.trim()) {
      ctx.addIssue({ code: 'custom', path: ['title'], message: nm.titleAndContent });
    } else if (!stripHtml(v.content).trim()) {
      ctx.addIssue({ code: 'custom', path: [], message: nm.titleAndContent });
    }
  });
export type NewsForm = z.infer<typeof newsFormSchema>;
export type NewsFormInput = z.input<typeof newsFormSchema>;
