/** The demands collection: couchdb/model demandSchema plus server_rev. */
import type { RxJsonSchema } from 'rxdb';
import { TITLE_MAX } from '@couchdb/model/common-facts';
import { ROOMS_OR_MORE, TOWNSHIPS } from '@couchdb/model/constants';
import type { Demand } from '@couchdb/model/demand';
import { DEMAND_STATUSES, DEMAND_TYPES } from '@couchdb/model/demand-facts';
import { AREA_MAX, DESCRIPTION_MAX, PRICE_MAX } from '@couchdb/model/property-facts';
import { USER_ROLES } from '@couchdb/model/roles';
import {
  enumField,
  idField,
  phoneField,
  serverRevField,
  textField,
  timestampField,
} from './fields';

export type DemandDoc = Demand & { server_rev?: string };

const price = { type: 'number', minimum: 0, maximum: PRICE_MAX } as const;
const area = { type: 'number', minimum: 0, maximum: AREA_MAX } as const;

export const demandSchema: RxJsonSchema<DemandDoc> = {
  title: 'demands',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    server_rev: serverRevField,
    user_id: idField,
    title: textField(TITLE_MAX),
    type: enumField(DEMAND_TYPES),
    status: enumField(DEMAND_STATUSES),
    min_price: price,
    max_price: price,
    min_area: area,
    max_area: area,
    areas: { type: 'array', maxItems: TOWNSHIPS.length, items: enumField(TOWNSHIPS) },
    rooms: {
      type: 'array',
      maxItems: ROOMS_OR_MORE,
      items: { type: 'integer', minimum: 1, maximum: ROOMS_OR_MORE },
    },
    requirements: textField(DESCRIPTION_MAX),
    contact: { type: 'object', properties: { name: textField(30), phone: phoneField } },
    user: {
      type: 'object',
      properties: { name: textField(30), user_type: enumField(USER_ROLES) },
    },
    created_at: timestampField,
    updated_at: timestampField,
  },
  required: ['id'],
};
