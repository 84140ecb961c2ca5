import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * react-hook-form's zodResolver for a shared schema that loads on the form's first validation
 * (with zod itself), so a form page renders without them (first-load budget).
 *
 *   resolver: lazyZodResolver(() => import('@eve-toolkit/shared-types/schemas').then((m) => m.postDebugSchema))
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType<T, T>>): Resolver<T> {
  let ready: Promise<Resolver<T>> | null = null;
  return async (values, context, options) => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<T>,
    );
    return (await ready)(values, context, options);
  };
}
