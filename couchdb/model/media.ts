/**
 * Listing media: the embedded image and media-item shapes of product §3. Upload types, sizes, messages
 * and file checks live in media-facts.ts (zod-free).
 */
import { z } from 'zod';
import { idSchema, mediaUrlSchema, timestampSchema } from './common';
import { MEDIA_TYPES } from './media-facts';

const mediaTitleSchema = z.string().max(100);
const mediaDescriptionSchema = z.string().max(500);

/** An image embedded in a property document (product §3 property image). */
export const propertyImageSchema = z.object({
  id: idSchema,
  url: mediaUrlSchema,
  thumbnail_url: mediaUrlSchema,
  is_cover: z.boolean(),
  sort_order: z.int().min(0).max(999),
  title: mediaTitleSchema.optional(),
  description: mediaDescriptionSchema.optional(),
});
export type PropertyImage = z.infer<typeof propertyImageSchema>;

/** Panorama viewer settings; free-form but bounded (numbers, strings, booleans only). */
export const panoramaConfigSchema = z
  .record(z.string().max(40), z.union([z.number(), z.string().max(200), z.boolean()]))
  .refine((r) => Object.keys(r).length <= 20, '全景配置项过多');

/** An image or video item in a property's media list (product §3 property media item). */
export const mediaItemSchema = z.object({
  id: idSchema,
  type: z.enum(MEDIA_TYPES),
  url: mediaUrlSchema,
  thumbnail_url: mediaUrlSchema.or(z.literal('')),
  title: mediaTitleSchema.default(''),
  description: mediaDescriptionSchema.default(''),
  panorama_config: panoramaConfigSchema.optional(),
  sort_order: z.int().min(0).max(999),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type MediaItem = z.infer<typeof mediaItemSchema>;
