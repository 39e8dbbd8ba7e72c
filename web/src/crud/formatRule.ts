import type { Rule } from 'antd/es/form';
import { FIELD_FORMATS, type FieldFormat } from '@pk/contract';

/**
 * The form rule of a contact format (mobile, landline, e-mail), from the rule set the server checks too
 * (`@pk/contract` formats.ts). Empty passes; `required` is a rule of its own.
 */
export function formatRule(format: FieldFormat): Rule {
  const { pattern, message } = FIELD_FORMATS[format];
  return { pattern, message };
}
