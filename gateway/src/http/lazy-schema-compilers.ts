import { AjvCompiler } from "@fastify/ajv-compiler";
import { SerializerSelector } from "@fastify/fast-json-stringify-compiler";
import type { FastifyServerOptions } from "fastify";

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]>;

interface RouteSchema {
  readonly schema: unknown;
  readonly httpPart?: string;
}
type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type CompileValidator = (route: RouteSchema) => Validate;
type Serialize = (data: unknown) => string;

/** Once, on the first call: the compiled function, then the same one. */
function onFirstUse<F>(compile: () => F): () => F {
  let compiled: F | undefined;
  return () => (compiled ??= compile());
}

/**
 * Header names are case-insensitive: a header schema is matched against Node's lower-case names.
 * Fastify lowers its names itself, but not for a validator compiler given to it (it cannot know
 * what such a compiler reads), so this one does, as Fastify does for the schemas we write
 * (`properties` and `required` of an object schema).
 */
function lowerCaseHeaders(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  const { properties, required, ...rest } = schema as { properties?: Record<string, unknown>; required?: unknown };
  return {
    ...rest,
    ...(properties !== undefined && {
      properties: Object.fromEntries(Object.entries(properties).map(([name, value]) => [name.toLowerCase(), value])),
    }),
    ...(Array.isArray(required) && {
      required: (required as unknown[]).map((name) => (typeof name === "string" ? name.toLowerCase() : name)),
    }),
  };
}

const ajvCompilers = AjvCompiler();
const serializerCompilers = SerializerSelector();

/**
 * Fastify's own compilers (Ajv for requests, fast-json-stringify for responses, same options, same
 * shared schemas), each route's schema compiled on its first request rather than all of them while
 * the app starts: compiling every schema of every route was about 40% of the one-process stack's
 * start (issue 17), and a process serves a few of them at once. A schema that cannot compile
 * fails its route's first request instead of the start; every route's tests reach it.
 */
export const lazySchemaCompilers: CompilersFactory = {
  buildValidator: ((externalSchemas: never, options: never) => {
    const compile = (ajvCompilers as unknown as (e: never, o: never) => CompileValidator)(externalSchemas, options);
    return (route: RouteSchema): Validate => {
      const schema = route.httpPart === "headers" ? lowerCaseHeaders(route.schema) : route.schema;
      const validator = onFirstUse(() => compile({ ...route, schema }));
      // Fastify reads a failed validation's problems from the function's `errors`, as Ajv leaves them.
      const validate: Validate = (data) => {
        const compiled = validator();
        const valid = compiled(data);
        validate.errors = compiled.errors;
        return valid;
      };
      return validate;
    };
  }) as CompilersFactory["buildValidator"],
  buildSerializer: (externalSchemas, options) => {
    const compile = serializerCompilers(externalSchemas, options);
    return (route) => {
      const serializer = onFirstUse(() => compile(route));
      return (data: unknown) => (serializer() as Serialize)(data);
    };
  },
};
