import { afterEach, expect, it, vi } from 'vitest';
import './zodJitless.ts';

afterEach(() => vi.unstubAllGlobals());

it('zod, loaded after the app set its config, runs jitless: no Function built for a schema or a parse', async () => {
  const made: string[] = [];
  const RealFunction = globalThis.Function;
  vi.stubGlobal(
    'Function',
    new Proxy(RealFunction, {
      construct(target, args: string[]) {
        made.push(args.join(','));
        return Reflect.construct(target, args);
      },
      apply(target, that, args: string[]) {
        made.push(args.join(','));
        return Reflect.apply(target, that, args) as unknown;
      },
    }),
  );
  const { z } = await import('zod');
  const { config } = await import('zod/v4/core');
  expect(config().jitless).toBe(true);
  const schema = z.object({ title: z.string().min(1), year: z.number().int(), tags: z.array(z.string()) });
  expect(schema.parse({ title: 'Ahmed v. The State', year: 2026, tags: ['bail'] })).toEqual({
    title: 'Ahmed v. The State',
    year: 2026,
    tags: ['bail'],
  });
  expect(schema.safeParse({ title: '', year: 2026.5, tags: [] }).success).toBe(false);
  expect(made).toEqual([]);
});
