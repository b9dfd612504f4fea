import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { withRowRules, type TField } from './fields.ts';
import { whenIdle } from '../browser/whenIdle.ts';

/**
 * withRowRules for a screen that shows before zod loads: the fields as given at once, with the row schema's
 * rules once `load` answers (started when the browser is next idle: the schema chunk's preload and the rows'
 * second render stay out of the frame that first shows the list). Reading needs no rules, only saving does,
 * and the server checks every save with the same schema anyway.
 */
export function useRowRules<F extends TField>(
  load: () => Promise<z.ZodObject>,
  fields: readonly F[],
): readonly F[] {
  const [ruled, setRuled] = useState<{ from: readonly F[]; fields: F[] } | null>(null);
  useEffect(() => {
    let live = true;
    whenIdle(() => {
      if (!live) return;
      void load().then(
        (schema) => live && setRuled({ from: fields, fields: withRowRules(schema, fields) }),
        () => undefined,
      );
    });
    return () => void (live = false);
  }, [load, fields]);
  return ruled?.from === fields ? ruled.fields : fields;
}
