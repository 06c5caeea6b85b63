import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

/** A mainland mobile number field (11 digits, the phone's number pad), bound to a form field. */
export function FormPhoneField<T extends FieldValues, TTransformed = T>(
  props: FormTextFieldProps<T, TTransformed>,
) {
  return (
    <FormTextField
      autoComplete="tel"
      {...props}
      slotProps={{ ...props.slotProps, htmlInput: { inputMode: 'numeric', maxLength: 11 } }}
    />
  );
}
