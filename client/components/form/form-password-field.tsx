import type { TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PasswordField } from '@client/components/auth/password-field';

export type FormPasswordFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'type' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T>;
  name: FieldPath<T>;
  /** A message shown as an error while the field has no checked one (e.g. a live mismatch hint). */
  warning?: string;
};

/** A password field with its show/hide toggle, bound to a react-hook-form field like FormTextField. */
export function FormPasswordField<T extends FieldValues>({
  control,
  name,
  helperText,
  warning,
  ...props
}: FormPasswordFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <PasswordField
          {...props}
          {...field}
          value={value ?? ''}
          inputRef={ref}
          error={fieldState.error !== undefined || warning !== undefined}
          helperText={fieldState.error?.message ?? warning ?? helperText}
        />
      )}
    />
  );
}
