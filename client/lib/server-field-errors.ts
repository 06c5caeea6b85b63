/** A gateway refusal (`{error: {code, message, fields}}`) as the messages to show under form fields. */

export interface ServerRefusal {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

/**
 * The messages of a refusal by form field: the gateway's own `fields` (those the form has), else
 * the field a code is about (`phone_taken` → phone, `wrong_password` → currentPassword).
 */
export function serverFieldErrors<F extends string>(
  refusal: ServerRefusal,
  formFields: readonly F[],
  codeFields: Partial<Record<string, F>> = {},
): Partial<Record<F, string>> {
  const known = new Set<string>(formFields);
  const errors: Partial<Record<F, string>> = {};
  for (const [field, message] of Object.entries(refusal.fields ?? {})) {
    if (known.has(field)) errors[field as F] = message;
  }
  const byCode = codeFields[refusal.code];
  if (Object.keys(errors).length === 0 && byCode !== undefined) errors[byCode] = refusal.message;
  return errors;
}
