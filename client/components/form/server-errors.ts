import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@client/lib/api-client';
import { serverFieldErrors } from '@client/lib/server-field-errors';

/**
 * Puts a gateway refusal's messages under the form's fields (see `serverFieldErrors`); returns
 * whether any field got one. Anything but an ApiError is left to the caller.
 */
export function showServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly FieldPath<T>[],
  codeFields: Partial<Record<string, FieldPath<T>>> = {},
): boolean {
  if (!(err instanceof ApiError)) return false;
  const errors = serverFieldErrors(err, formFields, codeFields);
  const entries = Object.entries(errors) as [FieldPath<T>, string][];
  for (const [field, message] of entries) setError(field, { type: 'server', message });
  return entries.length > 0;
}
