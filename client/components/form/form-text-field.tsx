import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** `TTransformed`: what the form's resolver makes of its values (the schema's output), if it differs. */
export type FormTextFieldProps<T extends FieldValues, TTransformed = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T, unknown, TTransformed>;
  name: FieldPath<T>;
};

/**
 * An MUI text field bound to a react-hook-form field: its value, its validation message (shown in
 * place of the helper text while the field is invalid) and its focus on a failed submit.
 * `inputMode` goes on the input itself (a phone's number pad for 面积, 售价, 楼层…): given to MUI's
 * TextField it would land on the field's wrapper, where no keyboard reads it.
 */
export function FormTextField<T extends FieldValues, TTransformed = T>({
  control,
  name,
  helperText,
  inputMode,
  slotProps,
  ...props
}: FormTextFieldProps<T, TTransformed>) {
  const htmlInput = slotProps?.htmlInput;
  const withInputMode: TextFieldProps['slotProps'] =
    inputMode === undefined
      ? slotProps
      : {
          ...slotProps,
          htmlInput:
            typeof htmlInput === 'function'
              ? (state) => ({ ...htmlInput(state), inputMode })
              : { ...htmlInput, inputMode },
        };
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <TextField
          {...props}
          slotProps={withInputMode}
          {...field}
          value={value ?? ''}
          inputRef={ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
