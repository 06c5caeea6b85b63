/**
 * The properties collection: couchdb/model propertySchema plus server_rev.
 * Version 1 added `change_review` (a change waiting for review), version 2 the structured `facts`
 * and the gateway's `price_history` (issue 18), version 3 the verification code with its check and
 * the admin's notice after a report (issue 19), version 4 the `location` (issue 64); older documents migrate unchanged (database.ts
 * SCHEMA_LINEAGE), drafts and unsent edits included.
 */
import type { RxJsonSchema } from 'rxdb';
import type { Property } from '@couchdb/model/property';
import {
  ADDRESS_MAX,
  AREA_MAX,
  AUDIT_COMMENT_MAX,
  AUDIT_STATUSES,
  DESCRIPTION_MAX,
  PRICE_MAX,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  REVISION_STATUSES,
  ROOMS_MAX,
} from '@couchdb/model/property-facts';
import {
  FLOOR_MAX,
  FLOOR_MIN,
  YEAR_BUILT_MAX,
  YEAR_BUILT_MIN,
} from '@couchdb/model/listing-fact-labels';
import { DECORATIONS, PRICE_HISTORY_MAX, RENTAL_MODES, USAGES } from '@couchdb/model/listing-facts';
import { ORIENTATIONS, PAYMENT_TERMS } from '@couchdb/model/listing-choice-facts';
import { TITLE_MAX, URL_MAX } from '@couchdb/model/common-facts';
import { CUSTOM_TAG_MAX, FEATURES_MAX, TOWNSHIPS } from '@couchdb/model/constants';
import { MEDIA_TYPES } from '@couchdb/model/media-facts';
import { COUNTY_BOUNDS, LOCATION_ACCURACY_MAX_M } from '@couchdb/model/location-facts';
import { MODERATION_KINDS, REPORT_REASON_MAX } from '@couchdb/model/trust-facts';
import { VERIFICATION_CODE_MAX, VERIFICATION_STATUSES } from '@couchdb/model/verification-facts';
import {
  booleanField,
  countField,
  enumField,
  idField,
  nullableIdField,
  nullableTimestampField,
  phoneField,
  serverRevField,
  textField,
  timestampField,
} from './fields';

export type PropertyDoc = Property & { server_rev?: string };

const urlField = textField(URL_MAX);

export const propertySchema: RxJsonSchema<PropertyDoc> = {
  title: 'properties',
  version: 4,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    server_rev: serverRevField,
    user_id: idField,
    title: textField(TITLE_MAX),
    description: textField(DESCRIPTION_MAX),
    type: enumField(PROPERTY_TYPES),
    price: { type: 'integer', minimum: 0, maximum: PRICE_MAX },
    area: { type: 'number', minimum: 0, maximum: AREA_MAX },
    bedrooms: { type: 'integer', minimum: 0, maximum: 99 },
    rooms: textField(ROOMS_MAX),
    address: {
      type: 'object',
      properties: {
        province: textField(20),
        city: textField(20),
        district: enumField(TOWNSHIPS),
        community: textField(50),
        address: textField(ADDRESS_MAX),
      },
    },
    status: enumField(PROPERTY_STATUSES),
    audit_status: enumField(AUDIT_STATUSES),
    audit_comment: textField(AUDIT_COMMENT_MAX),
    audited_by: nullableIdField,
    audited_at: nullableTimestampField,
    is_priority: booleanField,
    is_featured: booleanField,
    view_count: countField,
    features: { type: 'array', maxItems: FEATURES_MAX, items: textField(CUSTOM_TAG_MAX) },
    contact: {
      type: 'object',
      properties: { name: textField(30), phone: phoneField },
    },
    contact_phone: phoneField,
    panorama_url: urlField,
    images: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        properties: {
          id: idField,
          url: urlField,
          thumbnail_url: urlField,
          is_cover: booleanField,
          sort_order: { type: 'integer', minimum: 0, maximum: 999 },
          title: textField(100),
          description: textField(500),
        },
      },
    },
    media_items: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        properties: {
          id: idField,
          type: enumField(MEDIA_TYPES),
          url: urlField,
          thumbnail_url: urlField,
          title: textField(100),
          description: textField(500),
          panorama_config: { type: 'object' },
          sort_order: { type: 'integer', minimum: 0, maximum: 999 },
          created_at: timestampField,
          updated_at: timestampField,
        },
      },
    },
    owner: { type: 'object', properties: { name: textField(30) } },
    facts: {
      type: 'object',
      properties: {
        floor: { type: 'integer', minimum: FLOOR_MIN, maximum: FLOOR_MAX },
        total_floors: { type: 'integer', minimum: 1, maximum: FLOOR_MAX },
        orientation: enumField(ORIENTATIONS),
        decoration: enumField(DECORATIONS),
        year_built: { type: 'integer', minimum: YEAR_BUILT_MIN, maximum: YEAR_BUILT_MAX },
        lift: booleanField,
        usage: enumField(USAGES),
        rental_mode: enumField(RENTAL_MODES),
        payment: enumField(PAYMENT_TERMS),
      },
    },
    price_history: {
      type: 'array',
      maxItems: PRICE_HISTORY_MAX,
      items: {
        type: 'object',
        properties: {
          price: { type: 'integer', minimum: 0, maximum: PRICE_MAX },
          at: timestampField,
        },
      },
    },
    verification_code: textField(VERIFICATION_CODE_MAX),
    verification_status: enumField(VERIFICATION_STATUSES),
    verified_by: nullableIdField,
    verified_at: nullableTimestampField,
    location: {
      type: 'object',
      properties: {
        latitude: { type: 'number', minimum: COUNTY_BOUNDS.south, maximum: COUNTY_BOUNDS.north },
        longitude: { type: 'number', minimum: COUNTY_BOUNDS.west, maximum: COUNTY_BOUNDS.east },
        accuracy_m: { type: 'number', minimum: 0, maximum: LOCATION_ACCURACY_MAX_M },
        public_exact: booleanField,
      },
    },
    moderation: {
      type: ['object', 'null'],
      properties: {
        kind: enumField(MODERATION_KINDS),
        reason: textField(REPORT_REASON_MAX),
        at: timestampField,
      },
    },
    change_review: {
      type: ['object', 'null'],
      properties: {
        status: enumField(REVISION_STATUSES),
        approved: { type: 'object' },
        comment: textField(AUDIT_COMMENT_MAX),
        submitted_at: timestampField,
      },
    },
    created_at: timestampField,
    updated_at: timestampField,
  },
  required: ['id'],
};
