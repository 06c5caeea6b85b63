import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A resolver whose form-wide messages (a schema issue with an empty path, e.g. "fill in all three")
 * land in `errors.root`, where a form shows them above its buttons, instead of under no field.
 */
export function withFormLevelErrors<T extends FieldValues, C, O>(
  resolver: Resolver<T, C, O>,
): Resolver<T, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = result.errors as Record<string, unknown>;
    const formWide = errors[''];
    if (formWide === undefined) return result;
    const { ['']: _moved, ...rest } = errors;
    return { ...result, errors: { ...rest, root: formWide } } as typeof result;
  };
}
