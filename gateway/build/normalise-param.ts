/**
 * Normalisation of request parameters into the exact form the generator used in file names
 * (schemas/param-kinds.ts; docs/manifest.md, "Parameter kinds"). Invalid input is a 400 naming the parameter.
 */
import { PARAM_KIND_DEFINITIONS, type ParamKind } from '../../schemas/param-kinds.ts';
import { HttpError } from '../http-error.ts';

/** The normalised value of parameter `name` of kind `kind`; throws a 400 `HttpError` when invalid. */
export function normaliseParam(kind: ParamKind, name: string, raw: string): string {
  const definition = PARAM_KIND_DEFINITIONS[kind];
  const value = definition.normalise(raw);
  if (value === undefined)
    throw new HttpError('parameter-invalid', `Parameter "${name}" is not a valid ${kind}: ${definition.description}.`, {
      parameter: name,
      allowed: definition.description,
    });
  return value;
}
