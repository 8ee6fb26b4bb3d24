/**
 * The one ajv instance for dataset rows, emitted documents and the manifest, with `date` checked
 * as a real calendar date. Both the instance and each validator are made on first use, so a
 * command that validates nothing (`--version`, `keys list`) never pays for ajv.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { isIsoDate } from './iso-date.ts';

let instance: Ajv | undefined;
const validators = new WeakMap<object, ValidateFunction>();

function sharedAjv(): Ajv {
  if (instance === undefined) {
    instance = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
    instance.addFormat('date', { type: 'string', validate: isIsoDate });
  }
  return instance;
}

/** The compiled validator of `schema`, compiled once on first use and kept for the schema object's life. */
export function validatorFor<T = unknown>(schema: object): ValidateFunction<T> {
  let validate = validators.get(schema);
  if (validate === undefined) {
    // A schema's `$id` would register it globally in ajv; documents are checked by object, not by id.
    const { $id: _id, ...rest } = schema as { $id?: string };
    validate = sharedAjv().compile(rest);
    validators.set(schema, validate);
  }
  return validate as ValidateFunction<T>;
}
