import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { InputError } from '../lib/validation';

/**
 * Route schemas are the zod schemas of contract/. A body that fails its schema leaves as the
 * translated InputError (plugins/errors.ts), naming the field; a missing body is read as `{}`.
 */
export function useContractSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    const zod = schema as unknown as ZodType;
    return (data: unknown) => {
      const result = zod.safeParse(data ?? {});
      return result.success ? { value: result.data } : { error: new InputError(result.error.issues) };
    };
  });
}
