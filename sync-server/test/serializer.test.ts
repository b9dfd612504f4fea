import fc from 'fast-check';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZUser, zPaginator } from '@lawfirm/shared-types';
import { ZPetitionListResponse, ZPetitionResponse } from '../src/case-files/case-files.types.ts';
import { serializerCompiler } from '../src/http/serializer.ts';
import { API_USER } from './fixtures/api-user.ts';

type Route = Parameters<typeof serializerCompiler>[0];
const route = (schema: z.ZodType): Route => ({ schema, method: 'GET', url: '/t', httpStatus: '200' });

/** What an answer serializer says for a value: its JSON text, or that it refused the value. */
function answer(serialize: (data: unknown) => string, value: unknown): string {
  try {
    return `ok ${serialize(value)}`;
  } catch (e) {
    return `refused ${(e as Error).name}`;
  }
}

/** The compiled serializer says exactly what fastify-type-provider-zod's says, or refuses what it refuses. */
function expectSame(schema: z.ZodType, value: unknown): void {
  const ours = serializerCompiler(route(schema));
  const theirs = zodSerializerCompiler(route(schema));
  expect(answer(ours, value)).toBe(answer(theirs, value));
}

const ZParty = z.object({ id: z.string(), side: z.enum(['petitioner', 'opponent']), n: z.number() });
const SCHEMAS: Record<string, z.ZodType> = {
  plain: z.object({
    s: z.string(),
    n: z.number(),
    b: z.boolean(),
    nul: z.string().nullable(),
    opt: z.string().optional(),
    nullish: z.number().nullish(),
    list: z.array(ZParty),
    holes: z.array(z.number().optional()),
    nested: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  }),
  checked: z.object({
    email: z.email(),
    short: z.string().max(3),
    int: z.int(),
    intMethod: z.number().int(),
    positive: z.number().int().positive(),
    lit: z.literal('x'),
    nums: z.enum({ one: 1, two: 2 }),
  }),
  unions: z.union([
    z.object({ petitions: zPaginator(z.object({ id: z.string() })) }),
    z.object({ petitions: z.array(z.object({ id: z.string(), title: z.string() })) }),
  ]),
  transforms: z.object({
    when: z.string().transform((s) => s.toUpperCase()),
    record: z.record(z.string(), z.number()),
    strict: z.strictObject({ a: z.string() }),
    loose: z.looseObject({ a: z.string() }),
    dflt: z.string().default('d'),
    anything: z.unknown(),
  }),
};

/** Any value at all, fitting nothing in particular. */
const loose = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('x', 'a@b.co', 'petitioner', '', '\u0000"\\\u2028'),
  fc.integer(),
  fc.constantFrom(0, -0, 1, 2, 1.5, NaN, Infinity, 2 ** 53),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant([]),
  fc.constant({}),
);

/**
 * Values shaped by a schema: mostly fitting it, with now and then a part that does not (a wrong leaf, a missing
 * key, an extra key), so both the fitting answers and the refusals are compared.
 */
function shaped(schema: z.core.$ZodType): fc.Arbitrary<unknown> {
  const def = schema._zod.def as unknown as {
    type: string;
    innerType: z.core.$ZodType;
    element: z.core.$ZodType;
    shape: Record<string, z.core.$ZodType>;
    options: z.core.$ZodType[];
  };
  let fit: fc.Arbitrary<unknown>;
  switch (def.type) {
    case 'string':
      fit = fc.oneof(fc.string({ maxLength: 5 }), fc.constantFrom('a@b.co', 'x', 'abcd', '\u2028"'));
      break;
    case 'number':
      fit = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(1.5, -0, 2 ** 53, NaN));
      break;
    case 'boolean':
      fit = fc.boolean();
      break;
    case 'nullable':
      fit = fc.oneof(fc.constant(null), shaped(def.innerType));
      break;
    case 'optional':
      fit = fc.oneof(fc.constant(undefined), shaped(def.innerType));
      break;
    case 'array':
      fit = fc.array(shaped(def.element), { maxLength: 3 });
      break;
    case 'object': {
      const parts = Object.fromEntries(Object.entries(def.shape).map(([k, v]) => [k, shaped(v)]));
      fit = fc.oneof(
        { weight: 6, arbitrary: fc.record(parts) },
        { weight: 1, arbitrary: fc.record(parts, { requiredKeys: [] }) },
        { weight: 1, arbitrary: fc.record({ ...parts, extra: loose }) },
      );
      break;
    }
    case 'enum':
    case 'literal':
      fit = fc.constantFrom(...(schema._zod.values ?? new Set([null])));
      break;
    case 'union':
      fit = fc.oneof(...def.options.map(shaped));
      break;
    default:
      fit = loose;
  }
  return fc.oneof({ weight: 30, arbitrary: fit }, { weight: 1, arbitrary: loose });
}

describe('answer serializer', () => {
  for (const [name, schema] of Object.entries({
    ...SCHEMAS,
    user: ZUser,
    caseList: ZPetitionListResponse,
    caseFile: ZPetitionResponse,
  }))
    it(`says what zod says, or refuses what zod refuses (${name})`, () => {
      fc.assert(
        fc.property(shaped(schema), (v) => expectSame(schema, v)),
        { numRuns: 3000 },
      );
    });

  it('writes a fitting answer exactly as zod and JSON.stringify do (keys in schema order, extras dropped)', () => {
    // Keys out of schema order, an extra key, text that JSON escapes, extra keys inside a list.
    const { created_at, ...rest } = API_USER;
    const user = {
      extra: 'dropped',
      created_at,
      ...rest,
      name: 'Ali "the" \\ Khan\u2028',
      roles: [{ id: 'r', name: 'Lawyer', extra: 1 }],
      attachment: { file_name: 'a.png' },
      contact_persons: [{ id: 'p', name: 'مقدمہ', email: null, phone: null, cnic: null }],
    };
    const json = serializerCompiler(route(ZUser))(user);
    expect(json).toBe(zodSerializerCompiler(route(ZUser))(user));
    expect(Object.keys(JSON.parse(json) as object)[0]).toBe('id');
    expect(json).not.toContain('extra');
    expectSame(ZUser, { ...user, email: 5 });
  });

  it('writes keys in the schema order and only own keys, whatever the value holds', () => {
    const schema = z.object({ a: z.string(), b: z.number().optional(), c: z.boolean() });
    expectSame(schema, { c: true, a: 'x' });
    expectSame(schema, { c: true, b: 1, a: 'x' });
    expectSame(schema, { a: 'x', c: true, b: undefined, extra: undefined });
    expectSame(schema, Object.assign(Object.create({ b: 2 }) as object, { a: 'x', c: false }));
    expectSame(schema, Object.assign(Object.create({ z: 2 }) as object, { a: 'x', c: false }));
    expectSame(schema, Object.assign(Object.create({ c: true }) as object, { a: 'x' }));
    const allOptional = z.object({ a: z.string().optional(), c: z.boolean().optional() });
    expectSame(allOptional, { c: true, a: 'x' });
  });

  it('takes the first option of a union that fits, as zod does', () => {
    const either = z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.string() })]);
    expectSame(either, { a: 'x', b: 'y' });
    expectSame(either, { a: 'x' });
    const page = {
      petitions: { data: [], current_page: 1, from: null, to: null, total: 0, per_page: 20, last_page: 1 },
    };
    expectSame(ZPetitionListResponse, page);
    expectSame(ZPetitionListResponse, { petitions: [{ id: 'a', petition_standard_title: 't' }] });
    expectSame(ZPetitionListResponse, {
      petitions: [{ id: 'a', petition_standard_title: 't', petition_standard_title_with_petitioner: 't' }],
    });
    expectSame(ZPetitionResponse, { petition: null, petition_details: [] });
  });
});
