import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { speedSwitches } from '../speed/switches.ts';

/**
 * The answers' serializer: every answer is still checked against its route's zod schema, and says the same
 * bytes as `safeEncode` + `JSON.stringify` (fastify-type-provider-zod's serializer), with less work: the plain
 * parts of a schema (objects, arrays, strings, numbers, booleans, null, nullable, optional, enums, literals,
 * unions) are compiled once into checks, so an answer that already has exactly its schema's shape is checked
 * in one pass and written by JSON.stringify, without zod building a copy of it first; one with extra keys or
 * another key order is written part by part. A part with anything more (checks, transforms, defaults,
 * records…) is encoded by zod itself, and an answer that does not fit its schema is handed to the original
 * serializer whole, so its error stays exactly what it was.
 *
 * Switch: SPEED_SERIALIZER=stock (speed/switches.ts) answers with fastify-type-provider-zod's serializer alone.
 * It reads zod 4's internals (`_zod.def` and its fields, `_zod.values`, `_zod.optin`/`optout`); the tripwire
 * test (speed-tripwires.test.ts) names the ones that moved after a zod upgrade.
 */

/** The JSON text of a value, or undefined where JSON.stringify would leave the value out. */
type Emit = (value: unknown) => string | undefined;

/** Thrown (one instance, no stack to build) when a value does not fit its schema. */
const MISMATCH = new Error('The answer does not match its schema.');

type AnyDef = {
  type: string;
  checks?: { _zod: { def: AnyDef } }[];
  coerce?: boolean;
  /** A format schema (z.email(), z.int()…) is its own check. */
  check?: string;
  format?: string;
  innerType?: z.core.$ZodType;
  element?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  options?: z.core.$ZodType[];
  inclusive?: boolean;
  discriminator?: string;
};

const plain = (def: AnyDef) =>
  !def.checks?.length && !def.coerce && def.check === undefined && def.format === undefined;
/** z.int() and z.number().int(): a safe integer, and nothing else asked. */
const isSafeInt = (def: AnyDef) =>
  !def.coerce &&
  (def.checks?.length
    ? def.check === undefined &&
      def.checks.every((c) => c._zod.def.check === 'number_format' && c._zod.def.format === 'safeint')
    : def.check === 'number_format' && def.format === 'safeint');
const isJsonPrimitive = (v: unknown) =>
  typeof v === 'string' ||
  typeof v === 'boolean' ||
  v === null ||
  (typeof v === 'number' && Number.isFinite(v));

/**
 * A compiled part of an answer schema. `emit` writes a value's JSON as zod's encoding would come out (throwing
 * MISMATCH where zod would refuse it); `exact` tells, without writing anything, whether JSON.stringify of the
 * value itself already says exactly that: every part fits and every object has exactly its schema's keys, in
 * the schema's order (zod strips unknown keys and writes the shape's order). The answers the routes build
 * are made that way, so most answers are checked by `exact` and written by the native JSON.stringify.
 */
type Part = { emit: Emit; exact: (value: unknown) => boolean };

/** zod's own encoding of one part, for the parts not compiled here (never `exact`: zod may change the value). */
const viaZod = (schema: z.core.$ZodType): Part => ({
  emit: (value) => {
    const r = z.safeEncode(schema, value);
    if (!r.success) throw MISMATCH;
    return JSON.stringify(r.data);
  },
  exact: () => false,
});

const compiled = new WeakMap<z.core.$ZodType, Part>();

function compile(schema: z.core.$ZodType): Part {
  let part = compiled.get(schema);
  if (!part) {
    // Parts refer to each other only through this map, so a part shared by several schemas compiles once.
    part = compileNew(schema);
    compiled.set(schema, part);
  }
  return part;
}

/** A leaf: `fits` is the whole check, and the value's JSON is JSON.stringify's. */
const leaf = (fits: (v: unknown) => boolean, write: (v: unknown) => string): Part => ({
  emit: (v) => {
    if (!fits(v)) throw MISMATCH;
    return write(v);
  },
  exact: fits,
});

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

function compileNew(schema: z.core.$ZodType): Part {
  const def = schema._zod.def as AnyDef;
  switch (def.type) {
    case 'string':
      if (!plain(def)) break;
      return leaf(
        (v) => typeof v === 'string',
        (v) => JSON.stringify(v),
      );
    case 'number':
      // zod's number takes finite numbers only.
      if (isSafeInt(def)) return leaf((v) => Number.isSafeInteger(v), String);
      if (!plain(def)) break;
      return leaf((v) => typeof v === 'number' && Number.isFinite(v), String);
    case 'boolean':
      if (!plain(def)) break;
      return leaf(
        (v) => typeof v === 'boolean',
        (v) => (v ? 'true' : 'false'),
      );
    case 'null':
      return leaf(
        (v) => v === null,
        () => 'null',
      );
    case 'enum':
    case 'literal': {
      // Widened to unknown members: any value may be asked about, and only the enum's own values are in it.
      const values: ReadonlySet<unknown> | undefined = schema._zod.values;
      if (!values || ![...values].every(isJsonPrimitive)) break;
      return leaf(
        (v) => values.has(v),
        (v) => JSON.stringify(v),
      );
    }
    case 'nullable': {
      const inner = compile(def.innerType!);
      return {
        emit: (v) => (v === null ? 'null' : inner.emit(v)),
        exact: (v) => v === null || inner.exact(v),
      };
    }
    case 'optional': {
      const inner = compile(def.innerType!);
      // zod hands `undefined` to an inner part that itself takes absence, and may get a value back.
      if (def.innerType!._zod.optin === 'optional') return inner;
      // Undefined is left out of an object and written null in a list, by zod's answer and JSON.stringify alike.
      return {
        emit: (v) => (v === undefined ? undefined : inner.emit(v)),
        exact: (v) => v === undefined || inner.exact(v),
      };
    }
    case 'array': {
      if (!plain(def)) break;
      const element = compile(def.element!);
      return {
        emit: (v) => {
          if (!Array.isArray(v)) throw MISMATCH;
          let out = '[';
          for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + (element.emit(v[i]) ?? 'null');
          return out + ']';
        },
        exact: (v) => {
          if (!Array.isArray(v)) return false;
          for (let i = 0; i < v.length; i++) if (!element.exact(v[i])) return false;
          return true;
        },
      };
    }
    case 'object': {
      // Only zod's default (unknown keys stripped); strict and loose objects, and refinements, go to zod.
      if (!plain(def) || def.catchall) break;
      const keys = Object.keys(def.shape!);
      if (keys.includes('__proto__')) break;
      const parts = keys.map((k) => compile(def.shape![k]!));
      // A key zod leaves out of its answer when the value lacks it.
      const omittable = keys.map((k) => {
        const z = def.shape![k]!._zod;
        return z.optin === 'optional' && z.optout === 'optional';
      });
      const indexOf = new Map(keys.map((k, i) => [k, i]));
      const heads = keys.map((k) => `${JSON.stringify(k)}:`);
      return {
        emit: (v) => {
          if (typeof v !== 'object' || v === null || Array.isArray(v)) throw MISMATCH;
          const o = v as Record<string, unknown>;
          let out = '{';
          for (let i = 0; i < keys.length; i++) {
            // A missing key reads undefined: an optional part leaves it out, any other part refuses it.
            const s = parts[i]!.emit(o[keys[i]!]);
            if (s === undefined) continue;
            out += (out.length > 1 ? ',' : '') + heads[i]! + s;
          }
          return out + '}';
        },
        exact: (v) => {
          if (!isPlainObject(v)) return false;
          let next = 0;
          for (const k in v) {
            const value = v[k];
            const i = indexOf.get(k);
            if (i === undefined) {
              // A key the schema lacks: JSON.stringify leaves it out only when it is undefined.
              if (value === undefined) continue;
              return false;
            }
            if (i < next) return false;
            for (; next < i; next++) if (!omittable[next]) return false;
            if (!parts[i]!.exact(value)) return false;
            next = i + 1;
          }
          for (; next < keys.length; next++) if (!omittable[next]) return false;
          return true;
        },
      };
    }
    case 'union': {
      // A plain union answers with its first option that fits, as zod's does.
      if (!plain(def) || def.inclusive === false || def.discriminator !== undefined) break;
      const options = def.options!.map(compile);
      const emitFirst = (v: unknown) => {
        for (const option of options) {
          try {
            return { json: option.emit(v) };
          } catch (e) {
            if (e !== MISMATCH) throw e;
          }
        }
        return null;
      };
      return {
        emit: (v) => {
          const first = emitFirst(v);
          if (!first) throw MISMATCH;
          return first.json;
        },
        exact: (v) => {
          for (const option of options) {
            if (option.exact(v)) return true;
            // An earlier option that fits answers, even if a later one would say the value as it is.
            try {
              option.emit(v);
              return false;
            } catch (e) {
              if (e !== MISMATCH) throw e;
            }
          }
          return false;
        },
      };
    }
  }
  return viaZod(schema);
}

/** fastify-type-provider-zod takes a route's schema as a zod schema or `{properties: zodSchema}`. */
function zodSchemaOf(schema: unknown): z.core.$ZodType | null {
  if (schema instanceof z.core.$ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  return inner instanceof z.core.$ZodType ? inner : null;
}

export const serializerCompiler: typeof zodSerializerCompiler = (route) => {
  const original = zodSerializerCompiler(route);
  if (speedSwitches().serializer === 'stock') return original;
  const schema = zodSchemaOf(route.schema);
  if (!schema) return original;
  const part = compile(schema);
  return (data) => {
    try {
      const json = part.exact(data) ? JSON.stringify(data) : part.emit(data);
      if (json !== undefined) return json;
    } catch {
      // Not a fit (or a value that threw): the original serializer answers, with its own error.
    }
    return original(data);
  };
};
