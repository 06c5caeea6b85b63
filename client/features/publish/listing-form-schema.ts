/**
 * The publish form's checks for react-hook-form: the shared form schema (couchdb/model) over the
 * form's values, and the fields each step checks before the next.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldPath, Resolver } from 'react-hook-form';
import {
  propertyFormSchema,
  STEP_FIELDS,
  type FormStep,
  type PropertyForm,
} from '@couchdb/model/property';
import { FACT_INPUTS, listingFormInput, type ListingFormValues } from '@couchdb/rules/listing-form';

const schemaResolver = zodResolver(propertyFormSchema);

/** Checks the values as the schema reads them; the messages land on the form's own fields. */
export const listingFormResolver: Resolver<ListingFormValues, unknown, PropertyForm> = (
  values,
  context,
  options,
) =>
  schemaResolver(
    listingFormInput(values) as Parameters<typeof schemaResolver>[0],
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  ) as ReturnType<Resolver<ListingFormValues, unknown, PropertyForm>>;

const ADDRESS_INPUTS = [
  'address.district',
  'address.community',
  'address.address',
] as const satisfies readonly FieldPath<ListingFormValues>[];

const FACT_FIELD_INPUTS = FACT_INPUTS.map(
  (f) => `facts.${f}` as const,
) satisfies FieldPath<ListingFormValues>[];

/** The inputs Next checks on `step` (none on the media step): the address and facts as their inputs. */
export function stepFields(step: FormStep): FieldPath<ListingFormValues>[] {
  if (step === 4) return [];
  return STEP_FIELDS[step].flatMap((f) =>
    f === 'address' ? ADDRESS_INPUTS : f === 'facts' ? FACT_FIELD_INPUTS : [f],
  );
}

/** The first step with a field in `errors`, or null. */
export function firstStepWithError(errors: FieldErrors<ListingFormValues>): FormStep | null {
  return ([1, 2, 3] as const).find((s) => STEP_FIELDS[s].some((f) => errors[f])) ?? null;
}
