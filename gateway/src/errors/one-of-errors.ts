import type { FastifySchemaValidationError } from "fastify";

type AjvError = FastifySchemaValidationError;

/** A branch of a `oneOf`, or of an `anyOf` whose branches exclude each other (the search request's). */
const BRANCH = /^(.*\/(?:oneOf|anyOf))\/(\d+)\//;

/**
 * A body that fails a `oneOf` gets Ajv's errors for every alternative plus "must match exactly
 * one schema": for the search request's "new search" or "next page", `{}` would be told both
 * that `origin`, `dest` and `dod` are required and that `cursor` is. A client should hear only
 * about the alternative it meant, so this keeps the errors of one branch per `oneOf`:
 *
 * - a branch is ruled out by a `type` error on a field the others accept as it is (`cursor: "..."`
 *   is not the `null` of a new search, so that body meant the next page);
 * - the branch kept is the first one not ruled out, or the first one (the default case);
 * - a `type` error every branch shares is one problem of the field: its message names every type
 *   the branches allow (`cursor: 5` "must be a string or null"), as a single schema would.
 *
 * Meant for `oneOf`s whose instance is one object (the body, or one property), not one inside an
 * array. Errors outside any `oneOf` pass unchanged; the `oneOf` error itself is dropped. An `anyOf`
 * of branches that exclude each other is a `oneOf` by another name, and is read the same way.
 */
export function errorsOfIntendedBranches(errors: readonly AjvError[]): AjvError[] {
  const branches = new Map<string, Map<number, AjvError[]>>();
  for (const error of errors) {
    const match = BRANCH.exec(error.schemaPath);
    if (!match) continue;
    const [, oneOf = "", index = "0"] = match;
    const byBranch = branches.get(oneOf) ?? new Map<number, AjvError[]>();
    byBranch.set(Number(index), [...(byBranch.get(Number(index)) ?? []), error]);
    branches.set(oneOf, byBranch);
  }
  const kept = new Map<AjvError, AjvError>();
  for (const byBranch of branches.values()) {
    for (const error of intendedBranch(byBranch)) kept.set(error, error.keyword === "type" ? withEveryType(error, byBranch) : error);
  }
  return errors.flatMap((error) => {
    if (BRANCH.test(error.schemaPath)) return kept.has(error) ? [kept.get(error) ?? error] : [];
    return (error.keyword === "oneOf" || error.keyword === "anyOf") && branches.has(error.schemaPath) ? [] : [error];
  });
}

/** The errors of the first branch no type error rules out (its type errors are then shared by all), else of the first. */
function intendedBranch(byBranch: ReadonlyMap<number, readonly AjvError[]>): readonly AjvError[] {
  const indexes = [...byBranch.keys()].sort((a, b) => a - b);
  const typeFailures = new Map(
    indexes.map((index) => [index, new Set((byBranch.get(index) ?? []).filter((e) => e.keyword === "type").map((e) => e.instancePath))]),
  );
  const ruledOut = (index: number) =>
    [...(typeFailures.get(index) ?? [])].some((path) => indexes.some((other) => !typeFailures.get(other)?.has(path)));
  return byBranch.get(indexes.find((index) => !ruledOut(index)) ?? indexes[0] ?? 0) ?? [];
}

/** A type error of the field in every branch, naming every type they allow (null last, as `["string", "null"]` reads). */
function withEveryType(error: AjvError, byBranch: ReadonlyMap<number, readonly AjvError[]>): AjvError {
  const types = new Set<string>();
  for (const errors of byBranch.values()) {
    for (const e of errors) {
      if (e.keyword === "type" && e.instancePath === error.instancePath)
        String(e.params.type)
          .split(",")
          .forEach((t) => types.add(t));
    }
  }
  const ordered = [...types].filter((t) => t !== "null").concat(types.has("null") ? ["null"] : []);
  return { ...error, params: { ...error.params, type: ordered.join(",") } };
}
