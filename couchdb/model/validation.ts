/**
 * Turning a zod failure into the words a user reads: the schema's own Chinese message where the rule
 * has one (product §5), and a plain Chinese default for structural problems (wrong type, unknown field).
 */
import { z } from 'zod';

const DEFAULT_MESSAGES: Partial<Record<string, string>> = {
  invalid_type: '字段类型不正确',
  too_big: '内容过长',
  too_small: '内容过短',
  invalid_format: '格式不正确',
  invalid_value: '取值不正确',
  invalid_union: '格式不正确',
  not_multiple_of: '数值不正确',
};

/** Chinese defaults for issues whose schema gave no message of its own. */
export const chineseErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return '缺少必填字段';
  if (issue.code === 'unrecognized_keys') return `包含不支持的字段：${issue.keys.join('、')}`;
  return DEFAULT_MESSAGES[issue.code] ?? '数据格式不正确';
};

export type ParseResult<T> =
  { ok: true; data: T } | { ok: false; message: string; fields: Record<string, string> };

/**
 * Parses `input` with `schema`; on failure gives the first message and one message per field path
 * (the first issue for each field wins, matching how forms show one hint under a field).
 */
export function parseWithMessages<S extends z.ZodType>(
  schema: S,
  input: unknown,
): ParseResult<z.output<S>> {
  const result = schema.safeParse(input, { error: chineseErrorMap });
  if (result.success) return { ok: true, data: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return { ok: false, message: result.error.issues[0]?.message ?? '数据格式不正确', fields };
}
